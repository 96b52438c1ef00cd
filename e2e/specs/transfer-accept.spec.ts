import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { OrderCompletedPage } from '../pages/order-completed';
import { gapUnderHeading } from '../support/heading-gap';
import { screenshots } from '../support/screenshots';

const yesterdayDdMmYyyy = () => {
  const day = new Date(Date.now() - 24 * 60 * 60 * 1000);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
};

/**
 * A transfer accepted by its recipient: the email's link shows the offer (opening it moves nothing: a mail scanner
 * follows links), her Accept takes the tickets, the page leads her to prove her email with a one-time code, then her
 * wallet shows the ticket, and the sender's wallet no longer does.
 */
test('a recipient opens the offer, accepts, proves her email by code and sees the ticket in her wallet; the sender no longer does', async ({
  page,
  context,
  browser,
}, testInfo) => {
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
  // A gift scheduled for a day already past says so (not 'Please enter a date'); the date and time fields line up.
  await first.getByRole('checkbox', { name: 'This ticket is a gift' }).check();
  const date = first.getByRole('textbox', { name: 'Delivery date' });
  const time = first.getByRole('combobox', { name: 'Delivery time' });
  await date.fill(yesterdayDdMmYyyy());
  await date.blur();
  await expect(date).toHaveAccessibleDescription(/Please choose today or a later date/);
  const [dateBox, timeBox] = [await date.boundingBox(), await time.boundingBox()];
  expect(Math.abs((dateBox?.y ?? 0) - (timeBox?.y ?? -100))).toBeLessThan(2);
  expect(await gapUnderHeading(page, 'transfer-title')).toBeLessThanOrEqual(24);
  await screenshots(page, testInfo, 'transfer-past-date');
  await first.getByRole('checkbox', { name: 'This ticket is a gift' }).uncheck();
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
  const senderTickets = page.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem');
  await expect(senderTickets).toHaveCount(2);
  // The one offered says whom it waits for.
  await expect(
    senderTickets.filter({ hasText: `Waiting for Wren Recipient (${recipientEmail}) to accept` }),
  ).toHaveCount(1);
  const codesBefore = await page.locator('.wallet-ticket__code').allTextContents();

  // The recipient, on her own device: accept, then confirm her email by code and land on her wallet.
  const wren = await browser.newContext();
  try {
    const wrenPage = await wren.newPage();
    const wrenAccount = new AccountPage(wrenPage, wren);
    // A mail scanner opened the link first: nothing moved, the sender's wallet still has both tickets.
    expect((await page.request.get(link)).status()).toBe(200);
    await page.reload();
    await expect(senderTickets).toHaveCount(2);
    // Her phone, then her desktop: the offer, styled like the site, with who sends what for which event.
    await wrenPage.setViewportSize({ width: 375, height: 812 });
    await wrenPage.goto(link);
    await expect(wrenPage.getByRole('heading', { level: 1, name: 'Tickets sent to you' })).toBeVisible();
    await expect(wrenPage.getByRole('definition').filter({ hasText: 'Aurora Sessions' })).toBeVisible();
    const accept = wrenPage.getByRole('button', { name: 'Accept the tickets' });
    await expect(accept).toBeVisible();
    expect((await accept.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await wrenPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(wrenPage, testInfo, 'transfer-offer');
    expect(await wrenAccount.seriousViolations()).toEqual([]);
    await accept.click();
    await expect(wrenPage.getByText('The tickets are yours now: we have emailed you their new codes.')).toBeVisible();
    await screenshots(wrenPage, testInfo, 'transfer-accepted');
    await wrenPage.getByRole('link', { name: 'Confirm your email to see your tickets' }).click();
    await expect(wrenPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(wrenPage.getByLabel('Email address')).toHaveValue(recipientEmail);
    const since = await wrenAccount.latestCodeId(recipientEmail);
    await wrenPage.getByRole('button', { name: 'Send code' }).click();
    await wrenPage.getByLabel('One-time code').fill(await wrenAccount.codeFor(recipientEmail, since));
    await wrenPage.getByRole('button', { name: 'Verify' }).click();
    await expect(wrenPage).toHaveURL(/\/account\/wallet\/$/);
    await expect(wrenPage.getByText('has no account yet')).toHaveCount(0);
    const wrenTickets = wrenPage.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem');
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
