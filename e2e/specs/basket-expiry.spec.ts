import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const EXPIRED = 'Your checkout time expired. If the tickets are still available, you can try to reserve them again.';

// The page's clock is Playwright's: the countdown (1 s ticks) is run past the 15-minute hold in a moment.
test('an expired reservation returns to the basket with the expiry message', async ({ page, context }) => {
  await addTicket(context, seed.standardTicket.id, 1);
  await page.clock.install();
  const basket = new BasketPage(page);
  await basket.open();
  await basket.reserveButton.click();
  await expect(basket.countdown).toBeVisible();

  await page.clock.runFor('16:00');

  await expect(basket.heading).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(basket.countdown).toHaveCount(0);
  await expect(basket.line(seed.standardTicket.name)).toBeVisible();
  // The buyer can try again.
  await expect(basket.reserveButton).toBeEnabled();
});
