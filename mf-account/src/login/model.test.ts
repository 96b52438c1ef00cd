import { allSettled } from 'effector';
import { apiFailure, failWith, sampleUser } from '@checkout/shared/testing';
import * as captchaMessages from '@checkout/shared/messages/captcha';
import * as loginMessages from '@checkout/shared/messages/login';
import { copy } from './copy';
import { modelScope } from '../testing';
import {
  $canVerify,
  $code,
  $codeError,
  $email,
  $fullName,
  $emailError,
  $fullNameError,
  $mode,
  $refusals,
  $sendCaptcha,
  $sendCaptchaProblem,
  $sendCaptchaToken,
  accountConfirmed,
  accountShown,
  changeEmailClicked,
  codeChanged,
  emailChanged,
  fullNameChanged,
  nameConfirmed,
  sendCaptchaReset,
  sendCaptchaVerified,
  sendCodeClicked,
  signOutClicked,
  verifyClicked,
} from './model';

type Setup = ReturnType<typeof modelScope>;

async function asGuest(setup: Setup, initEmail: string | null = null) {
  await allSettled(accountShown, { scope: setup.scope, params: { deps: setup.deps, user: null, initEmail } });
}

async function codeSent(setup: Setup, email = 'sam@example.com') {
  await asGuest(setup);
  await allSettled(emailChanged, { scope: setup.scope, params: email });
  await allSettled(sendCodeClicked, { scope: setup.scope });
}

describe('loading', () => {
  test('a guest gets the email form, prefilled with the checkout init_guest_email', async () => {
    const setup = modelScope();
    expect(setup.scope.getState($mode)).toBe('loading');
    await asGuest(setup, 'guest@example.com');
    expect(setup.scope.getState($mode)).toBe('enter_email');
    expect(setup.scope.getState($email)).toBe('guest@example.com');
  });

  test('a signed-in user confirms the account', async () => {
    const setup = modelScope();
    await allSettled(accountShown, {
      scope: setup.scope,
      params: { deps: setup.deps, user: sampleUser(), initEmail: null },
    });
    expect(setup.scope.getState($mode)).toBe('confirm_account');
  });
});

describe('enter_email', () => {
  test.each(['', 'not-an-email', 'sam@'])('%j is refused with the spec message and nothing is sent', async (email) => {
    const setup = modelScope();
    await asGuest(setup);
    await allSettled(emailChanged, { scope: setup.scope, params: email });
    await allSettled(sendCodeClicked, { scope: setup.scope });
    expect(setup.scope.getState($emailError)).toBe(loginMessages.invalidEmail);
    expect(setup.scope.getState($refusals)).toBe(1);
    expect(setup.api.log).toEqual([]);
    expect(setup.scope.getState($mode)).toBe('enter_email');
  });

  test('the error clears when the email changes', async () => {
    const setup = modelScope();
    await asGuest(setup);
    await allSettled(sendCodeClicked, { scope: setup.scope });
    await allSettled(emailChanged, { scope: setup.scope, params: 's' });
    expect(setup.scope.getState($emailError)).toBeNull();
  });

  test('a valid email sends the code (trimmed) and shows the code form', async () => {
    const setup = modelScope();
    await codeSent(setup, '  sam@example.com ');
    expect(setup.api.payloadsOf('sendOneTimeCode')).toEqual([{ email: 'sam@example.com' }]);
    expect(setup.scope.getState($mode)).toBe('one_time_code_sent');
  });

  test('a failure toasts the spec message and shows the server message inline', async () => {
    const setup = modelScope({
      sendOneTimeCode: failWith(
        apiFailure('sendOneTimeCode', { status: 429, serverMessage: 'Too many codes. Please wait a few minutes.' }),
      ),
    });
    await codeSent(setup);
    expect(setup.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: loginMessages.sendCodeFailed, group: 'send-code' } },
    ]);
    expect(setup.scope.getState($emailError)).toBe('Too many codes. Please wait a few minutes.');
    expect(setup.scope.getState($mode)).toBe('enter_email');
  });

  test('an error in a 200 answer is a failure too', async () => {
    const setup = modelScope({ sendOneTimeCode: async () => ({ error: 'That address cannot receive email' }) });
    await codeSent(setup);
    expect(setup.sent.map((c) => c.kind)).toEqual(['notify']);
    expect(setup.scope.getState($emailError)).toBe('That address cannot receive email');
    expect(setup.scope.getState($mode)).toBe('enter_email');
  });
});

describe('a captcha before another code (many were asked for this email)', () => {
  const asked = {
    success: false,
    captcha: true,
    captcha_sitekey: 'sandbox-site-key',
    error: 'Many codes have been asked for this email address.',
  };

  test('the server asks: the challenge is shown with its sentence, no toast, still entering the email; Send waits for it', async () => {
    let calls = 0;
    const setup = modelScope({ sendOneTimeCode: async () => (++calls === 1 ? asked : { success: true }) });
    await codeSent(setup);
    expect(setup.scope.getState($mode)).toBe('enter_email');
    expect(setup.scope.getState($sendCaptcha)).toEqual({ sitekey: 'sandbox-site-key', round: 1 });
    expect(setup.scope.getState($emailError)).toBe(asked.error);
    expect(setup.sent).toEqual([]);
    // Not passed yet: nothing is sent.
    await allSettled(sendCodeClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('sendOneTimeCode')).toHaveLength(1);

    await allSettled(sendCaptchaVerified, { scope: setup.scope, params: 'token-1' });
    await allSettled(sendCodeClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('sendOneTimeCode')).toEqual([
      { email: 'sam@example.com' },
      { email: 'sam@example.com', 'h-captcha-response': 'token-1' },
    ]);
    expect(setup.scope.getState($mode)).toBe('one_time_code_sent');
    expect(setup.scope.getState($sendCaptcha)).toBeNull();
    expect(setup.scope.getState($sendCaptchaToken)).toBeNull();
  });

  test('asked again (the token was refused): a fresh challenge, and the spent token is gone', async () => {
    const setup = modelScope({ sendOneTimeCode: async () => asked });
    await codeSent(setup);
    await allSettled(sendCaptchaVerified, { scope: setup.scope, params: 'token-1' });
    await allSettled(sendCodeClicked, { scope: setup.scope });
    expect(setup.scope.getState($sendCaptcha)).toEqual({ sitekey: 'sandbox-site-key', round: 2 });
    expect(setup.scope.getState($sendCaptchaToken)).toBeNull();
  });

  test('an expired or failed challenge is not passed any more: the expiry sentence for an expiry, the provider’s words for an error', async () => {
    const setup = modelScope({ sendOneTimeCode: async () => asked });
    await codeSent(setup);
    await allSettled(sendCaptchaVerified, { scope: setup.scope, params: 'token-1' });
    await allSettled(sendCaptchaReset, { scope: setup.scope, params: { reason: 'expired' } });
    expect(setup.scope.getState($sendCaptchaToken)).toBeNull();
    expect(setup.scope.getState($sendCaptchaProblem)).toBe(captchaMessages.captchaExpired);
    await allSettled(sendCaptchaReset, {
      scope: setup.scope,
      params: { reason: 'error', detail: 'The challenge could not be verified.' },
    });
    expect(setup.scope.getState($sendCaptchaProblem)).toBe('The challenge could not be verified.');
  });
});

describe('one_time_code_sent', () => {
  test('the code keeps digits only, at most 6, and Verify waits for exactly 6', async () => {
    const setup = modelScope();
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '12a 3-4' });
    expect(setup.scope.getState($code)).toBe('1234');
    expect(setup.scope.getState($canVerify)).toBe(false);
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('checkOneTimeCode')).toEqual([]);
    await allSettled(codeChanged, { scope: setup.scope, params: '1234567' });
    expect(setup.scope.getState($code)).toBe('123456');
    expect(setup.scope.getState($canVerify)).toBe(true);
  });

  test('an existing account: refresh the user, reload the checkout, next step', async () => {
    const setup = modelScope({ checkOneTimeCode: async () => ({ has_account: true }) });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('checkOneTimeCode')).toEqual([{ email: 'sam@example.com', code: '123456' }]);
    expect(setup.sent).toEqual([{ kind: 'refreshUser' }, { kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
  });

  test('no account: confirm_name, then the guest is saved to the sale and the step completes', async () => {
    const setup = modelScope({ checkOneTimeCode: async () => ({ has_account: false }) });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.scope.getState($mode)).toBe('confirm_name');
    expect(setup.sent).toEqual([]);

    await allSettled(fullNameChanged, { scope: setup.scope, params: 'Sam' });
    await allSettled(nameConfirmed, { scope: setup.scope });
    expect(setup.scope.getState($fullNameError)).toBe(loginMessages.fullNameRequired);
    expect(setup.api.payloadsOf('saveGuestToSale')).toEqual([]);

    await allSettled(fullNameChanged, { scope: setup.scope, params: '  Sam   Rivers ' });
    expect(setup.scope.getState($fullNameError)).toBeNull();
    await allSettled(nameConfirmed, { scope: setup.scope });
    expect(setup.api.payloadsOf('saveGuestToSale')).toEqual([{ email: 'sam@example.com', fullname: 'Sam Rivers' }]);
    expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
  });

  test('a guest this session already proved (a reload, or Edit basket): the name form, with the name kept', async () => {
    const setup = modelScope();
    await allSettled(accountShown, {
      scope: setup.scope,
      params: {
        deps: setup.deps,
        user: null,
        initEmail: 'sam@example.com',
        provenGuest: { email: 'sam@example.com', full_name: 'Sam Rivers' },
      },
    });
    expect(setup.scope.getState($mode)).toBe('confirm_name');
    expect(setup.scope.getState($email)).toBe('sam@example.com');
    expect(setup.scope.getState($fullName)).toBe('Sam Rivers');
    await allSettled(nameConfirmed, { scope: setup.scope });
    expect(setup.api.payloadsOf('saveGuestToSale')).toEqual([{ email: 'sam@example.com', fullname: 'Sam Rivers' }]);
    expect(setup.api.payloadsOf('sendOneTimeCode')).toEqual([]);
  });

  test('proved but not yet named (a reload after Verify): the name form, empty', async () => {
    const setup = modelScope();
    await allSettled(accountShown, {
      scope: setup.scope,
      params: {
        deps: setup.deps,
        user: null,
        initEmail: null,
        provenGuest: { email: 'sam@example.com', full_name: null },
      },
    });
    expect(setup.scope.getState($mode)).toBe('confirm_name');
    expect(setup.scope.getState($fullName)).toBe('');
  });

  test("saving the guest fails: the server's message inline, no next step", async () => {
    const setup = modelScope({
      checkOneTimeCode: async () => ({ has_account: false }),
      saveGuestToSale: async () => ({ error: 'Name too long' }),
    });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: setup.scope });
    await allSettled(fullNameChanged, { scope: setup.scope, params: 'Sam Rivers' });
    await allSettled(nameConfirmed, { scope: setup.scope });
    expect(setup.scope.getState($fullNameError)).toBe('Name too long');
    expect(setup.sent).toEqual([]);
  });

  test('a wrong code: the server message inline and the code cleared', async () => {
    const setup = modelScope({
      checkOneTimeCode: failWith(
        apiFailure('checkOneTimeCode', { serverMessage: 'That code is not right', errorType: 'one_time_code' }),
      ),
    });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '000000' });
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.scope.getState($codeError)).toBe('That code is not right');
    expect(setup.scope.getState($code)).toBe('');
    expect(setup.scope.getState($mode)).toBe('one_time_code_sent');
    expect(setup.sent).toEqual([]);
    await allSettled(codeChanged, { scope: setup.scope, params: '1' });
    expect(setup.scope.getState($codeError)).toBeNull();
  });

  test('a failure without a server message still says something', async () => {
    const setup = modelScope({
      checkOneTimeCode: failWith({ kind: 'network', call: 'checkOneTimeCode', message: '' }),
    });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.scope.getState($codeError)).toBe(copy.codeCheckFailed);
  });

  test('a reserving-type error goes back to the reloaded basket with the reason', async () => {
    const setup = modelScope({
      checkOneTimeCode: failWith(
        apiFailure('checkOneTimeCode', { serverMessage: 'Your reservation has ended', errorType: 'reserving' }),
      ),
    });
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: setup.scope });
    expect(setup.sent).toEqual([
      { kind: 'notify', notification: { type: 'warn', text: 'Your reservation has ended', group: 'reserving' } },
      { kind: 'reloadCheckout' },
      { kind: 'goTo', state: 'basket' },
    ]);
    expect(setup.scope.getState($codeError)).toBeNull();
  });

  test("'Check or change email address, or re-send code' goes back to the email, code cleared", async () => {
    const setup = modelScope();
    await codeSent(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123' });
    await allSettled(changeEmailClicked, { scope: setup.scope });
    expect(setup.scope.getState($mode)).toBe('enter_email');
    expect(setup.scope.getState($code)).toBe('');
    expect(setup.scope.getState($email)).toBe('sam@example.com');
    await allSettled(sendCodeClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('sendOneTimeCode')).toHaveLength(2);
  });
});

describe('confirm_account', () => {
  async function signedIn(setup: Setup) {
    await allSettled(accountShown, {
      scope: setup.scope,
      params: { deps: setup.deps, user: sampleUser(), initEmail: null },
    });
  }

  test('Continue completes the step', async () => {
    const setup = modelScope();
    await signedIn(setup);
    await allSettled(accountConfirmed, { scope: setup.scope });
    expect(setup.sent).toEqual([{ kind: 'stepCompleted' }]);
  });

  test("'Not you? Sign out' logs out of the sale and shows an empty email form", async () => {
    const setup = modelScope();
    await signedIn(setup);
    await allSettled(signOutClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('logoutOfSale')).toEqual([{}]);
    expect(setup.scope.getState($mode)).toBe('enter_email');
    expect(setup.scope.getState($email)).toBe('');
    expect(setup.sent).toEqual([{ kind: 'refreshUser' }]);
  });

  test('a failed logout toasts the spec message and stays', async () => {
    const setup = modelScope({ logoutOfSale: failWith(apiFailure('logoutOfSale')) });
    await signedIn(setup);
    await allSettled(signOutClicked, { scope: setup.scope });
    expect(setup.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: loginMessages.logoutFailed, group: 'logout' } },
    ]);
    expect(setup.scope.getState($mode)).toBe('confirm_account');
  });
});
