import { expect, test, type Page } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/** The square-type sandbox widget draws its own labelled card fields inside Secure Payment. */
async function fillSquareCard(page: Page, number: string) {
  const secure = page.getByRole('group', { name: 'Secure Payment' });
  await secure.getByLabel('Card number').fill(number);
  await secure.getByLabel('Expiry (MM/YY)').fill('12/34');
  await secure.getByLabel('CVC').fill('123');
  await secure.getByLabel('Postcode').fill('10001');
}

// Brooklyn Jazz Nights is a square-type USD organiser: no bank transfer, so the card is the only method and is chosen.
test('square-type card (USD): Billing address and Secure Payment, the sandbox card pays, tickets delivered', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.jazzBar }], 'square-usd');
  await expect(pay.bankButton).toHaveCount(0);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Secure Payment' }).getByLabel('Card number')).toBeVisible();
  expect(await pay.account.seriousViolations()).toEqual([]);
  // A billing address the server cannot check is refused before any charge, shown on the postcode; corrected, it pays.
  // (The billing address has no country choice yet: the server reads an unstated country as the UK.)
  await pay.field('Billing postcode').fill('10001');
  await fillSquareCard(page, '4242 4242 4242 4242');
  await pay.payButton.click();
  await expect(pay.field('Billing postcode')).toHaveAccessibleDescription('We were unable to find your address. Please try a different address');
  await pay.field('Billing postcode').fill('BS1 4QA');
  await pay.payButton.click();
  await pay.expectDelivered();
});

// Aurora Sessions (Lumen Live) is square-type in GBP: bank transfer and card are offered, the buyer picks the card.
test('square-type card (GBP): a declined card is reset with its message, a second card pays', async ({ page, context }) => {
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
