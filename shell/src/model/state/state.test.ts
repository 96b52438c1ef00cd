import { allSettled, fork } from 'effector';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, reloadCheckout } from '../checkout';
import { $secondsRemaining } from '../countdown';
import { $notifications } from '../notifications';
import { fakeServer, handlersOf } from '../test-handlers';
import { updateBasketStateFx } from '../api/effects';
import { stateAfterReload } from './resync';
import { $state, goTo, stepCompleted } from './state';

describe('state', () => {
  test('stepCompleted moves to the next state of the rules and sends it', async () => {
    const server = fakeServer();
    const scope = fork({
      values: [
        [$state, 'basket'],
        [$checkout, sampleCheckout()],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(stepCompleted, { scope });
    expect(scope.getState($state)).toBe('reserve');
    expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'reserve' }));
  });

  test('reserve goes to donation for a charity organiser (the rule reads the checkout)', async () => {
    const server = fakeServer({ secondsRemaining: null });
    const charity = {
      id: 1,
      name: 'Riverside Trust',
      logo: null,
      description_html: '',
      donation_checkout_title: 'Support us',
      donation_options: [5],
      base_fee: 0,
      booking_fee: 0,
      booking_fee_includes_vat: false,
      booking_fee_vat: 0,
      booking_fee_cap: null,
    };
    const scope = fork({
      values: [
        [$state, 'reserve'],
        [$checkout, sampleCheckout({ charity })],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(stepCompleted, { scope });
    expect(scope.getState($state)).toBe('donation');
  });

  test('the seconds_remaining of every state change is kept', async () => {
    const server = fakeServer({ secondsRemaining: 321 });
    // On reserve: no countdown runs there, so the kept value can be read as it came.
    const scope = fork({
      values: [
        [$state, 'basket'],
        [$checkout, sampleCheckout()],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(goTo, { scope, params: 'reserve' });
    expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'reserve' }));
    expect(scope.getState($secondsRemaining)).toBe(321);
  });

  test('goTo the current state sends nothing', async () => {
    const server = fakeServer();
    const scope = fork({
      values: [
        [$state, 'basket'],
        [$checkout, sampleCheckout()],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(goTo, { scope, params: 'basket' });
    expect(server.updateBasketState).not.toHaveBeenCalled();
  });

  test('stepCompleted does nothing before the checkout is loaded', async () => {
    const server = fakeServer();
    const scope = fork({ handlers: handlersOf(server) });
    await allSettled(stepCompleted, { scope });
    expect(scope.getState($state)).toBe('determining');
    expect(server.updateBasketState).not.toHaveBeenCalled();
  });

  test('a failed update keeps the new state and says so', async () => {
    const server = fakeServer({ secondsRemaining: null });
    const scope = fork({
      values: [
        [$state, 'login'],
        [$checkout, sampleCheckout()],
      ],
      handlers: [
        ...handlersOf(server),
        [updateBasketStateFx, () => Promise.reject({ kind: 'network', call: 'updateBasketState', message: '' })],
      ],
    });
    await allSettled(goTo, { scope, params: 'marketing_preferences' });
    expect(scope.getState($state)).toBe('marketing_preferences');
    expect(scope.getState($notifications).map((n) => [n.type, n.text])).toEqual([
      ['error', messages.updateBasketStateFailed],
    ]);
  });
});

describe('stale tabs', () => {
  const stale = {
    kind: 'http',
    call: 'updateBasketState',
    status: 409,
    message: messages.updateBasketStateFailed,
    serverMessage: 'moved on',
    errorType: 'stale',
  };

  test('every change says the state it leaves', async () => {
    const server = fakeServer({ secondsRemaining: null });
    const scope = fork({
      values: [
        [$state, 'donation'],
        [$checkout, sampleCheckout()],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(goTo, { scope, params: 'login' });
    expect(server.updateBasketState).toHaveBeenCalledWith({ state: 'login', from: 'donation' });
  });

  test('a change refused as stale reloads the checkout and shows where the sale is, without an error', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'login' }), secondsRemaining: null });
    const scope = fork({
      values: [
        [$state, 'donation'],
        [$checkout, sampleCheckout()],
      ],
      handlers: [...handlersOf(server), [updateBasketStateFx, () => Promise.reject(stale)]],
    });
    await allSettled(goTo, { scope, params: 'gift_aid' });
    expect(scope.getState($state)).toBe('login');
    expect(server.getCheckout).toHaveBeenCalled();
    expect(scope.getState($notifications)).toEqual([]);
  });

  test("a reload finding the sale paid elsewhere moves a tab on a step before payment to that sale's step", async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'order_completed', payment_complete: true }) });
    const scope = fork({
      values: [
        [$state, 'delivery_address'],
        [$checkout, sampleCheckout()],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($state)).toBe('order_completed');
  });
});

describe('stateAfterReload', () => {
  test.each([
    ['donation', 'login', false, false, 'donation'],
    ['donation', 'login', false, true, 'login'],
    ['login', 'deliver_tickets', true, false, 'deliver_tickets'],
    ['basket', 'payment', true, false, 'deliver_tickets'],
    ['payment', 'deliver_tickets', true, false, 'payment'],
    ['order_completed', 'order_completed', true, false, 'order_completed'],
    ['login', 'determining', false, true, 'basket'],
  ] as const)('on %s, server at %s, paid %s, refused as stale %s -> %s', (current, server, paid, refused, expected) => {
    expect(stateAfterReload(current, sampleCheckout({ state: server, payment_complete: paid }), refused)).toBe(
      expected,
    );
  });

  test.each([
    ['payment', 'basket', null, 'basket'],
    ['login', 'basket', null, 'basket'],
    ['payment', 'payment', 300, 'payment'],
    ['payment', 'payment', null, 'payment'],
    // The bank may still settle: that step waits for its answer.
    ['awaiting_truelayer', 'basket', null, 'awaiting_truelayer'],
    ['basket', 'basket', null, 'basket'],
  ] as const)('on %s, server at %s with %s seconds held -> %s', (current, server, seconds, expected) => {
    expect(stateAfterReload(current, sampleCheckout({ state: server, seconds_remaining: seconds }), false)).toBe(
      expected,
    );
  });
});

describe('a tab whose reservation went elsewhere', () => {
  test('a stale Payment tab reloading after another tab edited the basket goes to the basket and says why', async () => {
    const server = fakeServer({
      checkout: sampleCheckout({ state: 'basket', seconds_remaining: null, edit_basket_clicked: true }),
    });
    const scope = fork({
      values: [
        [$state, 'payment'],
        [$checkout, sampleCheckout({ state: 'payment' })],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($state)).toBe('basket');
    expect(scope.getState($notifications).map((n) => [n.type, n.text])).toEqual([
      ['warn', messages.reservationEditedElsewhere],
    ]);
  });

  test('a reload that finds the sale still at a reserved step changes nothing', async () => {
    // No seconds here, so no countdown runs in the test; the server's step alone says the sale is still reserved.
    const server = fakeServer({ checkout: sampleCheckout({ state: 'payment' }) });
    const scope = fork({
      values: [
        [$state, 'payment'],
        [$checkout, sampleCheckout({ state: 'payment' })],
      ],
      handlers: handlersOf(server),
    });
    await allSettled(reloadCheckout, { scope });
    expect(scope.getState($state)).toBe('payment');
    expect(scope.getState($notifications)).toEqual([]);
  });
});
