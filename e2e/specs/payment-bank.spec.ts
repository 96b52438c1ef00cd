import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Lumen Live is a square-type GBP organiser: bank transfer and card are both offered, nothing auto-selected.
async function toBank(pay: PaymentPage, label: string) {
  await pay.reachPayment([{ ticketId: ticket.aquariumEarly }], label);
  await expect(pay.bankButton).toBeEnabled();
  await expect(pay.cardButton).toBeVisible();
  await pay.bankButton.click();
  await pay.payButton.click();
}

test('approved at the bank: after the settle delay, the success panel with amount and reference, Continue, delivered', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await toBank(pay, 'bank-ok');
  await pay.bankPortal('Approve');
  await expect(pay.heading).toHaveText('Payment');
  await expect(page.getByText(/^Ref: /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').getByText('£16.00')).toBeVisible();
  expect(await pay.account.seriousViolations()).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pay.expectDelivered();
});

test('slow: while the bank settles (SANDBOX_BANK_SETTLE_MS), the wait texts change with the polls', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await toBank(pay, 'bank-slow');
  // The page's clock is ours: polls run as fast as we say while the sandbox still answers 'authorizing' in real time.
  await page.clock.install();
  await pay.bankPortal('Approve');
  await expect(pay.heading).toHaveText('Payment');
  // One poll per step: advance the page clock to the next poll and wait for its answer.
  const poll = async (ms: number) => {
    const answered = page.waitForResponse(/get_truelayer_status/);
    await page.clock.runFor(ms);
    await answered;
  };
  await poll(2000);
  await poll(1500);
  await poll(1500);
  await expect(page.getByText('Waiting for a response from your bank')).toBeVisible();
  // Real time passes for the settle while polling goes on: the success panel follows.
  await expect
    .poll(
      async () => {
        await poll(1500);
        return page.getByText(/^Ref: /).isVisible();
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
});

test('cancelled at the bank: the sentence and Try a different payment method', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await toBank(pay, 'bank-cancel');
  await pay.bankPortal('Cancel');
  await expect(page.getByText('You cancelled the payment in the bank portal.')).toBeVisible();
  // Nothing is moving: the basket can be edited from here too, after the same question.
  await page.locator('.payment').getByRole('button', { name: 'Edit basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('By editing your basket, you could lose your reserved tickets.');
  await dialog.getByRole('button', { name: 'No, cancel' }).click();
  await page.getByRole('button', { name: 'Try a different payment method' }).click();
  await expect(pay.methods).toBeVisible();
});

test('failed at the bank: the failure panel, then another method', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await toBank(pay, 'bank-fail');
  await pay.bankPortal('Fail');
  await expect(page.getByRole('button', { name: 'Try a different payment method' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.payment').getByRole('button', { name: 'Edit basket' })).toBeVisible();
  await page.getByRole('button', { name: 'Try a different payment method' }).click();
  await expect(pay.methods).toBeVisible();
});
