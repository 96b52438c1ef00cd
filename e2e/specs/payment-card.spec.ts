import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Festival Europa is a stripe-type EUR organiser: card only, auto-selected, the sandbox card form.
test('a sandbox card that succeeds: delivered, then the next state', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-ok');
  await expect(pay.bankButton).toHaveCount(0);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  expect(await pay.account.seriousViolations()).toEqual([]);
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});

test('a declined card: the message in the error box, the form again, and a second card pays', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  // On a phone, where the error box is above the form the buyer pressed Pay in.
  await page.setViewportSize({ width: 375, height: 812 });
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-decline');
  await pay.fillCard('4000 0000 0000 0002');
  await pay.payButton.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  // The error is where the buyer is looking: in view, and focus is on it (not left on the body).
  await expect(declined).toBeInViewport();
  await expect(page.locator('.payment__error')).toBeFocused();
  await expect(pay.heading).toHaveText('Payment');
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});

test('3-D Secure: Complete authentication returns to the checkout and delivers', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-3ds');
  await pay.fillCard('4000 0027 6000 3184');
  await pay.payButton.click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds/);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await pay.expectDelivered();
});

test('3-D Secure failed: back on payment with the payment error', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-3ds-fail');
  await pay.fillCard('4000 0027 6000 3184');
  await pay.payButton.click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(pay.heading).toHaveText('Payment');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment was not completed' })).toBeVisible();
  // The billing postcode is kept; the card's own fields are typed again.
  await expect(pay.field('Billing postcode')).toHaveValue('BS1 4QA');
  await expect(pay.field('Card number')).toHaveValue('');
  await expect(pay.field('Security code (CVC)')).toHaveValue('');
  // Back does not reach the answered 3-D Secure page: the payment step stays, and says why.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByText('Your bank has already answered, so there is no going back to its page.')).toBeVisible();
  await expect(pay.heading).toHaveText('Payment');
});

test('keyboard alone completes a card payment', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'card-keyboard');
  await pay.account.tabTo(pay.field('Billing postcode'));
  await page.keyboard.type('BS1 4QA');
  await page.keyboard.press('Tab');
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await pay.expectDelivered();
});
