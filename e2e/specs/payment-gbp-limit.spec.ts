import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// The card method is hidden for GBP baskets of 2000 or more. Eight £250 booths at Aurora Sessions (a
// square-type GBP organiser) come to £2,080: bank transfer is the only method, chosen for the buyer.
test('a GBP basket of 2000 or more: no Credit or Debit Card choice, bank transfer chosen', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.livestreamBooth, quantity: 8 }], 'gbp-2000');
  await expect(pay.bankButton).toHaveAttribute('aria-pressed', 'true');
  await expect(pay.cardButton).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Credit or Debit Card' })).toHaveCount(0);
  const checkout = await pay.account.serverCheckout();
  expect(checkout.basket_total).toBeGreaterThanOrEqual(2000);
  expect(checkout.currency).toMatchObject({ code: 'GBP' });
});
