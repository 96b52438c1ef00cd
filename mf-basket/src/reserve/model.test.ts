import { allSettled, fork } from 'effector';
import { apiFailure, createFakeApi, fakeStepProps, sampleCheckout } from '@checkout/shared/testing';
import type { ReserveTicketsResponse } from '@checkout/shared';
import { queueRequired } from '@checkout/shared/messages/queue';
import { shellCommandsFx, type ShellCommand } from '@checkout/shared/parcel';
import { reservationEcommerceEvent, type EcommerceEvent } from './analytics';
import {
  $captchaSiteKey,
  $saleReference,
  navigateFx,
  pushAnalyticsFx,
  reservationRequested,
  reserveTicketsFx,
} from './model';

const error = (text: string): ShellCommand => ({ kind: 'notify', notification: { type: 'error', text } });

/** A scope where the reservation answers `answer`, and shell commands, analytics and navigation are recorded. */
function setup(answer: () => Promise<ReserveTicketsResponse>) {
  const sent: ShellCommand[] = [];
  const pushed: EcommerceEvent[] = [];
  const visited: string[] = [];
  const requests: Array<string | undefined> = [];
  const scope = fork({
    handlers: [
      [
        reserveTicketsFx,
        ({ captchaResponse }: { captchaResponse?: string }) => (requests.push(captchaResponse), answer()),
      ],
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      [pushAnalyticsFx, (event: EcommerceEvent) => void pushed.push(event)],
      [navigateFx, (url: string) => void visited.push(url)],
    ],
  });
  const start = (captchaResponse?: string) =>
    allSettled(reservationRequested, {
      scope,
      params: {
        deps: { api: createFakeApi(), commands: fakeStepProps().commands, config: { apiBase: '' } },
        checkout: sampleCheckout(),
        ...(captchaResponse ? { captchaResponse } : {}),
      },
    });
  return { scope, sent, pushed, visited, requests, start };
}

describe('reserve step model', () => {
  test('a fresh reservation is reported to analytics, starts the countdown and moves on', async () => {
    const t = setup(async () => ({
      reserved: true,
      sale_reference: 'RVL-NEW',
      fresh_reservation: true,
      checkout_time: 900,
    }));
    await t.start();
    expect(t.pushed).toEqual([reservationEcommerceEvent(sampleCheckout())]);
    expect(t.sent).toEqual([{ kind: 'reservationStarted', seconds: 900 }, { kind: 'stepCompleted' }]);
    expect(t.scope.getState($saleReference)).toBe('RVL-NEW');
    expect(t.requests).toEqual([undefined]);
  });

  test('a reservation that is not fresh is not reported again', async () => {
    const t = setup(async () => ({
      reserved: true,
      sale_reference: 'RVL-OLD',
      fresh_reservation: false,
      checkout_time: 300,
    }));
    await t.start();
    expect(t.pushed).toEqual([]);
    expect(t.sent).toEqual([{ kind: 'reservationStarted', seconds: 300 }, { kind: 'stepCompleted' }]);
  });

  test('a demanded captcha stores the site key, goes to the captcha step and shows the error', async () => {
    const t = setup(async () => ({ captcha: true, captcha_sitekey: 'site-key-2', error: 'Please try again' }));
    await t.start();
    expect(t.scope.getState($captchaSiteKey)).toBe('site-key-2');
    expect(t.sent).toEqual([{ kind: 'goTo', state: 'captcha' }, error('Please try again')]);
  });

  test('the captcha token is sent when the captcha step asks to reserve', async () => {
    const t = setup(async () => ({ reserved: true, checkout_time: 900 }));
    await t.start('token-123');
    expect(t.requests).toEqual(['token-123']);
  });

  test('a redirect navigates there and asks the shell nothing', async () => {
    const t = setup(async () => ({ redirect: 'https://queue.example/wait' }));
    await t.start();
    expect(t.visited).toEqual(['https://queue.example/wait']);
    expect(t.sent).toEqual([]);
  });

  test('an error is shown, then back to the basket, reloaded', async () => {
    const t = setup(async () => ({ error: 'Sorry, Adult has sold out' }));
    await t.start();
    expect(t.sent).toEqual([
      error('Sorry, Adult has sold out'),
      { kind: 'goTo', state: 'basket' },
      { kind: 'reloadCheckout' },
    ]);
    expect(t.visited).toEqual([]);
  });

  test('an answer with nothing recognised is the unknown error, back to the basket', async () => {
    const t = setup(async () => ({ reserved: false }));
    await t.start();
    expect(t.sent).toEqual([
      error('An unknown error occured. Please try again, or contact support.'),
      { kind: 'goTo', state: 'basket' },
    ]);
  });

  test.each([
    ['the call fails', apiFailure('reserveTickets'), 'Unable to reserve ticket(s). Please try again later'],
    ['something unexpected is thrown', new Error('boom'), 'Unable to reserve ticket(s). Please try again later'],
  ])('when %s: the spec message and back to the basket', async (_name, failure, text) => {
    const t = setup(() => Promise.reject(failure));
    await t.start();
    expect(t.sent).toEqual([error(text), { kind: 'goTo', state: 'basket' }]);
  });

  test('refused for want of a queue pass (403 with queue_url): the page goes to the queue page, nothing else', async () => {
    const t = setup(() =>
      Promise.reject(
        apiFailure('reserveTickets', {
          status: 403,
          body: { reserved: false, error: queueRequired, queue_url: '/queue/7/' },
          serverMessage: queueRequired,
        }),
      ),
    );
    await t.start();
    expect(t.visited).toEqual(['/queue/7/']);
    expect(t.sent).toEqual([]);
  });

  test('a 403 naming anything but a queue page of this site is an ordinary failure', async () => {
    const t = setup(() =>
      Promise.reject(apiFailure('reserveTickets', { status: 403, body: { queue_url: 'https://elsewhere.example/' } })),
    );
    await t.start();
    expect(t.visited).toEqual([]);
    expect(t.sent).toEqual([
      error('Unable to reserve ticket(s). Please try again later'),
      { kind: 'goTo', state: 'basket' },
    ]);
  });

  test('a second request while one is in flight is ignored', async () => {
    let answer: (r: ReserveTicketsResponse) => void = () => undefined;
    const t = setup(() => new Promise((resolve) => (answer = resolve)));
    const first = t.start();
    const second = t.start();
    answer({ reserved: true, checkout_time: 900 });
    await Promise.all([first, second]);
    expect(t.requests).toHaveLength(1);
    expect(t.sent).toEqual([{ kind: 'reservationStarted', seconds: 900 }, { kind: 'stepCompleted' }]);
  });
});
