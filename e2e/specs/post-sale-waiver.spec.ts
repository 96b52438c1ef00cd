import { waiverLink } from '@checkout/shared';
import { expect, test } from '@playwright/test';
import { WaiverFlow, WaiverSigner } from '../pages/waiver';
import { gapUnderHeading } from '../support/heading-gap';
import { screenshots } from '../support/screenshots';

// The clipboard is the buyer's: the browser lets the page write it and the test read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Kayak: the waiver step, two party members sign on the link, then the organiser message and the order', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const flow = new WaiverFlow(page, context);
  await flow.buyKayak('waiver');

  // The waiver step: the link, copy with its toast, the party sentences.
  await expect(flow.waiverHeading).toBeVisible();
  await expect(
    page.getByText('Share this link with all members of your booking party', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('All visitors must sign before arrival on-site.')).toBeVisible();
  const checkout = await flow.pay.account.serverCheckout();
  // The link carries the key the server gave this buyer: the reference alone opens nothing.
  const reference = String(checkout.sale_reference);
  expect(checkout.waiver_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const link = waiverLink(new URL(page.url()).origin, reference, String(checkout.waiver_key));
  await expect(flow.linkBox).toHaveValue(link);
  await expect(page.getByRole('link', { name: /Open the waiver/ })).toHaveAttribute('href', link);
  // Headless Chromium has no share sheet: no Share button.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  expect(await flow.pay.account.seriousViolations()).toEqual([]);
  // No large blank gap under the heading (the stack's gap only).
  expect(await gapUnderHeading(page, 'waiver-title')).toBeLessThanOrEqual(24);
  await screenshots(page, testInfo, 'waiver-step');
  await flow.copyLink.click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Two members of the party open the link on their own devices and sign.
  const ana = await WaiverSigner.open(browser, link);
  await expect(ana.heading).toBeVisible();
  await expect(ana.page.getByRole('heading', { level: 2, name: 'Harbour Kayak Taster: activity terms' })).toBeVisible();
  await expect(ana.page.getByText('Kayaking is a water sport with risks.', { exact: false })).toBeVisible();
  await expect(ana.page.getByText('No one has signed these terms yet.')).toBeVisible();
  expect(await ana.seriousViolations()).toEqual([]);
  // Refused: no name, then no tick. Nothing is stored, the message is beside the form.
  await ana.sign('   ');
  await expect(ana.page.getByRole('alert')).toHaveText('Please type your full name to sign');
  await expect(ana.name).toHaveAttribute('aria-invalid', 'true');
  await ana.sign('Ana López', false);
  await expect(ana.page.getByRole('alert')).toHaveText('Please tick the box to agree to these terms');
  await expect(ana.signers).toHaveCount(0);
  await ana.sign('Ana López');
  await expect(
    ana.page.getByRole('status').filter({ hasText: 'Thank you, Ana López: your signature is recorded.' }),
  ).toBeVisible();
  await expect(ana.signers).toHaveText(['Ana López']);

  const ben = await WaiverSigner.open(browser, link);
  await expect(ben.signers).toHaveText(['Ana López']);
  await ben.sign('Ben Okafor');
  await expect(ben.signers).toHaveText(['Ana López', 'Ben Okafor']);
  // Signing twice under the same name keeps one signature.
  await ben.sign('ben okafor');
  await expect(
    ben.page.getByRole('status').filter({ hasText: 'ben okafor has already signed these terms.' }),
  ).toBeVisible();
  await expect(ben.signers).toHaveText(['Ana López', 'Ben Okafor']);
  expect(await ben.seriousViolations()).toEqual([]);
  await ana.page.reload();
  await expect(ana.signers).toHaveText(['Ana López', 'Ben Okafor']);
  await ana.close();
  await ben.close();

  // Someone who knows only the reference (it is printed on the tickets): the link is not valid, nothing of the booking.
  const stranger = await WaiverSigner.open(browser, link.replace(/\?key=.*$/, ''));
  await expect(stranger.page.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
  await expect(
    stranger.page.getByText('This link to the activity terms is not valid.', { exact: false }),
  ).toBeVisible();
  await expect(stranger.page.getByText(reference)).toHaveCount(0);
  await expect(stranger.page.getByText('Ana López')).toHaveCount(0);
  await expect(stranger.name).toHaveCount(0);
  expect(await stranger.seriousViolations()).toEqual([]);
  await screenshots(stranger.page, testInfo, 'waiver-link-not-valid');
  await stranger.close();

  // Continue: the organiser message, then the order.
  await flow.continueButton.click();
  await expect(flow.messagesHeading).toHaveText('Organiser message');
  const message = page.getByRole('article', { name: 'Harbour Kayak Taster' });
  await expect(message.getByText('From Harbour Lifeboat Trust')).toBeVisible();
  await expect(message.getByText(/ at \d{1,2}:\d{2}(am|pm)$/)).toBeVisible();
  await expect(
    message.getByText('Please arrive 20 minutes early and bring a change of clothes and a towel.'),
  ).toBeVisible();
  expect(await flow.pay.account.seriousViolations()).toEqual([]);
  await flow.continueButton.click();
  await expect(flow.messagesHeading).toHaveCount(0);
  await expect.poll(async () => (await flow.pay.account.serverCheckout()).state).toBe('order_completed');
});
