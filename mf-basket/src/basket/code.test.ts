import { allSettled, fork } from 'effector';
import { apiFailure, createFakeApi, failWith, fakeStepProps, type FakeApiHandlers } from '@checkout/shared/testing';
import { $codeReasonShown, $codeVerdict, codeEdited, codeRemoveClicked, codeSubmitted } from './code';
import { $deps, shellCommandsFx, type ShellCommand } from '@checkout/shared/parcel';

function setup(handlers: Partial<FakeApiHandlers> = {}) {
  const api = createFakeApi({ handlers });
  const sent: ShellCommand[] = [];
  const scope = fork({
    values: [[$deps, { api, commands: fakeStepProps().commands }]],
    handlers: [[shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)]],
  });
  return { scope, api, sent };
}

describe('discount or voucher code', () => {
  test.each([
    ['applied', { code_applied: true }, { kind: 'applied' }, null],
    ['not applied, no reason', { code_applied: false }, { kind: 'invalid', reason: null }, null],
    [
      'not applied, with the reason',
      { code_applied: false, error: 'This code has expired.' },
      { kind: 'invalid', reason: 'This code has expired.' },
      'This code has expired.',
    ],
  ] as const)('%s: the verdict, then the basket reloads', async (_name, answer, verdict, reasonShown) => {
    const { scope, api, sent } = setup({ setCode: async () => answer });
    await allSettled(codeSubmitted, { scope, params: '  SAVE10 ' });
    expect(api.payloadsOf('setCode')).toEqual([{ code: 'SAVE10' }]);
    expect(scope.getState($codeVerdict)).toEqual(verdict);
    expect(scope.getState($codeReasonShown)).toBe(reasonShown);
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('a failed call shows the spec error and no verdict', async () => {
    const { scope, sent } = setup({ setCode: failWith(apiFailure('setCode')) });
    await allSettled(codeSubmitted, { scope, params: 'SAVE10' });
    expect(scope.getState($codeVerdict)).toBeNull();
    expect(sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: 'Unable to set the Code. Please try again later' } },
    ]);
  });

  test('an empty code is not sent', async () => {
    const { scope, api } = setup();
    await allSettled(codeSubmitted, { scope, params: '   ' });
    expect(api.log).toEqual([]);
  });

  test('typing again clears the verdict', async () => {
    const { scope } = setup({ setCode: async () => ({ code_applied: false }) });
    await allSettled(codeSubmitted, { scope, params: 'NOPE' });
    await allSettled(codeEdited, { scope });
    expect(scope.getState($codeVerdict)).toBeNull();
  });

  test("removing a code takes 'Code applied' away with it", async () => {
    const { scope } = setup({
      setCode: async () => ({ code_applied: true }),
      removeCode: async () => ({ success: true }),
    });
    await allSettled(codeSubmitted, { scope, params: 'FOLK5' });
    expect(scope.getState($codeVerdict)).toEqual({ kind: 'applied' });
    await allSettled(codeRemoveClicked, { scope, params: 'FOLK5' });
    expect(scope.getState($codeVerdict)).toBeNull();
  });
});
