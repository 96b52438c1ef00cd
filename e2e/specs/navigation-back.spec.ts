import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { guestEmail } from '../pages/account';
import { OrderCompletedPage } from '../pages/order-completed';
import { fillSquareCard, PaymentPage } from '../pages/payment';
import { addTicket } from '../support/basket';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/**
 * The browser's Back and Forward on a touch phone: they move between the steps the buyer has seen, within what the
 * sale allows. Back never gives the reservation back (only Edit basket does), never goes back into a paid step, and
 * after the bank's answer never reaches the bank's page. A reload keeps the email the buyer proved. One whole purchase
 * per payment method (card, bank transfer, instalments, free claim, square-type card, express checkout), with Back
 * and then Forward or Continue on every step, from the events page to order completed.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const STILL_RESERVED = 'Your tickets are still reserved for you. To change your basket, use Edit basket.';
const PAID = 'Your payment is complete, so the steps before it are closed.';
const BANK_CLOSED = 'Your bank has already answered, so there is no going back to its page.';
const NOT_RESERVED = 'Your tickets are no longer reserved, so that step is closed. Reserve your basket to go on.';
const ORDER_COMPLETE = 'Order complete! Your tickets are on their way.';

/**
 * Back from the step on screen shows `back` (the step before, or the sentence saying why the step stays); Forward
 * brings `here` again. Neither leaves focus on the body.
 */
async function backThenForward(page: Page, here: Locator, back: Locator): Promise<void> {
  await page.goBack();
  await expect(back).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\//);
  await expectFocusKept(page);
  await page.goForward();
  await expect(here).toBeVisible();
  await expectFocusKept(page);
}

/** After Back or Forward, focus is on the page (the step's heading when the step changed), not lost to the body. */
async function expectFocusKept(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), { message: 'focus after Back/Forward' })
    .not.toMatch(/^(BODY|none)$/);
}

/**
 * From the events page to the checkout, with Back on the basket (to the events page, nothing reserved) and on the
 * captcha when the sale asks for one (to the basket), each followed by Forward; then the reservation.
 */
async function reserveWithBack(
  pay: PaymentPage,
  ticketId: number,
  arrived: Locator,
  { captcha = false }: { captcha?: boolean } = {},
): Promise<void> {
  const { page, context } = pay;
  await addTicket(context, ticketId, 1);
  await page.goto('/all-events/');
  await page.goto('/checkout/');
  const basket = page.getByRole('heading', { level: 1, name: 'Basket' });
  const reserve = page.getByRole('button', { name: 'Reserve Basket' });
  await expect(reserve).toBeEnabled();
  await page.goBack();
  await expect(page).toHaveURL(/\/all-events\//);
  await page.goForward();
  await expect(basket).toBeVisible();
  await expect(reserve).toBeEnabled();
  await reserve.click();

  const human = page.getByRole('checkbox', { name: 'I am human' });
  await expect(captcha ? human : human.or(arrived)).toBeVisible({ timeout: 15_000 });
  // Many reservations from one address within minutes ask for the captcha too.
  if (await human.isVisible()) {
    // Nothing is reserved yet: Back is the basket, as it was, and Forward the challenge again.
    await page.goBack();
    await expect(basket).toBeVisible();
    await expect(reserve).toBeEnabled();
    await expect(page.getByText(NOT_RESERVED)).toHaveCount(0);
    await page.goForward();
    await expect(human).toBeVisible();
    await human.click();
    await expect(human).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(arrived).toBeVisible({ timeout: 15_000 });
  // The first reserved step: Back keeps the reservation and says how to change the basket.
  await backThenForward(page, arrived, page.getByText(STILL_RESERVED));
  expect((await pay.account.serverCheckout()).seconds_remaining).not.toBeNull();
}

/** The account steps as a new guest, with Back and Forward on each, to the step after Keep updated. */
async function accountWithBack(pay: PaymentPage, label: string): Promise<void> {
  const { account, page } = pay;
  await account.signInAsGuest(guestEmail(label), 'Pat Payer');
  await expect(account.keepUpdatedHeading).toBeVisible();
  await backThenForward(page, account.keepUpdatedHeading, account.accountHeading);
  await account.continueButton.click();
}

/** Closes the notifications on screen, so the next one to appear is known to be new. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

/**
 * Paid: each step after delivery (`between`, the headings before order completed), with Back on each and then Forward
 * and Continue, to order completed. Back from the first of them stays and says why: the payment is never shown again.
 */
async function toOrderCompletedWithBack(
  pay: PaymentPage,
  testInfo: TestInfo,
  label: string,
  between: readonly string[] = [],
  { backSays = PAID, completed = ORDER_COMPLETE }: { backSays?: string; completed?: string } = {},
): Promise<void> {
  const { page } = pay;
  await pay.expectDelivered();
  const headings = [...between, completed];
  for (const [index, name] of headings.entries()) {
    const here = page.getByRole('heading', { level: 1, name });
    await expect(here).toBeVisible({ timeout: 15_000 });
    await dismissNotifications(page);
    await page.goBack();
    if (index === 0) {
      await expect(page.getByText(backSays)).toBeVisible();
      await expect(here).toBeVisible();
      await expect(pay.methods).toHaveCount(0);
      await expect(pay.heading).toHaveCount(0);
      await screenshots(page, testInfo, `${label}-back-after-paid`);
    } else {
      await expect(page.getByRole('heading', { level: 1, name: headings[index - 1] })).toBeVisible();
      await page.goForward();
    }
    await expect(here).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\//);
    if (index < between.length) await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  // The reason Back gave was about the step it was pressed on: it is gone once the buyer has moved on.
  if (between.length > 0) await expect(page.getByText(backSays)).toHaveCount(0);
  await expect(page.getByText(STILL_RESERVED)).toHaveCount(0);
  expect((await pay.account.serverCheckout()).state).toBe('order_completed');
}

test('card: Back and Forward on every step, a reload after Verify, then paid and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  const account = pay.account;
  const email = guestEmail('nav-card');

  // Festival Europa asks for the captcha: Back on it is the basket, nothing reserved.
  await reserveWithBack(pay, ticket.europaDay, account.accountHeading, { captcha: true });
  await screenshots(page, testInfo, 'back-on-account');
  expect((await account.serverCheckout()).state).toBe('login');

  // Verify, then a reload: the proved email stays proved, the name form is there, no new code.
  const code = await account.requestCode(email);
  await account.code.fill(code);
  await account.verify.click();
  await expect(account.fullName).toBeVisible();
  const codesBefore = await account.latestCodeId(email);
  await page.reload();
  await expect(account.fullName).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your email address is confirmed:')).toContainText(email);
  await expect(account.email).toHaveCount(0);
  await screenshots(page, testInfo, 'reload-after-verify');
  await account.fullName.fill('Pat Payer');
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeVisible();
  expect(await account.latestCodeId(email)).toBe(codesBefore);

  // Keep updated: Back to the account step (the name kept), Forward again.
  await page.goBack();
  await expect(account.accountHeading).toBeVisible();
  await expect(account.fullName).toHaveValue('Pat Payer');
  await page.goForward();
  await expect(account.keepUpdatedHeading).toBeVisible();
  await account.continueButton.click();

  // Payment: Back to Keep updated, Forward to Payment, then pay.
  await expect(pay.heading).toHaveText('Payment', { timeout: 15_000 });
  await page.goBack();
  await expect(account.keepUpdatedHeading).toBeVisible();
  await page.goForward();
  await expect(pay.heading).toHaveText('Payment');
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await toOrderCompletedWithBack(pay, testInfo, 'card');
  expect((await account.serverCheckout()).payment_complete).toBe(true);
});

test('bank transfer: after the bank approves, Back stays on the checkout and never reaches the bank page', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await reserveWithBack(pay, ticket.aquariumEarly, pay.account.accountHeading);
  await accountWithBack(pay, 'nav-bank');
  await expect(pay.heading).toHaveText('Payment', { timeout: 15_000 });
  await backThenForward(page, pay.heading, pay.account.keepUpdatedHeading);
  await pay.bankButton.click();
  await pay.payButton.click();
  await pay.bankPortal('Approve');
  await expect(page.getByText(/^Ref: /)).toBeVisible({ timeout: 30_000 });

  await page.goBack();
  await expect(page.getByText(BANK_CLOSED)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByText(/^Ref: /)).toBeVisible();
  await screenshots(page, testInfo, 'back-after-bank');

  await page.getByRole('button', { name: 'Continue' }).click();
  // Paid: Back still meets the guard before the bank's page, and stays.
  await toOrderCompletedWithBack(pay, testInfo, 'bank', [], { backSays: BANK_CLOSED });
  await expect(page.getByText('This payment has already been answered')).toHaveCount(0);
});

test('instalments: Back and Forward on every step, the first payment, then order completed and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await reserveWithBack(pay, ticket.summerWeekend, pay.account.accountHeading);
  await accountWithBack(pay, 'nav-instalments');
  await expect(pay.heading).toHaveText('Payment', { timeout: 15_000 });
  await backThenForward(page, pay.heading, pay.account.keepUpdatedHeading);
  await pay.contactNumber.fill('07700 900123');
  await pay.instalmentsButton.click();
  await expect(page.getByRole('combobox', { name: 'Number of months' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'New payment card' })).toBeChecked();
  await pay.field('Card number').fill('4242 4242 4242 4242');
  await pay.typeExpiry('Expiry date (MM/YY)');
  await pay.field('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'First payment complete' })).toBeVisible({
    timeout: 15_000,
  });
  // A payment plan's order completed says so.
  await toOrderCompletedWithBack(pay, testInfo, 'instalments', ['Organiser message'], {
    completed: 'Order Complete - Payment Schedule Setup',
  });
});

test('free claim: Back and Forward on every step, the claim, then order completed and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await reserveWithBack(pay, ticket.coffeeFree, pay.account.accountHeading);
  await accountWithBack(pay, 'nav-free');
  await toOrderCompletedWithBack(pay, testInfo, 'free');
});

test('square-type card: Back and Forward on every step, paid, then order completed and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await reserveWithBack(pay, ticket.jazzBar, pay.account.accountHeading);
  await accountWithBack(pay, 'nav-square');
  await expect(pay.heading).toHaveText('Payment', { timeout: 15_000 });
  await backThenForward(page, pay.heading, pay.account.keepUpdatedHeading);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  await pay.field('Billing postcode').fill('10001');
  await fillSquareCard(page, '4242 4242 4242 4242');
  await pay.payButton.click();
  await toOrderCompletedWithBack(pay, testInfo, 'square');
});

test('express checkout: Back and Forward on every step, paid, then order completed and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  const complete = page.getByRole('heading', { level: 1, name: 'Complete purchase' });
  await reserveWithBack(pay, ticket.expressEntry, complete);
  await pay.fillCard('4242 4242 4242 4242');
  await pay.field('Full name').fill('Pat Express');
  await pay.field('Email address').fill(guestEmail('nav-express'));
  await pay.payButton.click();
  await toOrderCompletedWithBack(pay, testInfo, 'express');
});

test('order completed: Back on the Transfer tickets and Find a place to stay views is the overview, Forward the view', async ({
  page,
  context,
}, testInfo) => {
  const oc = new OrderCompletedPage(page, context);
  await oc.buyAurora('nav-views', 1);
  const transfer = page.getByRole('heading', { level: 1, name: 'Transfer tickets' });
  await oc.tile('Transfer tickets').click();
  await expect(transfer).toBeVisible();
  await page.goBack();
  await expect(oc.overviewHeading).toBeVisible();
  await expect(page.getByText(PAID)).toHaveCount(0);
  await screenshots(page, testInfo, 'back-from-transfer-view');
  await page.goForward();
  await expect(transfer).toBeVisible();
  // The page's own Back link takes the view's entry off: the browser's Back from the overview then says it is paid.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(oc.overviewHeading).toBeVisible();
  await oc.tile('Find a place to stay').click();
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  await expect(oc.overviewHeading).toHaveCount(0);
  await page.goBack();
  await expect(oc.overviewHeading).toBeVisible();
  await page.goBack();
  await expect(page.getByText(PAID)).toBeVisible();
  await expect(oc.overviewHeading).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\//);
});
