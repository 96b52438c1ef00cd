import { allSettled } from 'effector';
import { sampleUser } from '@checkout/shared/testing';
import { modelScope } from '../testing';
import {
  $email,
  $mode,
  accountShown,
  changeEmailClicked,
  codeChanged,
  emailChanged,
  sendCodeClicked,
  signOutClicked,
  verifyClicked,
} from './model';
import { saleShown } from './remember';

const SALE = 'RVL-7K2Q9D';
type Setup = ReturnType<typeof modelScope>;

/** The step mounted for a sale, as Step.tsx does it: a page load, or a reload when `setup` is a fresh scope. */
async function mounted(setup: Setup, options: { saleReference?: string | null; signedIn?: boolean } = {}) {
  const user = options.signedIn ? sampleUser() : null;
  await allSettled(accountShown, { scope: setup.scope, params: { deps: setup.deps, user, initEmail: null } });
  await allSettled(saleShown, {
    scope: setup.scope,
    params: { saleReference: options.saleReference === undefined ? SALE : options.saleReference, signedIn: !!user },
  });
}

async function sendCode(setup: Setup, email = 'sam@example.com') {
  await allSettled(emailChanged, { scope: setup.scope, params: email });
  await allSettled(sendCodeClicked, { scope: setup.scope });
}

/** The same tab after 'Send code' and a reload: a new scope, the same sessionStorage. */
async function reloadedAfterSend(options: Parameters<typeof mounted>[1] = {}) {
  const before = modelScope();
  await mounted(before);
  await sendCode(before);
  expect(before.scope.getState($mode)).toBe('one_time_code_sent');
  const after = modelScope({ checkOneTimeCode: async () => ({ has_account: true }) });
  await mounted(after, options);
  return after;
}

beforeEach(() => window.sessionStorage.clear());

describe('a reload after Send code (kept in this tab, per sale)', () => {
  test('comes back to one_time_code_sent with the email, and the code can be verified', async () => {
    const after = await reloadedAfterSend();
    expect(after.scope.getState($mode)).toBe('one_time_code_sent');
    expect(after.scope.getState($email)).toBe('sam@example.com');
    await allSettled(codeChanged, { scope: after.scope, params: '123456' });
    await allSettled(verifyClicked, { scope: after.scope });
    expect(after.api.payloadsOf('checkOneTimeCode')).toEqual([{ email: 'sam@example.com', code: '123456' }]);
  });

  test('keeps no code, only the email, under the sale', async () => {
    const setup = modelScope();
    await mounted(setup);
    await sendCode(setup);
    await allSettled(codeChanged, { scope: setup.scope, params: '123456' });
    expect(window.sessionStorage.length).toBe(1);
    expect(window.sessionStorage.getItem(`checkout:one-time-code-sent:${SALE}`)).toBe('sam@example.com');
  });

  test("another sale's checkout starts from the email form", async () => {
    const after = await reloadedAfterSend({ saleReference: 'OTHER-SALE' });
    expect(after.scope.getState($mode)).toBe('enter_email');
  });

  test('a signed-in buyer confirms the account as usual', async () => {
    const after = await reloadedAfterSend({ signedIn: true });
    expect(after.scope.getState($mode)).toBe('confirm_account');
  });

  test('without a sale reference nothing is kept or recalled', async () => {
    const before = modelScope();
    await mounted(before, { saleReference: null });
    await sendCode(before);
    expect(window.sessionStorage.length).toBe(0);
  });

  test.each<[string, (setup: Setup) => Promise<unknown>]>([
    [
      'verified',
      async (s) => {
        await allSettled(codeChanged, { scope: s.scope, params: '123456' });
        await allSettled(verifyClicked, { scope: s.scope });
      },
    ],
    ['signed out', (s) => allSettled(signOutClicked, { scope: s.scope })],
    ['asked to change the email or re-send', (s) => allSettled(changeEmailClicked, { scope: s.scope })],
  ])('once %s, a reload starts from the email form again', async (_name, action) => {
    const setup = modelScope();
    await mounted(setup);
    await sendCode(setup);
    await action(setup);
    expect(window.sessionStorage.length).toBe(0);
    const after = modelScope();
    await mounted(after);
    expect(after.scope.getState($mode)).toBe('enter_email');
  });

  test('a storage that refuses (privacy mode) costs nothing but the memory', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      const setup = modelScope();
      await mounted(setup);
      await sendCode(setup);
      expect(setup.scope.getState($mode)).toBe('one_time_code_sent');
      const after = modelScope();
      await mounted(after);
      expect(after.scope.getState($mode)).toBe('enter_email');
    } finally {
      setItem.mockRestore();
    }
  });
});
