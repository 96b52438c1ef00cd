import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { OrderCompletedPage, tomorrowDdMmYyyy } from '../pages/order-completed';
import { gapUnderHeading } from '../support/heading-gap';
import { screenshots } from '../support/screenshots';

// The share modal's Copy writes the buyer's clipboard: the browser lets the page write it and the test read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Aurora: feedback, share copy, subscribe, find a place, a transfer sent now and a gift for tomorrow, then the wallet', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const oc = new OrderCompletedPage(page, context);
  const email = await oc.buyAurora('order-completed');
  const checkout = await oc.pay.account.serverCheckout();
  const reference = String(checkout.sale_reference);

  // The overview: reference, the wallet copy sent to the sale email, the tiles, the organiser's other events.
  await expect(page.getByText(`Your reference is ${reference}`)).toBeVisible();
  await expect(page.getByText(`A copy of your ticket wallet has been sent to ${email}.`)).toBeVisible();
  await expect(oc.tiles.getByRole('link', { name: 'Watch Aurora Sessions online' })).toHaveAttribute(
    'href',
    'https://stream.example.com/aurora-sessions',
  );
  await expect(oc.tiles.getByRole('link', { name: 'Go to your ticket wallet' })).toHaveAttribute(
    'href',
    '/account/wallet/',
  );
  await expect(oc.tile('Transfer tickets')).toBeVisible();
  await expect(oc.tile('Find a place to stay')).toBeVisible();
  await expect(oc.tile('Share with friends & family')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Browse more events' }).getByRole('link', { name: 'Aquarium Late Nights' }),
  ).toBeVisible();
  expect(await oc.pay.account.seriousViolations()).toEqual([]);

  // Subscribe to important updates.
  await page.getByRole('button', { name: 'Subscribe to important updates' }).click();
  await expect(oc.toast('You have been subscribed to important event updates')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to important updates' })).toHaveCount(0);

  // Feedback: Send disabled while empty; sent, the toast, the modal gone.
  await oc.tile('How did we do?').click();
  const feedback = page.getByRole('dialog', { name: 'How did we do?' });
  await expect(feedback.getByRole('button', { name: 'Send' })).toBeDisabled();
  expect(await oc.pay.account.seriousViolations()).toEqual([]);
  await feedback.getByRole('textbox', { name: 'Feedback' }).fill('Quick and clear, thank you.');
  await feedback.getByRole('button', { name: 'Send' }).click();
  await expect(oc.toast('Your feedback has been sent. Thanks!')).toBeVisible();
  await expect(feedback).toHaveCount(0);

  // Share: the event's message, Copy -> 'Copied' for 2 s, the clipboard holds it, Close.
  await oc.tile('Share with friends & family').click();
  const share = page.getByRole('dialog', { name: 'Share with friends & family' });
  const message = share.getByRole('textbox', { name: 'Message to share about Aurora Sessions' });
  await expect(message).toHaveValue(
    /^I've just booked tickets for Aurora Sessions! Get yours here: http.+aurora-sessions\/?$/,
  );
  expect(await oc.pay.account.seriousViolations()).toEqual([]);
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await message.inputValue());
  await expect(share.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4_000 });
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(share).toHaveCount(0);

  // Find a place to stay: one venue, no accommodation map configured, so a link to the address on a map; Back.
  await oc.tile('Find a place to stay').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a place to stay' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lumen Studio, 12 Hoxton Square, London N1 6NU' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\//,
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await oc.pay.account.seriousViolations()).toEqual([]);
  // No large blank gap under the heading (the stack's gap only).
  expect(await gapUnderHeading(page, 'find-a-place-title')).toBeLessThanOrEqual(24);
  await screenshots(page, testInfo, 'find-a-place');
  await oc.backLink.click();
  await expect(oc.overviewHeading).toBeVisible();

  // Transfer: one ticket now to Rae, one as a gift for tomorrow to Sam; the third stays.
  await oc.tile('Transfer tickets').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toBeVisible();
  // A reload keeps the view open.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toBeVisible({ timeout: 15_000 });
  const panel = oc.accordion('Aurora Sessions - In the room (standing)');
  await expect(panel).toBeVisible();
  await expect(oc.sendTickets).toBeDisabled();
  const first = oc.recipient(panel, 1);
  await first.getByRole('button', { name: 'More tickets for recipient 1' }).click();
  await first.getByRole('textbox', { name: 'Full name' }).fill('Rae Recipient');
  await first.getByRole('textbox', { name: 'Email' }).fill('rae.order-completed@example.com');
  await expect(oc.sendTickets).toBeEnabled();
  await panel.getByRole('button', { name: 'Add a recipient for Aurora Sessions - In the room (standing)' }).click();
  const second = oc.recipient(panel, 2);
  await second.getByRole('checkbox', { name: 'This ticket is a gift' }).check();
  await expect(second.getByRole('radio', { name: 'Schedule' })).toBeChecked();
  await second.getByRole('textbox', { name: 'Full name' }).fill('Sam Gift');
  await second.getByRole('textbox', { name: 'Email' }).fill('sam.order-completed@example.com');
  // Scheduled without a date or time: Send stays disabled until both are given.
  await expect(oc.sendTickets).toBeDisabled();
  await second.getByRole('textbox', { name: 'Delivery date' }).fill(tomorrowDdMmYyyy());
  await second.getByRole('combobox', { name: 'Delivery time' }).selectOption('10:00');
  await second.getByPlaceholder('Leave a message...').fill('Happy birthday!');
  // Three were bought and the two rows hold two: one more fits, then the plus is disabled.
  await second.getByRole('button', { name: 'More tickets for recipient 2' }).click();
  await expect(second.getByRole('button', { name: 'More tickets for recipient 2' })).toBeDisabled();
  await expect(
    panel.getByRole('button', { name: 'Add a recipient for Aurora Sessions - In the room (standing)' }),
  ).toBeDisabled();
  await second.getByRole('button', { name: 'Fewer tickets for recipient 2' }).click();
  expect(await oc.pay.account.seriousViolations()).toEqual([]);
  await oc.sendTickets.click();
  await expect(oc.toast('Your tickets have been transferred')).toBeVisible();
  await expect(oc.overviewHeading).toBeVisible();
  await expect(oc.tile('Transfer tickets')).toHaveCount(0);

  // The recipient of the one sent now has their notification; the gift waits for tomorrow.
  let link = '';
  await expect
    .poll(async () => {
      const [mail] = await oc.mails('rae.order-completed@example.com', 'ticket_transfer');
      link = mail?.text.match(/https?:\/\/\S+\/transfers\/accept\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  expect(await oc.mails('sam.order-completed@example.com', 'ticket_transfer')).toEqual([]);

  // The wallet page: every ticket with its event, date, seat and QR code; all three stay until a recipient accepts.
  await page.goto('/account/wallet/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  const tickets = page.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem');
  await expect(tickets).toHaveCount(3);
  await expect(tickets.first().getByRole('heading', { name: 'Aurora Sessions' })).toBeVisible();
  await expect(tickets.first().getByText('Unreserved')).toBeVisible();
  await expect(tickets.first().getByText(/ at \d{1,2}(:\d{2})?(am|pm)$/)).toBeVisible();
  const qr = tickets
    .first()
    .getByRole('img', { name: /^QR code for In the room \(standing\), Aurora Sessions, ticket code / });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The two offered tickets say whom they wait for: Rae's was sent, Sam's gift goes tomorrow at 10:00 UK time.
  await expect(
    tickets.filter({ hasText: 'Waiting for Rae Recipient (rae.order-completed@example.com) to accept' }),
  ).toHaveCount(1);
  await expect(tickets.filter({ hasText: /Sent \w{3} \d{1,2} \w{3} \d{4} at \d{1,2}:\d{2}(am|pm)\./ })).toHaveCount(1);
  const gift = tickets.filter({ hasText: 'Gift for Sam Gift (sam.order-completed@example.com), not sent yet' });
  await expect(gift).toHaveCount(1);
  await expect(gift.getByText(/We will email it on \w{3} \d{1,2} \w{3} \d{4} at 10:00am \(UK time\)\./)).toBeVisible();
  await expect(
    tickets.filter({ hasText: 'Until it is accepted the ticket stays yours and its code still admits.' }),
  ).toHaveCount(2);
  expect(await oc.pay.account.seriousViolations()).toEqual([]);
  await screenshots(page, testInfo, 'wallet-transfers-waiting');

  // Rae signs in on her own device with the email it was sent to: the offer waits in her wallet, its link leads to
  // the accept page, and only its Accept button takes the ticket, which then leaves the buyer's wallet.
  const rae = await browser.newContext();
  const raePage = await rae.newPage();
  const raeAccount = new AccountPage(raePage, rae);
  await raePage.setViewportSize({ width: 375, height: 812 });
  await raePage.goto('/signin/?next=%2Faccount%2Fwallet%2F');
  await raePage.getByLabel('Email address').fill('rae.order-completed@example.com');
  const since = await raeAccount.latestCodeId('rae.order-completed@example.com');
  await raePage.getByRole('button', { name: 'Send code' }).click();
  await raePage.getByLabel('One-time code').fill(await raeAccount.codeFor('rae.order-completed@example.com', since));
  await raePage.getByRole('button', { name: 'Verify' }).click();
  await expect(raePage).toHaveURL(/\/account\/wallet\/$/);
  const waiting = raePage.getByRole('list', { name: 'Tickets waiting for you' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByText('sent you 1 × In the room (standing)')).toBeVisible();
  await expect(waiting.getByRole('heading', { name: 'Aurora Sessions' })).toBeVisible();
  await expect(raePage.getByText('There are no tickets in your wallet yet.')).toHaveCount(0);
  expect(await raeAccount.seriousViolations()).toEqual([]);
  expect(await raePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshots(raePage, testInfo, 'wallet-offer-waiting');
  await waiting.getByRole('link', { name: 'Review and accept' }).click();
  // The accept page itself (its path is the token's, all of [A-Za-z0-9_-]).
  await expect(raePage).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
  await raePage.getByRole('button', { name: 'Accept the tickets' }).click();
  await expect(raePage.getByText('The tickets are yours now: we have emailed you their new codes.')).toBeVisible();
  await raePage.goto('/account/wallet/');
  await expect(raePage.getByRole('list', { name: 'Tickets waiting for you' })).toHaveCount(0);
  await expect(raePage.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem')).toHaveCount(1);
  await rae.close();
  await page.reload();
  await expect(tickets).toHaveCount(2);
  await expect(page.getByText(/Waiting for Rae Recipient/)).toHaveCount(0);
  await expect(gift).toHaveCount(1);
  // The accepted ticket has a new code, emailed to Rae: the one the buyer was emailed no longer admits.
  const [accepted] = await oc.mails('rae.order-completed@example.com', 'ticket_transfer_accepted');
  expect(accepted?.text).toMatch(/Ticket code [A-Z2-7]{4}( [A-Z2-7]{4}){4}/);

  // Back to the checkout on a phone-sized screen: still the order, transfer still not offered, nothing wider than it.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/checkout/');
  await expect(oc.overviewHeading).toBeVisible({ timeout: 15_000 });
  await expect(oc.tile('How did we do?')).toBeVisible();
  await expect(oc.tile('Transfer tickets')).toHaveCount(0);
  expect(await oc.widerThanScreen()).toEqual([]);
  await oc.tile('Find a place to stay').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a place to stay' })).toBeVisible();
  expect(await oc.widerThanScreen()).toEqual([]);
});
