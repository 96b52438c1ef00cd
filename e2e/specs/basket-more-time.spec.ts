import { expect, type Locator, type Page, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

// The seeded Aquarium Late Nights lets a buyer add 5 minutes once (its organiser's hold_extension_minutes).
const FIVE_MINUTES_LEFT = 'You have 5 minutes left to complete your checkout.';
const ONE_MINUTE_LEFT = 'You have 1 minute left to complete your checkout.';

/** The countdown's time as the visible form shows it, in seconds: words on desktop ('4 minutes 30 seconds'), a clock on a phone. */
async function secondsShown(countdown: Locator): Promise<number> {
  const clock = countdown.locator('time');
  if (await clock.isVisible()) {
    const iso = (await clock.getAttribute('datetime')) ?? '';
    return Number(/^PT(\d+)S$/.exec(iso)?.[1] ?? NaN);
  }
  const words = (await countdown.textContent()) ?? '';
  const minutes = Number(/(\d+) minutes?/.exec(words)?.[1] ?? 0);
  const seconds = Number(/(\d+) seconds?/.exec(words)?.[1] ?? 0);
  return minutes * 60 + seconds;
}

const notifications = (page: Page) => page.getByRole('log', { name: 'Notifications' });

for (const [size, width, height] of [
  ['phone', 375, 812],
  ['desktop', 1280, 900],
] as const) {
  test(`Need more time? is offered once with the five-minute warning and moves the countdown up (${size})`, async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await addTicket(context, seed.standardTicket.id, 1);
    // The page's clock is Playwright's: the countdown (1 s ticks) is run to its warnings in a moment; the server's
    // clock is real, so the reservation itself stays live all along.
    await page.clock.install();
    const basket = new BasketPage(page);
    await basket.open();
    // The countdown takes the server's time once the step after reserving is reached: the clock runs after that.
    const onAccountStep = page.waitForResponse(
      (response) =>
        response.url().includes('/update_basket_state/') &&
        (response.request().postData() ?? '').includes('state=login'),
    );
    await basket.reserveButton.click();
    await onAccountStep;
    const countdown = page.getByRole('timer');
    await expect(basket.countdown).toBeVisible();

    await page.clock.runFor((await secondsShown(countdown)) * 1000 - 290_000);
    const warning = notifications(page).locator('.notice').filter({ hasText: FIVE_MINUTES_LEFT });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Need more time?');
    const more = warning.getByRole('button', { name: 'Add 5 minutes' });
    await expect(more).toBeVisible();
    const before = await secondsShown(countdown);
    expect(before).toBeLessThanOrEqual(300);
    await page.screenshot({ path: testInfo.outputPath(`more-time-offer-${size}.png`), fullPage: false });

    await more.click();
    // The announcement of the new time replaces the warning, and the offer is gone.
    await expect(notifications(page)).toContainText(/We've added 5 minutes\. You now have \d+ minutes left/);
    await expect(page.getByRole('button', { name: 'Add 5 minutes' })).toHaveCount(0);
    await expect(page.getByText('Need more time?')).toHaveCount(0);
    // The server's new time: the 15 minutes of the hold less the real seconds gone, plus 5.
    await expect.poll(() => secondsShown(countdown)).toBeGreaterThan(before + 5 * 60);
    await page.screenshot({ path: testInfo.outputPath(`more-time-added-${size}.png`), fullPage: false });

    // The one-minute warning comes, without the offer: it was this reservation's one.
    const after = await secondsShown(countdown);
    await page.clock.runFor((after - 50) * 1000);
    await expect(notifications(page).getByRole('alert').filter({ hasText: ONE_MINUTE_LEFT })).toBeVisible();
    await expect(page.getByText('Need more time?')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add \d+ minutes?$/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`more-time-one-minute-${size}.png`), fullPage: false });
  });
}
