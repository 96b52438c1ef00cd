import { expect, test } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { PaymentPage } from '../pages/payment';
import { keepScreenshot, OrderSummary } from '../pages/summary';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/**
 * Two tabs of one checkout. Tab A stops on Keep updated; tab B, opened then, goes on through Keep updated and the
 * Delivery Address to Payment. Tab A's Continue still names the step it leaves: the server refuses it as stale (409),
 * and tab A shows where the sale is — Payment — instead of moving the sale back to the Delivery Address.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('a stale tab that presses Continue ends on the step the sale is on, and the sale is not moved back', async ({
  page,
  context,
}, testInfo) => {
  const a = new AccountPage(page, context);
  await a.reserve([{ ticketId: ticket.folkStalls }]);
  await a.signInAsGuest(guestEmail('stale-tab'), 'Sam Stale');
  await expect(a.keepUpdatedHeading).toBeVisible({ timeout: 15_000 });

  const tabB = await context.newPage();
  const b = new AccountPage(tabB, context);
  await tabB.goto('/checkout/');
  await expect(b.keepUpdatedHeading).toBeVisible({ timeout: 15_000 });
  await b.continueButton.click();
  await expect(b.deliveryHeading).toBeVisible({ timeout: 15_000 });
  await b.field('Find an address by postcode or street').fill('BN2 1TL');
  await tabB.getByRole('button', { name: 'Find' }).click();
  await tabB.getByRole('button', { name: 'Use this address: 14 Marine Parade, Brighton, BN2 1TL' }).click();
  await b.field('First name').fill('Sam');
  await b.field('Last name').fill('Stale');
  await b.continueButton.click();
  await expect(new PaymentPage(tabB, context).heading).toBeVisible({ timeout: 15_000 });
  expect((await a.serverCheckout()).state).toBe('payment');

  // Tab A, still on Keep updated, presses its Continue.
  await page.bringToFront();
  await expect(a.keepUpdatedHeading).toBeVisible();
  const refused = page.waitForResponse(
    (r) => r.url().includes('/update_basket_state/') && r.request().method() === 'POST',
  );
  await a.continueButton.click();
  const response = await refused;
  expect(response.status()).toBe(409);
  expect(JSON.stringify(await response.json())).toContain('stale');

  // It shows where the sale is, with the order summary of that sale; the sale stays on Payment.
  const pay = new PaymentPage(page, context);
  await expect(pay.heading).toHaveText('Payment', { timeout: 15_000 });
  await expect(a.deliveryHeading).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toHaveText(
    /Payment$/,
  );
  await new OrderSummary(page).expectAddsUp();
  await keepScreenshot(page, testInfo, 'stale-tab-a-after-continue', 'page');
  await page.waitForTimeout(500);
  expect((await a.serverCheckout()).state).toBe('payment');
  await tabB.close();
});

test('a Payment tab whose basket another tab edited: Pay takes nothing and the tab goes to the basket, saying why', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'stale-pay');
  await pay.fillCard('4242 4242 4242 4242');

  const tabB = await context.newPage();
  await tabB.goto('/checkout/');
  await expect(new PaymentPage(tabB, context).heading).toHaveText('Payment', { timeout: 15_000 });
  await new OrderSummary(tabB).editAndConfirm();
  await tabB.close();

  // Tab A still shows Payment until it hears from the server: Pay (or the tab being shown again) finds no reservation.
  const basketHeading = page.getByRole('heading', { level: 1, name: 'Basket' });
  await expect(basketHeading.or(pay.payButton)).toBeVisible();
  if (await pay.payButton.isVisible()) await pay.payButton.click();
  await expect(basketHeading).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText(
      'Your basket was changed in another tab or window, so your tickets are no longer reserved and nothing has been paid. Check your basket and reserve it again.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Unable to get Square credentials')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'stale-pay-tab-a', 'screen');
  const checkout = await pay.account.serverCheckout();
  expect({ state: checkout.state, paid: checkout.payment_complete }).toEqual({ state: 'basket', paid: false });
});
