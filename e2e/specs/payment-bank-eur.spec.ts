import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Canal Concerts Amsterdam is a square-type EUR organiser: bank transfer is offered in euro. The buyer pays by bank,
// then opens the receipt the checkout sent, as the outbox keeps it when no SMTP server is configured.
test('a bank transfer in EUR: euro amounts throughout, delivered, and the receipt opened from the outbox', async ({
  page,
  context,
}, testInfo) => {
  const pay = new PaymentPage(page, context);
  const email = await pay.reachPayment([{ ticketId: ticket.canalSeat }], 'bank-eur');
  await expect(pay.bankButton).toBeEnabled();
  await pay.bankButton.click();
  await expect(pay.payButton).toContainText('€26.50');
  await pay.payButton.click();
  await pay.bankPortal('Approve');
  await expect(page.getByText(/^Ref: /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').getByText('€26.50')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await pay.expectDelivered();
  const reference = String((await pay.account.serverCheckout()).sale_reference);

  const receipt = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Your tickets for Canal Concert' }) });
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await expect(receipt).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await receipt.getByRole('link', { name: 'View the HTML part' }).click();
  for (const words of [
    reference,
    'Canal Concert',
    'Prinsengracht, Amsterdam',
    'Organised by Canal Concerts Amsterdam',
    'Bank transfer',
    'Deck seat',
  ]) {
    // The first match may be the hidden preview line mail clients show in the inbox.
    await expect(page.getByText(words).filter({ visible: true }).first()).toBeVisible();
  }
  await expect(page.getByText('€26.50').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('£')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open your ticket wallet' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await testInfo.attach('EUR receipt 375px', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});
