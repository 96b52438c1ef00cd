import { expect, test, type Page } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { BasketPage } from '../pages/basket';
import { PaymentPage } from '../pages/payment';
import {
  AppliedCodes,
  keepScreenshot,
  OrderSummary,
  pounds,
  seriousViolations,
  StepLook,
  type SummaryRow,
} from '../pages/summary';
import { addTicket, apiPost } from '../support/basket';
import { seed } from '../support/seed';

const { ticket, giftVoucher } = seed.ids;

/**
 * Edit basket from the order summary, on a phone (through the 'Your basket' bar), from the login step and from the
 * payment step: the warning and "Yes, I'm sure" bring the buyer back to the basket with its lines, codes and choices
 * as they were, the summary unchanged; Reserve Basket then works again.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

/** The basket as it was: both lines with their quantities, both codes with their savings, the same rows and Total. */
async function expectBasketAsBefore(page: Page, rows: SummaryRow[], total: number): Promise<void> {
  const basket = new BasketPage(page);
  const codes = new AppliedCodes(page);
  await expect(basket.heading).toBeVisible();
  await basket.waitForUpdates();
  await expect(basket.line('Stalls seat')).toContainText('× 2');
  await expect(basket.quantity('Folk Collective gift voucher')).toHaveValue('1');
  await codes.expectShown('FOLK5', '£5.00');
  await codes.expectShown(
    'GIFT-DEMO-50',
    pounds(-(rows.find((r) => r.label === 'Gift voucher GIFT-DEMO-50')?.pence ?? 0)),
  );
  await expect(basket.refundProtectionYes).toBeChecked();
  const summary = new OrderSummary(page);
  const now = await summary.expectAddsUp();
  expect(now.rows).toEqual(rows);
  expect(now.total).toBe(total);
  await summary.close();
  // Reserving is the buyer's to do again: nothing is held until then, and no countdown runs.
  await expect(basket.countdown).toHaveCount(0);
}

test('Edit basket from the login step and from the payment step keeps lines and codes; Reserve again works', async ({
  page,
  context,
}, testInfo) => {
  await addTicket(context, ticket.folkStalls, 2);
  await apiPost(context, context.request, '/ajax/checkout/checkout/add_to_basket/', {
    gift_voucher_id: giftVoucher.folk,
    qty: 1,
    value: 10,
  });
  const basket = new BasketPage(page);
  const account = new AccountPage(page, context);
  const pay = new PaymentPage(page, context);
  const codes = new AppliedCodes(page);
  const steps = new StepLook(page, testInfo, 'edit-');
  const summary = steps.summary;

  await basket.open();
  await basket.refundProtectionYes.check();
  await basket.waitForUpdates();
  await codes.apply('FOLK5');
  await codes.apply('GIFT-DEMO-50');
  await basket.waitForUpdates();
  const total = await steps.look('basket', basket.reserveButton);
  const rows = steps.rows;
  expect(rows.map((r) => r.label)).toEqual(
    expect.arrayContaining(['Discount code FOLK5', 'Gift voucher GIFT-DEMO-50', 'Refund protection', 'Delivery']),
  );

  // ---- From the login step: 'No, cancel' keeps the reservation; "Yes, I'm sure" goes back to the basket ------------
  await basket.reserveButton.click();
  await expect(account.accountHeading).toBeVisible({ timeout: 15_000 });
  await summary.open();
  await summary.editBasket.click();
  await expect(summary.dialog).toContainText('By editing your basket, you could lose your reserved tickets.');
  await keepScreenshot(page, testInfo, 'edit-login-modal', 'screen');
  expect(await seriousViolations(page)).toEqual([]);
  await summary.dialog.getByRole('button', { name: 'No, cancel' }).click();
  await expect(summary.dialog).toHaveCount(0);
  await expect(account.accountHeading).toBeVisible();
  expect((await account.serverCheckout()).state).toBe('login');

  await summary.editAndConfirm();
  await expectBasketAsBefore(page, rows, total);
  await basket.reserveButton.click();
  await expect(account.accountHeading).toBeVisible({ timeout: 15_000 });
  await expect(basket.countdown).toBeVisible();

  // ---- On to payment (the voucher is posted: who it is from and for), then Edit basket from there -----------------
  await account.signInAsGuest(guestEmail('edit-basket'), 'Eddie Editor');
  await account.keepPreferences();
  await expect(account.deliveryHeading).toBeVisible({ timeout: 15_000 });
  await account.field('Find an address by postcode or street').fill('BN2 1TL');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Use this address: 14 Marine Parade, Brighton, BN2 1TL' }).click();
  await account.field('First name').fill('Eddie');
  await account.field('Last name').fill('Editor');
  await account.field('Who is it from?').fill('Eddie');
  await account.field('Who is it for?').fill('Jo');
  await account.continueButton.click();
  await expect(pay.heading).toBeVisible({ timeout: 15_000 });
  await steps.look('payment', pay.payButton, total);
  await expect(pay.payButton).toHaveText(`Pay ${pounds(total)}`);

  // The guest proved the email in this browser: the dialog says that is kept.
  await summary.open();
  await summary.editBasket.click();
  await expect(summary.dialog).toContainText(
    'Your confirmed email address and name are kept, so you will not need a new code.',
  );
  await summary.dialog.getByRole('button', { name: 'No, cancel' }).click();
  await summary.editAndConfirm();
  await expectBasketAsBefore(page, rows, total);
  expect((await account.serverCheckout()).state).toBe('basket');

  // Reserve again: held again, on to the account step, which carries on at the name, kept: no new code.
  await basket.reserveButton.click();
  await expect(account.accountHeading).toBeVisible({ timeout: 15_000 });
  await expect(basket.countdown).toBeVisible();
  await expect(account.fullName).toHaveValue('Eddie Editor');
  await expect(account.email).toHaveCount(0);
  const again = await account.serverCheckout();
  expect(again.state).toBe('login');
  expect(Math.round(Number(again.basket_total) * 100)).toBe(total);
  expect((await summary.expectAddsUp()).total).toBe(total);
  await summary.close();
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeVisible();
});
