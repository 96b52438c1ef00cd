import { expect, test } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { seed } from '../support/seed';

const { ticket, giftVoucher } = seed.ids;

test.describe('accessibility: no serious or critical axe violation', () => {
  test('on every mode of the account step, and on Keep updated', async ({ page, context }) => {
    const account = new AccountPage(page, context);
    await account.reserve([{ ticketId: ticket.aquariumEarly }]);
    await expect(account.email).toBeVisible();
    await account.sendCode.click();
    await expect(page.getByText('Please type a valid email address')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);

    const email = guestEmail('axe');
    const code = await account.requestCode(email);
    await account.code.fill('000000' === code ? '111111' : '000000');
    await account.verify.click();
    await expect(page.locator('#account-code-error')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);

    await account.code.fill(code);
    await account.verify.click();
    await account.continueButton.click();
    await expect(page.getByText('Please type both your first and last name(s)')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);

    await account.fullName.fill('Axe Tester');
    await account.continueButton.click();
    await expect(account.keepUpdatedHeading).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);
  });

  test('on the signed-in account step', async ({ page, context }) => {
    const account = new AccountPage(page, context);
    await account.signInBeforeCheckout('dark@example.com');
    await account.reserve([{ ticketId: ticket.aquariumEarly }]);
    await expect(account.notYou).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);
  });

  test('on Donation and Gift Aid, narrow too', async ({ page, context }) => {
    const account = new AccountPage(page, context);
    await page.setViewportSize({ width: 375, height: 800 });
    await account.reserve([{ ticketId: ticket.galaAdult }]);
    await page.getByRole('button', { name: 'Add donation' }).click();
    await expect(page.getByText('Please select an amount.')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);
    await page.getByRole('radio', { name: '£20.00' }).check();
    await page.getByRole('button', { name: 'Add donation' }).click();
    await expect(account.giftAidHeading).toBeVisible();
    await page.getByRole('checkbox', { name: 'Yes, add Gift Aid to my donation' }).check();
    await account.continueButton.click();
    await expect(page.getByText('Please confirm all three statements to add Gift Aid.')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);
  });

  test('on Delivery Address with lookup results, errors, a state and gift voucher fields', async ({
    page,
    context,
  }) => {
    const account = new AccountPage(page, context);
    await account.reserve([{ ticketId: ticket.folkStalls }, { giftVoucherId: giftVoucher.folk, value: 25 }]);
    await account.signInAsGuest(guestEmail('axe-post'), 'Axe Post');
    await account.keepPreferences();
    await expect(account.deliveryHeading).toBeVisible();
    await account.field('Find an address by postcode or street').fill('BN2 1TL');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('list', { name: 'Addresses found' })).toBeVisible();
    await account.select('Country').selectOption({ label: 'United States' });
    await account.continueButton.click();
    await expect(page.getByText('Who is the gift voucher for?')).toBeVisible();
    expect(await account.seriousViolations()).toEqual([]);
  });
});

test.describe('keyboard alone', () => {
  test('a guest signs in, keeps updated and gives a delivery address with lookup', async ({ page, context }) => {
    const account = new AccountPage(page, context);
    await account.reserve([{ ticketId: ticket.folkStalls }]);
    await expect(account.accountHeading).toBeFocused();
    const email = guestEmail('keys');
    const since = await account.latestCodeId(email);

    await account.tabTo(account.email);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(account.code).toBeFocused();
    await page.keyboard.type(await account.codeFor(email, since));
    await page.keyboard.press('Enter');
    await expect(account.fullName).toBeFocused();
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Enter');

    await expect(account.keepUpdatedHeading).toBeFocused();
    const newsletter = page.getByRole('checkbox', { name: 'Exclusive event news and discounts (our newsletter)' });
    await account.tabTo(newsletter);
    await page.keyboard.press('Space');
    await expect(newsletter).toBeChecked();
    await account.tabTo(account.continueButton);
    await page.keyboard.press('Enter');

    await expect(account.deliveryHeading).toBeFocused();
    await account.tabTo(account.field('Find an address by postcode or street'));
    await page.keyboard.type('BN2 1TL');
    await page.keyboard.press('Enter');
    const result = page.getByRole('button', { name: 'Use this address: 12 Marine Parade, Brighton, BN2 1TL' });
    await account.tabTo(result);
    await page.keyboard.press('Enter');
    await expect(account.field('Address line 1')).toHaveValue('12 Marine Parade');
    await account.tabTo(account.field('First name'));
    await page.keyboard.type('Kay');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Board');
    await account.tabTo(account.continueButton);
    await page.keyboard.press('Enter');
    await expect(account.deliveryHeading).toBeHidden();
  });

  test('a donation with Gift Aid', async ({ page, context }) => {
    const account = new AccountPage(page, context);
    await account.reserve([{ ticketId: ticket.galaAdult }]);
    const first = page.getByRole('radio', { name: '£5.00' });
    await account.tabTo(first);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '£20.00' })).toBeChecked();
    await account.tabTo(page.getByRole('button', { name: 'Add donation' }));
    await page.keyboard.press('Enter');

    await expect(account.giftAidHeading).toBeFocused();
    const optIn = page.getByRole('checkbox', { name: 'Yes, add Gift Aid to my donation' });
    await account.tabTo(optIn);
    await page.keyboard.press('Space');
    for (const name of [
      /^I am a UK taxpayer/,
      /^This donation is my own money/,
      /^I am not receiving anything in return/,
    ]) {
      await account.tabTo(page.getByRole('checkbox', { name }));
      await page.keyboard.press('Space');
    }
    await account.tabTo(account.field('Address line 1'));
    await page.keyboard.type('14 Marine Parade');
    await account.tabTo(account.field('Postcode'));
    await page.keyboard.type('BN2 1TL');
    await page.keyboard.press('Enter');
    await expect(account.accountHeading).toBeFocused();
    expect((await account.serverCheckout()).is_gift_aid).toBe(true);
  });
});
