import { expect, test } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

test('a donation of 50 with Gift Aid: fee shown, uplift shown, address asked for, both saved', async ({
  page,
  context,
}) => {
  const account = new AccountPage(page, context);
  // The Lifeboat Gala Dinner's organiser is a charity: the donation step comes first.
  await account.reserve([{ ticketId: ticket.galaAdult }]);
  await expect(page.getByRole('heading', { level: 1, name: 'Would you like to add a donation?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Harbour Lifeboat Trust' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Harbour Lifeboat Trust logo' })).toBeVisible();
  await expect(page.getByText('Every donation keeps a boat ready.')).toBeVisible();
  // 1.5 % + 20p, each with 20 % VAT.
  await expect(page.getByText('A fee of 1.8% + 24p is added to your donation')).toBeVisible();

  await page.getByRole('button', { name: 'Add donation' }).click();
  await expect(page.getByText('Please select an amount.')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Other amount' }).fill('0.5');
  await page.getByRole('button', { name: 'Add donation' }).click();
  await expect(page.getByText('Choose an amount or click Skip donation')).toBeVisible();

  await page.getByRole('radio', { name: '£50.00' }).check();
  // 0.20 + 1.5 % of 50 = 0.95, + 20 % VAT = 1.14
  await expect(page.getByText('Your donation £50.00 + fee £1.14 = £51.14')).toBeVisible();
  await page.getByRole('button', { name: 'Add donation' }).click();

  await expect(account.giftAidHeading).toBeVisible();
  await expect(
    page.getByText('Gift Aid turns your £50.00 donation into £62.50 at no extra cost to you.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Yes, add Gift Aid to my donation' }).check();
  await page.getByRole('checkbox', { name: /^I am a UK taxpayer/ }).check();
  await account.continueButton.click();
  await expect(page.getByText('Please confirm all three statements to add Gift Aid.')).toBeVisible();
  await expect(page.getByText('Please type your first line of address')).toBeVisible();
  await expect(page.getByText('Please type your postcode')).toBeVisible();

  await page.getByRole('checkbox', { name: /^This donation is my own money/ }).check();
  await page.getByRole('checkbox', { name: /^I am not receiving anything in return/ }).check();
  await account.field('Address line 1').fill('14 Marine Parade');
  await account.field('Postcode').fill('BN2 1TL');
  await account.continueButton.click();

  await expect(account.accountHeading).toBeVisible();
  const checkout = await account.serverCheckout();
  expect(checkout.donation).toEqual({ amount_before_booking_fee: 50, booking_fee: 1.14, is_gift_aid: true });
  expect(checkout.is_gift_aid).toBe(true);
  await account.signInAsGuest(guestEmail('donor'), 'Dana Donor');
  await expect(account.keepUpdatedHeading).toBeVisible();
});

test('an overseas taxpayer gives only the address', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.galaAdult }]);
  await page.getByRole('spinbutton', { name: 'Other amount' }).fill('25');
  await page.getByRole('button', { name: 'Add donation' }).click();
  await expect(account.giftAidHeading).toBeVisible();
  await page.getByRole('checkbox', { name: 'Yes, add Gift Aid to my donation' }).check();
  for (const name of [
    /^I am a UK taxpayer/,
    /^This donation is my own money/,
    /^I am not receiving anything in return/,
  ]) {
    await page.getByRole('checkbox', { name }).check();
  }
  await page.getByRole('radio', { name: 'Overseas (a UK taxpayer living abroad)' }).check();
  await expect(account.field('Postcode')).toBeHidden();
  await account.field('Home address').fill('5 Rue de Rivoli, 75001 Paris, France');
  await account.continueButton.click();
  await expect(account.accountHeading).toBeVisible();
  expect((await account.serverCheckout()).is_gift_aid).toBe(true);
});

test('Skip donation goes to the account step and saves nothing', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.galaAdult }]);
  await page.getByRole('radio', { name: '£10.00' }).check();
  await page.getByRole('button', { name: 'Skip donation' }).click();
  await expect(account.accountHeading).toBeVisible();
  const checkout = await account.serverCheckout();
  expect(checkout.donation).toBeNull();
  expect(checkout.state).toBe('login');
});
