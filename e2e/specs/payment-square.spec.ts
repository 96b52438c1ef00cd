import { expect, test } from '@playwright/test';
import { fillSquareCard, PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Brooklyn Jazz Nights is a square-type USD organiser: no bank transfer, so the card is the only method and is chosen.
test('square-type card (USD): Billing address and Secure Payment, the sandbox card pays, tickets delivered', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.jazzBar }], 'square-usd');
  await expect(pay.bankButton).toHaveCount(0);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Secure Payment' }).getByLabel('Card number')).toBeVisible();
  expect(await pay.account.seriousViolations()).toEqual([]);
  // A postcode that does not suit the billing country (the United States, chosen first for a basket in dollars) is
  // marked before anything is sent; corrected, it pays. (The country's choice and rule: payment-us-zip.spec.ts.)
  await expect(
    page.getByRole('group', { name: 'Billing address' }).getByRole('combobox', { name: 'Country' }),
  ).toHaveValue('2');
  await pay.field('Billing postcode').fill('BS1 4QA');
  await fillSquareCard(page, '4242 4242 4242 4242');
  await pay.payButton.click();
  await expect(pay.field('Billing postcode')).toHaveAccessibleDescription(
    'Type a ZIP code of 5 or 9 digits, like 10001 or 10001-1234',
  );
  await pay.field('Billing postcode').fill('10001');
  await pay.payButton.click();
  await pay.expectDelivered();
});

// Aurora Sessions (Lumen Live) is square-type in GBP: bank transfer and card are offered, the buyer picks the card.
test('square-type card (GBP): a declined card is reset with its message, a second card pays', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.livestreamStanding }], 'square-gbp');
  await expect(pay.bankButton).toBeVisible();
  await pay.cardButton.click();
  await pay.field('Billing postcode').fill('BS1 4QA');
  await fillSquareCard(page, '4000 0000 0000 0002');
  await pay.payButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await pay.cardButton.click();
  await pay.field('Billing postcode').fill('BS1 4QA');
  await fillSquareCard(page, '4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});
