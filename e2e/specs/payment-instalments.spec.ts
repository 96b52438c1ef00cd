import { formatDateShort } from '@checkout/shared';
import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Summer Fields Festival is months ahead, in GBP, from a stripe-type organiser: payment plans are offered. Its basket
// asks for a contact number, which is then the plan's one phone number (the panel asks for no second one).
test('instalments with a new card: one phone number, checked like the card’s; the first payment, delivery with the payment-plan wording, and the wallet tile and wallet say the tickets come after the last instalment', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.summerWeekend }], 'instalments');
  await pay.contactNumber.fill('12ab');
  await pay.instalmentsButton.click();
  const months = page.getByRole('combobox', { name: 'Number of months' });
  await expect(months).toBeVisible();
  await expect(page.getByText('Covers the initial payment, any tickets paid in full and any fees')).toBeVisible();
  await expect(pay.field('Please enter a mobile number *')).toHaveCount(0);
  await expect(
    page.getByText('We will send an SMS reminder before each payment to the contact number above.'),
  ).toBeVisible();
  expect(await pay.account.seriousViolations()).toEqual([]);
  await expect(page.getByRole('radio', { name: 'New payment card' })).toBeChecked();
  await pay.field('Card number').fill('4242 4242 4242 4242');
  await pay.typeExpiry('Expiry date (MM/YY)');
  await pay.field('Security code (CVC)').fill('123');

  // '12ab' is no phone number: the contact number's own sentence, focused, and the card typed stays; no plan starts.
  const pay12ab = page.getByRole('button', { name: /^Pay £/ });
  await pay12ab.click();
  await expect(pay.contactNumber).toHaveAccessibleDescription('Type a valid phone number');
  await expect(pay.contactNumber).toBeFocused();
  await expect(pay.field('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByText('There was an error with your payment')).toHaveCount(0);
  await screenshots(page, testInfo, 'instalments-bad-number');

  await pay.contactNumber.fill('07700 900123');
  await pay12ab.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'First payment complete' })).toBeVisible({
    timeout: 15_000,
  });
  await pay.expectDelivered();

  // The organiser's message, then the order-completed page: its wallet tile says when the tickets come (after the last
  // instalment, on the schedule's date), not that QR codes are ready now; the wallet says the same and shows no ticket.
  const checkout = await pay.account.serverCheckout();
  const lastDue = formatDateShort(String(checkout.payment_plan_last_due));
  expect(lastDue).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}$/);
  expect(checkout.payment_plan_last_due_text).toBe(lastDue);
  const arrive = `Your tickets and their QR codes will be in your wallet once the last instalment, due ${lastDue}, is paid.`;
  if (checkout.state === 'after_sale_messages') await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Complete - Payment Schedule Setup' })).toBeVisible({
    timeout: 15_000,
  });
  const walletTile = page
    .getByRole('list', { name: 'What next' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name: 'Go to your ticket wallet' }),
    });
  await expect(walletTile).toContainText(arrive);
  await expect(page.getByText('Your tickets and their QR codes, ready for the door.')).toHaveCount(0);
  expect(await pay.account.seriousViolations()).toEqual([]);
  await screenshots(page, testInfo, 'instalments-order-completed');

  await walletTile.getByRole('link', { name: 'Go to your ticket wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  const plans = page.getByRole('list', { name: 'Tickets on a payment plan' }).getByRole('listitem');
  await expect(plans).toHaveCount(1);
  await expect(plans.getByRole('heading', { name: 'Summer Fields Festival' })).toBeVisible();
  await expect(plans.getByText(arrive)).toBeVisible();
  await expect(plans.getByText(/^1 of \d+ instalments paid · Order /)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tickets', exact: true })).toHaveCount(0);
  await expect(page.getByText('There are no tickets in your wallet yet.')).toHaveCount(0);
  expect(await pay.account.seriousViolations()).toEqual([]);
  await screenshots(page, testInfo, 'instalments-wallet');
});
