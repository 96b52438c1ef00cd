import { expect, test } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket, giftVoucher } = seed.ids;

/** Folk by the Sea posts its tickets: a guest gets to the Delivery Address step. */
async function toDeliveryAddress(account: AccountPage, lines: Parameters<AccountPage['reserve']>[0]) {
  await account.reserve(lines);
  await account.signInAsGuest(guestEmail('post'), 'Pat Post');
  await account.keepPreferences();
  await expect(account.deliveryHeading).toBeVisible();
}

function savedAddress(account: AccountPage) {
  return account.page.waitForResponse(
    (r) => r.url().includes('/set_delivery_address/') && r.request().method() === 'POST',
  );
}

test('a new UK address: the name just given filled in, why it is asked, a postcode of the wrong shape refused, then found by postcode', async ({
  page,
  context,
}, testInfo) => {
  const account = new AccountPage(page, context);
  await toDeliveryAddress(account, [{ ticketId: ticket.folkStalls }]);
  await expect(page.getByText('Your tickets are sent by post, so we need the address to send them to.')).toBeVisible();
  // The name given on the login step a moment ago.
  await expect(account.field('First name')).toHaveValue('Pat');
  await expect(account.field('Last name')).toHaveValue('Post');

  // 'XYZ' is no UK postcode: the billing form's rule, with its sentence, on the page (and on the server).
  await account.field('Address line 1').fill('14 Marine Parade');
  await account.field('Town/City').fill('Brighton');
  await account.field('Postcode').fill('XYZ');
  await account.continueButton.click();
  await expect(account.field('Postcode')).toHaveAccessibleDescription('Type a UK postcode, like SW1A 1AA');
  await expect(account.field('Postcode')).toBeFocused();
  await screenshots(page, testInfo, 'delivery-postcode');

  const find = page.getByRole('button', { name: 'Find' });
  const search = account.field('Find an address by postcode or street');
  await search.fill('BN');
  await expect(find).toBeDisabled();
  await search.fill('BN2 1TL');
  await expect(find).toBeEnabled();
  await find.click();
  const results = page.getByRole('list', { name: 'Addresses found' });
  await results.getByRole('button', { name: 'Use this address: 14 Marine Parade, Brighton, BN2 1TL' }).click();

  await expect(account.field('Address line 1')).toHaveValue('14 Marine Parade');
  await expect(account.field('Town/City')).toHaveValue('Brighton');
  await expect(account.field('Postcode')).toHaveValue('BN2 1TL');
  await expect(account.select('Country')).toHaveValue('1');
  await expect(account.field('First name')).toHaveValue('Pat');
  const saved = savedAddress(account);
  await account.continueButton.click();
  expect((await saved).status()).toBe(200);
  await expect(account.deliveryHeading).toBeHidden();
});

test('a US address needs a state', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await toDeliveryAddress(account, [{ ticketId: ticket.folkStalls }]);
  await account.field('First name').fill('Alex');
  await account.field('Last name').fill('Morgan');
  await account.field('Address line 1').fill('350 Fifth Avenue');
  await account.field('Town/City').fill('New York');
  await account.field('Postcode').fill('10118');
  await account.select('Country').selectOption({ label: 'United States' });
  await account.continueButton.click();
  const state = account.select('State');
  await expect(state).toHaveAccessibleDescription('Please type your state');
  await expect(state).toBeFocused();
  await state.selectOption({ label: 'New York' });
  const saved = savedAddress(account);
  await account.continueButton.click();
  expect((await saved).status()).toBe(200);
  await expect(account.deliveryHeading).toBeHidden();
});

test('a gift voucher basket asks who the voucher is from and for', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await toDeliveryAddress(account, [{ giftVoucherId: giftVoucher.folk, value: 25 }]);
  // A voucher alone is posted to the person it is for: the messages say so.
  await account.continueButton.click();
  await expect(page.getByText('Who is the gift voucher from?')).toBeVisible();
  await expect(page.getByText('Who is the gift voucher for?')).toBeVisible();
  await expect(page.getByText('Please type the recipients first name')).toBeVisible();

  await account.field('Find an address by postcode or street').fill('sussex square');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Use this address: 1 Sussex Square, Brighton, BN2 1FJ' }).click();
  await account.field('First name').fill('Jo');
  await account.field('Last name').fill('Friend');
  await account.field('Who is it from?').fill('Pat');
  await account.field('Who is it for?').fill('Jo');
  const saved = savedAddress(account);
  await account.continueButton.click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postData()).toContain('gift_voucher_from=Pat');
  await expect(account.deliveryHeading).toBeHidden();
});

test('a signed-in buyer picks a saved address; each Delete sits in the same place', async ({
  page,
  context,
}, testInfo) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('demo@example.com');
  await account.reserve([{ ticketId: ticket.folkStalls }]);
  await account.continueButton.click();
  await account.keepPreferences();
  await expect(account.deliveryHeading).toBeVisible();
  const home = page.getByRole('radio', { name: /14 Marine Parade/ });
  await expect(home).toBeChecked();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const deletes = page.getByRole('button', { name: /^Delete the address of / });
    expect(await deletes.count()).toBeGreaterThan(1);
    const lefts = new Set<number>();
    for (const box of await Promise.all((await deletes.all()).map((button) => button.boundingBox())))
      lefts.add(Math.round(box?.x ?? -1));
    expect([...lefts], `every Delete at one left edge at ${width} px`).toHaveLength(1);
  }
  await screenshots(page, testInfo, 'saved-addresses');
  const saved = savedAddress(account);
  await account.continueButton.click();
  expect((await saved).status()).toBe(200);
  await expect(account.deliveryHeading).toBeHidden();
});
