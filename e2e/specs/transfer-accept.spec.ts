import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { OrderCompletedPage } from '../pages/order-completed';

/**
 * A transfer accepted by its recipient: the accept page leads her to prove her email with a one-time code, then her
 * wallet shows the ticket, and the sender's wallet no longer does.
 */
test('a recipient accepts, proves her email by code and sees the ticket in her wallet; the sender no longer does', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const oc = new OrderCompletedPage(page, context);
  await oc.buyAurora('transfer-accept', 2);
  const recipientEmail = 'wren.transfer-accept@example.com';

  // The buyer sends one of her two tickets now.
  await expect(oc.tile('Transfer tickets')).toBeVisible();
  await oc.tile('Transfer tickets').click();
  const panel = oc.accordion('Aurora Sessions - In the room (standing)');
  const first = oc.recipient(panel, 1);
  await first.getByRole('button', { name: 'More tickets for recipient 1' }).click();
  await first.getByRole('textbox', { name: 'Full name' }).fill('Wren Recipient');
  await first.getByRole('textbox', { name: 'Email' }).fill(recipientEmail);
  await oc.sendTickets.click();
  await expect(oc.toast('Your tickets have been transferred')).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const [mail] = await oc.mails(recipientEmail, 'ticket_transfer');
      link = mail?.text.match(/https?:\/\/\S+\/transfers\/accept\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // The sender's wallet before: both tickets.
  await page.goto('/account/wallet/');
  const senderTickets = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
  await expect(senderTickets).toHaveCount(2);
  const codesBefore = await page.locator('.wallet-ticket__code').allTextContents();

  // The recipient, on her own device: accept, then confirm her email by code and land on her wallet.
  const wren = await browser.newContext();
  try {
    const wrenPage = await wren.newPage();
    const wrenAccount = new AccountPage(wrenPage, wren);
    await wrenPage.goto(link);
    await expect(wrenPage.getByText('The tickets are yours now: we have emailed you their new codes.')).toBeVisible();
    await wrenPage.getByRole('link', { name: 'Confirm your email to see your tickets' }).click();
    await expect(wrenPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(wrenPage.getByLabel('Email address')).toHaveValue(recipientEmail);
    const since = await wrenAccount.latestCodeId(recipientEmail);
    await wrenPage.getByRole('button', { name: 'Send code' }).click();
    await wrenPage.getByLabel('One-time code').fill(await wrenAccount.codeFor(recipientEmail, since));
    await wrenPage.getByRole('button', { name: 'Verify' }).click();
    await expect(wrenPage).toHaveURL(/\/account\/wallet\/$/);
    await expect(wrenPage.getByText('has no account yet')).toHaveCount(0);
    const wrenTickets = wrenPage.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
    await expect(wrenTickets).toHaveCount(1);
    await expect(wrenTickets.first().getByRole('heading', { name: 'Aurora Sessions' })).toBeVisible();
    const wrenCode = (await wrenPage.locator('.wallet-ticket__code').textContent()) ?? '';
    // A new code: none of the sender's.
    expect(wrenCode).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){4}$/);
    expect(codesBefore).not.toContain(wrenCode);

    // The sender's wallet now: only the ticket she kept, without the recipient's.
    await page.reload();
    await expect(senderTickets).toHaveCount(1);
    expect(await page.locator('.wallet-ticket__code').allTextContents()).not.toContain(wrenCode);
  } finally {
    await wren.close();
  }
});
