import { allSettled, fork } from 'effector';
import { apiFailure, createFakeApi, fakeStepProps, sampleCheckout } from '@checkout/shared/testing';
import type { ReserveTicketsResponse } from '@checkout/shared';
import { shellCommandsFx, type ShellCommand } from '@checkout/shared/parcel';
import { pushAnalyticsFx, reserveTicketsFx } from '../reserve/model';
import {
  $captchaProblem,
  $captchaToken,
  $challengeRound,
  captchaReset,
  captchaStepOpened,
  captchaVerified,
  continueClicked,
} from './model';

const EXPIRED = 'The captcha challenge has expired. Please complete the challenge again.';

function setup(answer: () => Promise<ReserveTicketsResponse> = async () => ({ reserved: true, checkout_time: 900 })) {
  const sent: ShellCommand[] = [];
  const tokens: Array<string | undefined> = [];
  const scope = fork({
    handlers: [
      [
        reserveTicketsFx,
        ({ captchaResponse }: { captchaResponse?: string }) => (tokens.push(captchaResponse), answer()),
      ],
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      [pushAnalyticsFx, () => undefined],
    ],
  });
  const proceed = () =>
    allSettled(continueClicked, {
      scope,
      params: {
        deps: { api: createFakeApi(), commands: fakeStepProps().commands, config: { apiBase: '' } },
        checkout: sampleCheckout(),
      },
    });
  return { scope, sent, tokens, proceed };
}

describe('captcha step model', () => {
  test('Continue does nothing until the challenge is passed', async () => {
    const t = setup();
    await t.proceed();
    expect(t.tokens).toEqual([]);
    expect(t.sent).toEqual([]);
  });

  test("a passed challenge's token goes with reserve_tickets; reserved moves on and spends the token", async () => {
    const t = setup();
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-1' });
    expect(t.scope.getState($captchaToken)).toBe('token-1');
    await t.proceed();
    expect(t.tokens).toEqual(['token-1']);
    expect(t.sent).toEqual([{ kind: 'reservationStarted', seconds: 900 }, { kind: 'stepCompleted' }]);
    expect(t.scope.getState($captchaToken)).toBeNull();
  });

  test.each<[string, Parameters<typeof captchaReset>[0], string]>([
    ['the token expired', { reason: 'expired' }, EXPIRED],
    ['the challenge expired', { reason: 'challenge-expired' }, EXPIRED],
    // A failed challenge did not expire: the provider's own words, not the expiry sentence.
    [
      "the sandbox's failed challenge",
      { reason: 'error', detail: 'The challenge could not be verified.' },
      'The challenge could not be verified.',
    ],
    [
      "hCaptcha's network error",
      { reason: 'error', detail: 'network-error' },
      'The challenge could not be checked just now. Please try again.',
    ],
    [
      'an error without text',
      { reason: 'error', detail: '' },
      'The challenge could not be verified. Please try again.',
    ],
  ])('%s: back to not passed, with the message', async (_name, reset, problem) => {
    const t = setup();
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-1' });
    await allSettled(captchaReset, { scope: t.scope, params: reset });
    expect(t.scope.getState($captchaToken)).toBeNull();
    expect(t.scope.getState($captchaProblem)).toBe(problem);
    await t.proceed();
    expect(t.tokens).toEqual([]);
  });

  test('passing the challenge again clears the message', async () => {
    const t = setup();
    await allSettled(captchaReset, { scope: t.scope, params: { reason: 'expired' } });
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-2' });
    expect(t.scope.getState($captchaProblem)).toBeNull();
  });

  test('a captcha demanded again: a new challenge, the token spent, the server error shown', async () => {
    const t = setup(async () => ({
      captcha: true,
      captcha_sitekey: 'sandbox-site-key',
      error: 'The captcha was not accepted',
    }));
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-1' });
    await t.proceed();
    expect(t.scope.getState($challengeRound)).toBe(1);
    expect(t.scope.getState($captchaToken)).toBeNull();
    expect(t.sent).toEqual([
      { kind: 'goTo', state: 'captcha' },
      { kind: 'notify', notification: { type: 'error', text: 'The captcha was not accepted' } },
    ]);
  });

  test('a failed request: the spec message and back to the basket, token spent', async () => {
    const t = setup(() => Promise.reject(apiFailure('reserveTickets')));
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-1' });
    await t.proceed();
    expect(t.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: 'Unable to reserve ticket(s). Please try again later' } },
      { kind: 'goTo', state: 'basket' },
    ]);
    expect(t.scope.getState($captchaToken)).toBeNull();
  });

  test('arriving at the step again starts from not passed, with no old message', async () => {
    const t = setup();
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-1' });
    await allSettled(captchaReset, { scope: t.scope, params: { reason: 'expired' } });
    await allSettled(captchaVerified, { scope: t.scope, params: 'token-2' });
    await allSettled(captchaStepOpened, { scope: t.scope });
    expect(t.scope.getState($captchaToken)).toBeNull();
    expect(t.scope.getState($captchaProblem)).toBeNull();
  });
});
