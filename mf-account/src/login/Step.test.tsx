import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { messages } from '@checkout/shared';
import { renderStep } from '../testing-ui';
import { LoginStep } from './Step';

const guest = (options: Parameters<typeof renderStep>[1] = {}) =>
  renderStep(LoginStep, { state: 'login', user: null, checkout: sampleCheckout({ state: 'login' }), ...options });

test('a guest signs in with an emailed code and gives a full name', async () => {
  const user = userEvent.setup();
  const props = guest();
  expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();

  const email = await screen.findByRole('textbox', { name: 'Email address' });
  expect(email).toHaveAccessibleDescription(messages.emailHint);
  await user.type(email, 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(email).toHaveAccessibleDescription(`${messages.emailHint} ${messages.invalidEmail}`);
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
  expect(name).toHaveAccessibleDescription(messages.fullNameHint);
  await user.type(name, 'Sam{Enter}');
  expect(await screen.findByText(messages.fullNameRequired)).toBeInTheDocument();
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
    api: { checkOneTimeCode: failWith(apiFailure('checkOneTimeCode', { serverMessage: 'That code is not right', errorType: 'one_time_code' })) },
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
    api: { sendOneTimeCode: failWith(apiFailure('sendOneTimeCode', { serverMessage: 'Too many codes. Please wait a few minutes.' })) },
  });
  await user.click(await screen.findByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('Too many codes. Please wait a few minutes.')).toBeInTheDocument();
  expect(props.notifications().map((n) => n.text)).toEqual([messages.sendCodeFailed]);
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
