import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Summer Fields Festival is months ahead, in GBP, from a stripe-type organiser: payment plans are offered.
test('instalments with a new card: the first payment, then delivery with the payment-plan wording', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.summerWeekend }], 'instalments');
  await pay.contactNumber.fill('07700 900123');
  await pay.instalmentsButton.click();
  const months = page.getByRole('combobox', { name: 'Number of months' });
  await expect(months).toBeVisible();
  await expect(page.getByText('Covers the initial payment, any tickets paid in full and any fees')).toBeVisible();
  expect(await pay.account.seriousViolations()).toEqual([]);
  await pay.field('Please enter a mobile number *').fill('07700 900123');
  await expect(page.getByRole('radio', { name: 'New payment card' })).toBeChecked();
  await pay.field('Card number').fill('4242 4242 4242 4242');
  await pay.typeExpiry('Expiry date (MM/YY)');
  await pay.field('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'First payment complete' })).toBeVisible({
    timeout: 15_000,
  });
  await pay.expectDelivered();
});
