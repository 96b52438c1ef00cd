import { expect, test } from '@playwright/test';
import { guestEmail } from '../pages/account';
import { PaymentPage } from '../pages/payment';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

/**
 * The browser's Back and Forward on a touch phone: they move between the steps the buyer has seen, within what the
 * sale allows. Back never gives the reservation back (only Edit basket does), never goes back into a paid step, and
 * after the bank's answer never reaches the bank's page. A reload keeps the email the buyer proved.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const STILL_RESERVED = 'Your tickets are still reserved for you. To change your basket, use Edit basket.';
const PAID = 'Your payment is complete, so the steps before it are closed.';
const BANK_CLOSED = 'Your bank has already answered, so there is no going back to its page.';

test('card: Back and Forward on every step, a reload after Verify, then paid and never back before it', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  const account = pay.account;
  const email = guestEmail('nav-card');

  // Account: Back keeps the reservation and says how to change the basket; Forward is where the buyer was.
  await account.reserve([{ ticketId: ticket.europaDay }]);
  await expect(account.accountHeading).toBeVisible();
  await page.goBack();
  await expect(page.getByText(STILL_RESERVED)).toBeVisible();
  await expect(account.accountHeading).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\//);
  await screenshots(page, testInfo, 'back-on-account');
  expect((await account.serverCheckout()).state).toBe('login');
  await page.goForward();
  await expect(account.accountHeading).toBeVisible();

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
  await pay.expectDelivered();

  // Paid: Back stays on the order's step and says why; the payment step is never shown again.
  const after = page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Payment$/ });
  const final = (await after.textContent()) ?? '';
  await page.goBack();
  await expect(page.getByText(PAID)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(final);
  await expect(pay.methods).toHaveCount(0);
  await screenshots(page, testInfo, 'back-after-paid');
  expect((await account.serverCheckout()).payment_complete).toBe(true);
});

test('bank transfer: after the bank approves, Back stays on the checkout and never reaches the bank page', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.aquariumEarly }], 'nav-bank');
  await page.goBack();
  await expect(pay.account.keepUpdatedHeading).toBeVisible();
  await page.goForward();
  await expect(pay.heading).toHaveText('Payment');
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
  await pay.expectDelivered();
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByText(BANK_CLOSED)).toBeVisible();
  await expect(page.getByText('This payment has already been answered')).toHaveCount(0);
});
