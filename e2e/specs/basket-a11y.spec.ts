import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/** Serious and critical axe violations on the page as it is now, one line each (empty when there are none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until `target` has focus: the keyboard is the only way there. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('accessibility', () => {
  test('the basket has no serious or critical axe violation, wide and narrow', async ({ page, context }) => {
    // A basket with most of what the step can show: a companion ticket missing, two time slots, refund protection,
    // the code box, and more events from both organisers.
    await addTicket(context, ticket.galaChild, 1);
    await addTicket(context, ticket.aquariumEarly, 1);
    await addTicket(context, ticket.aquariumLate, 1);
    const basket = new BasketPage(page);
    await basket.open();
    await expect(
      page.getByText('You must also purchase the following tickets to continue the checkout.'),
    ).toBeVisible();
    await expect(basket.refundProtection).toBeVisible();
    await expect(basket.codeBox.getByRole('textbox', { name: 'Code' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(basket.codeToggle).toHaveAttribute('aria-expanded', 'false');
    expect(await seriousViolations(page)).toEqual([]);

    // A phone set to dark gets the dark theme with nobody signed in, from the first paint, and it passes too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 22, 28)');
    await expect(basket.codeToggle).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('basket-dark-375.png'), fullPage: true });
  });

  test('the captcha step has no serious or critical axe violation', async ({ page, context }) => {
    await addTicket(context, ticket.europaDay, 1);
    const basket = new BasketPage(page);
    await basket.open();
    await basket.reserveButton.click();
    await expect(basket.captchaPrompt).toBeVisible();
    await expect(basket.checkoutHeading).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await basket.humanCheckbox.click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the reserve step has no serious or critical axe violation', async ({ page, context }) => {
    await addTicket(context, seed.standardTicket.id, 1);
    const basket = new BasketPage(page);
    await basket.open();
    // Hold the reservation answer while the step is checked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/ajax/checkout/checkout/reserve_tickets/', async (route) => {
      await held;
      await route.continue();
    });
    await basket.reserveButton.click();
    await expect(basket.reserving).toBeVisible();
    await expect(basket.checkoutHeading).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await expect(basket.countdown).toBeVisible();
  });

  test('the basket can be completed with the keyboard alone', async ({ page, context }) => {
    await addTicket(context, seed.standardTicket.id, 1);
    const basket = new BasketPage(page);
    await basket.open();
    const name = seed.standardTicket.name;

    await tabTo(page, basket.quantity(name));
    await page.keyboard.press('ArrowUp');
    await expect(basket.quantity(name)).toHaveValue('2');

    // A radio group takes one Tab; the arrows choose.
    await tabTo(page, basket.refundProtectionNo);
    await page.keyboard.press('ArrowUp');
    await expect(basket.refundProtectionYes).toBeChecked();

    await tabTo(page, basket.codeBox.getByRole('textbox', { name: 'Code' }));
    await page.keyboard.type('SAVE10');
    await page.keyboard.press('Enter');
    await expect(basket.codeBox.getByRole('status')).toHaveText('Code applied');

    await basket.waitForUpdates();
    await tabTo(page, basket.reserveButton);
    await page.keyboard.press('Enter');
    await expect(basket.countdown).toBeVisible();
  });
});
