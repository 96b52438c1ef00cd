import { expect, test } from '@playwright/test';
import { AccountPage, guestEmail } from '../pages/account';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

test('a guest signs in with the emailed code and gives a full name', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  await expect(account.accountHeading).toBeVisible();
  await expect(account.email).toHaveAccessibleDescription('Type your email address');

  // An address that does not look like one is refused before anything is sent.
  await account.email.fill('not-an-email');
  await account.sendCode.click();
  await expect(page.getByText('Please type a valid email address')).toBeVisible();
  await expect(account.email).toBeFocused();

  const email = guestEmail('guest');
  const code = await account.requestCode(email);
  await expect(page.getByText(`We have sent a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
  // Non-digits are dropped; Verify waits for exactly six digits.
  await account.code.pressSequentially(`${code.slice(0, 3)} -x`);
  await expect(account.code).toHaveValue(code.slice(0, 3));
  await expect(account.verify).toBeDisabled();
  await account.code.pressSequentially(code.slice(3));
  await expect(account.verify).toBeEnabled();
  await account.verify.click();

  await expect(account.fullName).toBeFocused();
  await expect(account.fullName).toHaveAccessibleDescription('Type your full name');
  await account.fullName.fill('Sam');
  await account.continueButton.click();
  await expect(page.getByText('Please type both your first and last name(s)')).toBeVisible();
  await account.fullName.fill('Sam Rivers-Guest');
  await account.continueButton.click();

  await expect(account.keepUpdatedHeading).toBeVisible();
  expect((await account.serverCheckout()).init_guest_email).toBe(email);
});

test('a wrong code is refused inline and cleared; the right one then works', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  const email = guestEmail('wrong-code');
  const code = await account.requestCode(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await account.code.fill(wrong);
  await account.verify.click();
  const refusal = page.locator('#account-code-error');
  await expect(refusal).toBeVisible();
  await expect(account.code).toHaveValue('');
  await expect(account.code).toHaveAccessibleDescription(
    `The 6 digits from the email ${(await refusal.textContent()) ?? ''}`,
  );
  await expect(account.verify).toBeDisabled();

  await account.code.fill(code);
  await account.verify.click();
  await expect(account.fullName).toBeVisible();
});

test("'Check or change email address, or re-send code' goes back with the email kept and sends a new code", async ({
  page,
  context,
}) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  const email = guestEmail('resend');
  const first = await account.requestCode(email);
  await account.code.fill('12');
  await account.changeEmail.click();
  await expect(account.email).toHaveValue(email);
  const second = await account.requestCode(email);
  await expect(account.code).toHaveValue('');
  // The new code works (a resend voids the old one on the server).
  await account.code.fill(second);
  await account.verify.click();
  await expect(account.fullName).toBeVisible();
  expect(second).toMatch(/^\d{6}$/);
  expect(first).toMatch(/^\d{6}$/);
});

test('a returning user signs in with the code and goes straight on', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  const code = await account.requestCode('demo@example.com');
  await account.code.fill(code);
  await account.verify.click();
  await expect(account.keepUpdatedHeading).toBeVisible();
  expect((await account.serverUser())?.email).toBe('demo@example.com');
});

test('a signed-in user confirms the account', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('demo@example.com');
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  await expect(account.accountHeading).toBeVisible();
  await expect(page.getByText('You are signed in as')).toContainText('Alex Morgan');
  await expect(page.getByText('You are signed in as')).toContainText('demo@example.com');
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeVisible();
});

test("'Not you? Sign out' logs out of the sale and asks for an email", async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('dark@example.com');
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  await expect(page.getByText('You are signed in as')).toContainText('Sam Rivers');
  await account.notYou.click();
  await expect(account.email).toBeVisible();
  await expect(account.email).toHaveValue('');
  await expect(account.email).toBeFocused();
  expect(await account.serverUser()).toBeNull();
  // The reservation is kept: a guest can go on with it.
  await account.signInAsGuest(guestEmail('after-sign-out'), 'Jo Guest');
  await expect(account.keepUpdatedHeading).toBeVisible();
});
