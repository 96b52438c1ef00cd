import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Summer Fields Festival is months ahead, in GBP, from a stripe-type organiser: payment plans are offered. Its basket
// asks for a contact number, which is then the plan's one phone number (the panel asks for no second one).
test('instalments with a new card: one phone number, checked like the card’s; the first payment, then delivery with the payment-plan wording', async ({
  page,
  context,
}, testInfo) => {
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
});
