import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { BasketPage } from '../pages/basket';
import { PaymentPage } from '../pages/payment';
import { apiPost } from '../support/basket';
import { seed } from '../support/seed';
import { screenshots } from '../support/screenshots';

/**
 * Money integrity with two tabs of one checkout (docs/domain-rules.md, 'A payment pays for exactly the basket it
 * settles, once'): the buyer reaches Payment in one tab with one ticket, then in a second tab of the same browser sets
 * three and reserves again. Whatever the first tab had done, its next Pay charges the new total, the buyer reads the
 * product's sentence and sees that total before paying it, and the server ends with a sale paid for three tickets.
 *
 * Summer Fields Festival's Saturday day ticket: GBP, a stripe-type organiser (the sandbox card form), stock to spare
 * (the on-sale ticket type has one ticket on this stack). Its event asks for a contact number and offers a payment plan,
 * so the card is chosen by the buyer.
 */
const TICKET = seed.ids.ticket.summerDay;
const ONE = 99 + 5;
const THREE = 3 * ONE;
const money = (amount: number) => formatMoney(amount, '£');

test.describe.configure({ timeout: 120_000 });

const payButton = (page: Page): Locator => page.getByRole('button', { name: /^Pay £/ });

/** One ticket reserved by a new guest, on Payment with the card chosen and filled in. */
async function toCardForm(pay: PaymentPage, label: string, card: string): Promise<void> {
  await pay.reachPayment([{ ticketId: TICKET }], label);
  await pay.contactNumber.fill('07700 900123');
  await chooseCard(pay, card);
  await expect(payButton(pay.page)).toHaveText(`Pay ${money(ONE)}`);
}

async function chooseCard(pay: PaymentPage, card: string): Promise<void> {
  await pay.cardButton.click();
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  await pay.fillCard(card);
}

/**
 * The same buyer in a second tab of the same browser: it opens on the step the checkout is on, sets 3 tickets with the
 * basket's own call (a changed line gives the reservation back, so the checkout is on the basket again) and presses
 * Reserve Basket there. Answers the server's checkout afterwards.
 */
async function threeTicketsInSecondTab(context: BrowserContext, pay: PaymentPage): Promise<Record<string, unknown>> {
  const tab = await context.newPage();
  await tab.goto('/checkout/');
  await expect(tab.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible({ timeout: 15_000 });
  await apiPost(context, tab.request, '/ajax/checkout/checkout/update_ticket_quantity/', {
    ticket_id: TICKET,
    quantity: 3,
  });
  await tab.reload();
  const reserve = tab.getByRole('button', { name: 'Reserve Basket' });
  await expect(reserve).toBeEnabled({ timeout: 15_000 });
  await expect.poll(() => new BasketPage(tab).total()).toBe(money(THREE));
  await reserve.click();
  await expect(tab.getByText('Tickets reserved for')).toBeVisible({ timeout: 15_000 });
  await tab.close();
  const checkout = await pay.account.serverCheckout();
  expect(checkout.basket_total).toBe(THREE);
  expect(checkout.seconds_remaining).toBeGreaterThan(0);
  return checkout;
}

/** What the buyer reads after the refusal: the product's sentence, and the new total in the order summary. */
async function expectRefusedWithNewTotal(page: Page, sentence: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => new BasketPage(page).total()).toBe(money(THREE));
  await expect(new BasketPage(page).orderSummary.getByText('3 ×')).toBeVisible();
  await expect(payButton(page)).toHaveCount(0);
}

/** The payment step as the buyer sees it now, at phone and desktop width, kept with the test's results. */
/** The sale is paid for three tickets at the new total, and the buyer's wallet holds the three. */
async function expectPaidForThree(pay: PaymentPage): Promise<void> {
  await pay.expectDelivered();
  const checkout = await pay.account.serverCheckout();
  expect(checkout.payment_complete).toBe(true);
  expect(checkout.basket_total).toBe(THREE);
  expect((checkout.tickets as { ticket_id: number; qty: number }[]).map((line) => [line.ticket_id, line.qty])).toEqual([
    [TICKET, 3],
  ]);
  const page = pay.page;
  await page.goto('/account/wallet/');
  const tickets = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
  await expect(tickets).toHaveCount(3);
  await expect(tickets.filter({ hasText: String(checkout.sale_reference) })).toHaveCount(3);
  await expect(tickets.filter({ hasText: 'Saturday day ticket' })).toHaveCount(3);
}

test('another tab sets 3 tickets before Pay: the first tab is stopped, shown the new total, and charged it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await toCardForm(pay, 'two-tabs-before-pay', '4000 0027 6000 3184');

  await threeTicketsInSecondTab(context, pay);

  // Nothing tells a tab that stays on screen: it still offers the old total, and Pay does not charge it.
  await page.bringToFront();
  await expect(payButton(page)).toHaveText(`Pay ${money(ONE)}`);
  await payButton(page).click();
  await expectRefusedWithNewTotal(page, messages.paymentCancelledBasketChanged);
  expect((await pay.account.serverCheckout()).payment_complete).toBe(false);
  await screenshots(page, testInfo, 'payment-after-basket-changed');

  // The card again: the button says the new total, and the card's bank is asked for exactly that (3-D Secure card).
  await chooseCard(pay, '4000 0027 6000 3184');
  await expect(payButton(page)).toHaveText(`Pay ${money(THREE)}`);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds/);
  await expect(page.getByRole('definition').filter({ hasText: /^£/ })).toHaveText(money(THREE));
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expectPaidForThree(pay);
});

test('the first tab had fetched its card payment (a declined card) before the other tab changed the basket: its next Pay charges the new total', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await toCardForm(pay, 'two-tabs-after-decline', '4000 0000 0000 0002');
  // A card payment for one ticket exists now (declined, still open for another card).
  await payButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

  await threeTicketsInSecondTab(context, pay);

  await page.bringToFront();
  await chooseCard(pay, '4242 4242 4242 4242');
  await payButton(page).click();
  await expectRefusedWithNewTotal(page, messages.paymentCancelledBasketChanged);
  await screenshots(page, testInfo, 'payment-after-decline-and-basket-changed');

  await chooseCard(pay, '4242 4242 4242 4242');
  await expect(payButton(page)).toHaveText(`Pay ${money(THREE)}`);
  await payButton(page).click();
  await expectPaidForThree(pay);
});

test('the other tab changes the basket while the card is being confirmed: the provider refuses with the product sentence, the next Pay charges the new total', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await toCardForm(pay, 'two-tabs-during-confirm', '4242 4242 4242 4242');

  // Hold the card's confirmation at the sandbox until the other tab has changed the basket: the payment fetched for one
  // ticket is then cancelled, and the provider refuses to take it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const confirming = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/sandbox/stripe/confirm', async (route) => {
    arrived();
    await held;
    await route.continue();
  });
  await payButton(page).click();
  await confirming;
  await threeTicketsInSecondTab(context, pay);
  release();

  await page.bringToFront();
  await expectRefusedWithNewTotal(page, messages.paymentCancelledBasketChanged);
  await page.unroute('**/sandbox/stripe/confirm');
  expect((await pay.account.serverCheckout()).payment_complete).toBe(false);
  await screenshots(page, testInfo, 'payment-after-confirm-refused');

  await chooseCard(pay, '4242 4242 4242 4242');
  await expect(payButton(page)).toHaveText(`Pay ${money(THREE)}`);
  await payButton(page).click();
  await expectPaidForThree(pay);
});
