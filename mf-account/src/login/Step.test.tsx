import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import * as captchaMessages from '@checkout/shared/messages/captcha';
import * as loginMessages from '@checkout/shared/messages/login';
import { renderStep } from '../testing-ui';
import { LoginStep } from './Step';

const guest = (options: Parameters<typeof renderStep>[1] = {}) =>
  renderStep(LoginStep, { state: 'login', user: null, checkout: sampleCheckout({ state: 'login' }), ...options });

// A code sent is remembered in this tab's sessionStorage (remember.ts): each test starts from a fresh tab.
beforeEach(() => window.sessionStorage.clear());

test('a reload after Send code comes back to the code with the email, not the email form', async () => {
  const user = userEvent.setup();
  guest();
  await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'sam@example.com{Enter}');
  expect(await screen.findByRole('textbox', { name: 'Code' })).toBeInTheDocument();

  // The reload: the page and its scope are gone, the tab's sessionStorage stays.
  cleanup();
  const props = guest();
  const code = await screen.findByRole('textbox', { name: 'Code' });
  expect(screen.getByText(/We have sent a 6-digit code to sam@example.com/)).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
  await user.type(code, '123456{Enter}');
  await waitFor(() =>
    expect(props.api.payloadsOf('checkOneTimeCode')).toEqual([{ email: 'sam@example.com', code: '123456' }]),
  );
});

test('a guest signs in with an emailed code and gives a full name', async () => {
  const user = userEvent.setup();
  const props = guest();
  expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();

  const email = await screen.findByRole('textbox', { name: 'Email address' });
  expect(email).toHaveAccessibleDescription(loginMessages.emailHint);
  await user.type(email, 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(email).toHaveAccessibleDescription(`${loginMessages.emailHint} ${loginMessages.invalidEmail}`);
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();

  await user.clear(email);
  await user.type(email, 'sam@example.com{Enter}');
  const code = await screen.findByRole('textbox', { name: 'Code' });
  expect(code).toHaveFocus();
  expect(screen.getByText(/We have sent a 6-digit code to sam@example.com/)).toBeInTheDocument();
  const verify = screen.getByRole('button', { name: 'Verify' });
  await user.type(code, '12a 34');
  expect(code).toHaveValue('1234');
  expect(verify).toBeDisabled();
  await user.type(code, '56');
  expect(verify).toBeEnabled();
  await user.click(verify);

  const name = await screen.findByRole('textbox', { name: 'Full name' });
  expect(name).toHaveAccessibleDescription(loginMessages.fullNameHint);
  await user.type(name, 'Sam{Enter}');
  expect(await screen.findByText(loginMessages.fullNameRequired)).toBeInTheDocument();
  await user.type(name, ' Rivers{Enter}');
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('marketing_preferences'));
  expect(props.api.payloadsOf('saveGuestToSale')).toEqual([{ email: 'sam@example.com', fullname: 'Sam Rivers' }]);
});

test('the email is prefilled from init_guest_email', async () => {
  guest({ checkout: sampleCheckout({ state: 'login', init_guest_email: 'guest@example.com' }) });
  expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('guest@example.com');
});

test('a wrong code shows the server message and clears the code', async () => {
  const user = userEvent.setup();
  guest({
    checkout: sampleCheckout({ state: 'login', init_guest_email: 'sam@example.com' }),
    api: {
      checkOneTimeCode: failWith(
        apiFailure('checkOneTimeCode', { serverMessage: 'That code is not right', errorType: 'one_time_code' }),
      ),
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Send code' }));
  const code = await screen.findByRole('textbox', { name: 'Code' });
  await user.type(code, '000000{Enter}');
  expect(await screen.findByText('That code is not right')).toBeInTheDocument();
  expect(code).toHaveValue('');
  expect(code).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Check or change email address, or re-send code' }));
  expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('sam@example.com');
});

test('sending the code fails: a toast and the server message inline', async () => {
  const user = userEvent.setup();
  const props = guest({
    checkout: sampleCheckout({ state: 'login', init_guest_email: 'sam@example.com' }),
    api: {
      sendOneTimeCode: failWith(
        apiFailure('sendOneTimeCode', { serverMessage: 'Too many codes. Please wait a few minutes.' }),
      ),
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('Too many codes. Please wait a few minutes.')).toBeInTheDocument();
  expect(props.notifications().map((n) => n.text)).toEqual([loginMessages.sendCodeFailed]);
});

test('a signed-in user confirms the account, or signs out', async () => {
  const user = userEvent.setup();
  const props = renderStep(LoginStep, { state: 'login', checkout: sampleCheckout({ state: 'login' }) });
  expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
  expect(screen.getByText(/alex.morgan@example.com/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Not you? Sign out' }));
  expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('');
  expect(props.api.payloadsOf('logoutOfSale')).toHaveLength(1);
});

test('Continue on a confirmed account goes to the next step', async () => {
  const user = userEvent.setup();
  const props = renderStep(LoginStep, { state: 'login', checkout: sampleCheckout({ state: 'login' }) });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('marketing_preferences'));
});

test('the server asks for a captcha before another code: the challenge, its sentence, and Send only once it is passed', async () => {
  const user = userEvent.setup();
  const asked = {
    success: false,
    captcha: true,
    captcha_sitekey: 'sandbox-site-key',
    error: 'Many codes have been asked for this email address.',
  };
  let sends = 0;
  // The sandbox challenge's own request (POST /sandbox/captcha/solve).
  const solved = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ token: 'sandbox-token', expires_in: 120 }),
  }));
  const realFetch = global.fetch;
  global.fetch = solved as unknown as typeof fetch;
  try {
    const props = guest({
      checkout: sampleCheckout({ state: 'login', init_guest_email: 'sam@example.com' }),
      api: { sendOneTimeCode: async () => (++sends === 1 ? asked : { success: true }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(captchaMessages.captchaPrompt)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      `${loginMessages.emailHint} ${asked.error}`,
    );
    expect(props.notifications()).toEqual([]);
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();

    await user.click(await screen.findByRole('checkbox', { name: 'I am human' }));
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByRole('textbox', { name: 'Code' })).toBeInTheDocument();
    expect(props.api.payloadsOf('sendOneTimeCode')).toEqual([
      { email: 'sam@example.com' },
      { email: 'sam@example.com', 'h-captcha-response': 'sandbox-token' },
    ]);
  } finally {
    global.fetch = realFetch;
  }
});
