import { allSettled, fork } from 'effector';
import {
  apiFailure,
  createFakeApi,
  failWith,
  fakeStepProps,
  sampleCheckout,
  type FakeApiHandlers,
} from '@checkout/shared/testing';
import type { Checkout } from '@checkout/shared';
import {
  $basket,
  $belowMinimum,
  $drafts,
  $emptyBoxes,
  $lineWarnings,
  $refundProtectionDraft,
  $reserveBlock,
  $reserveDelayMs,
  $updateDebounceMs,
  checkoutShown,
  quantityChanged,
  refundProtectionChosen,
  removeClicked,
  reserveClicked,
  reserveDelayFx,
  shellUpdatingChanged,
  type QuantityRequest,
} from './model';
import { $deps, shellCommandsFx, type ShellCommand } from '@checkout/shared/parcel';

const limits = { max_can_reserve: 10, min_per_customer: 1 };
const ticket = (ticketId: number, requested: number, lim = limits): QuantityRequest => ({
  line: { kind: 'ticket', ticketId },
  requested,
  limits: lim,
});

/** A scope with the fake API as deps, a short debounce and every shell command recorded in order. */
function setup(
  options: {
    api?: Partial<FakeApiHandlers>;
    debounceMs?: number;
    reserveDelayMs?: number;
    basket?: Checkout | null;
  } = {},
) {
  const api = createFakeApi({ handlers: options.api ?? {} });
  const sent: ShellCommand[] = [];
  const delays: number[] = [];
  const scope = fork({
    values: [
      [$deps, { api, commands: fakeStepProps().commands, config: { apiBase: '' } }],
      [$updateDebounceMs, options.debounceMs ?? 5],
      [$reserveDelayMs, options.reserveDelayMs ?? 300],
      [$basket, options.basket === undefined ? sampleCheckout() : options.basket],
    ],
    handlers: [
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      // Waits for real only when a test gives a delay.
      [
        reserveDelayFx,
        (ms: number) => (
          delays.push(ms),
          options.reserveDelayMs === undefined ? undefined : new Promise((r) => setTimeout(r, ms))
        ),
      ],
    ],
  });
  return { scope, api, sent, delays };
}

describe('Reserve Basket', () => {
  test('moves on after the 300 ms delay', async () => {
    const { scope, sent, delays } = setup();
    await allSettled(reserveClicked, { scope });
    expect(delays).toEqual([300]);
    expect(sent).toEqual([{ kind: 'stepCompleted' }]);
  });

  test('a second click while waiting does not move on twice', async () => {
    const { scope, sent } = setup({ reserveDelayMs: 5 });
    const first = allSettled(reserveClicked, { scope });
    await allSettled(reserveClicked, { scope });
    await first;
    expect(sent).toEqual([{ kind: 'stepCompleted' }]);
  });

  test('is blocked while a quantity change waits to be sent', async () => {
    const { scope, sent } = setup({ debounceMs: 20 });
    const change = allSettled(quantityChanged, { scope, params: ticket(11, 3) });
    await allSettled(reserveClicked, { scope });
    await change;
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('is blocked while a quantity is below its minimum', async () => {
    const { scope, sent, api } = setup();
    await allSettled(quantityChanged, { scope, params: ticket(11, 2, { max_can_reserve: 10, min_per_customer: 4 }) });
    await allSettled(reserveClicked, { scope });
    expect(sent).toEqual([]);
    expect(api.log).toEqual([]);
    expect(scope.getState($belowMinimum)).toBe(true);
  });
});

describe('quantity changes', () => {
  test('wait 2000 ms by default', async () => {
    jest.useFakeTimers();
    try {
      const api = createFakeApi();
      const scope = fork({
        values: [
          [$deps, { api, commands: fakeStepProps().commands, config: { apiBase: '' } }],
          [$basket, sampleCheckout()],
        ],
        handlers: [[shellCommandsFx, () => undefined]],
      });
      const settled = allSettled(quantityChanged, { scope, params: ticket(11, 3) });
      await jest.advanceTimersByTimeAsync(1999);
      expect(api.payloadsOf('updateTicketQuantity')).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      await settled;
      expect(api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 3 }]);
    } finally {
      jest.useRealTimers();
    }
  });

  test('are debounced: only the latest value of a line is sent, then the checkout reloads once', async () => {
    const { scope, api, sent } = setup({ debounceMs: 20 });
    const first = allSettled(quantityChanged, { scope, params: ticket(11, 3) });
    const second = allSettled(quantityChanged, {
      scope,
      params: { line: { kind: 'voucher', voucherId: 21, value: 20 }, requested: 2, limits: null },
    });
    await allSettled(quantityChanged, { scope, params: ticket(11, 5) });
    await Promise.all([first, second]);
    expect(api.log).toEqual([
      { name: 'updateTicketQuantity', payload: { ticket_id: 11, quantity: 5 } },
      { name: 'updateGiftVoucherQuantity', payload: { gift_voucher_id: 21, qty: 2, value: 20 } },
    ]);
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('each change restarts the wait: nothing is sent until 2000 ms after the last one', async () => {
    jest.useFakeTimers();
    try {
      const { scope, api, sent } = setup({ debounceMs: 2000 });
      const first = allSettled(quantityChanged, { scope, params: ticket(11, 3) });
      await jest.advanceTimersByTimeAsync(1500);
      const second = allSettled(quantityChanged, { scope, params: ticket(11, 4) });
      await jest.advanceTimersByTimeAsync(1999);
      expect(api.log).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      await Promise.all([first, second]);
      expect(api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 4 }]);
      expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
    } finally {
      jest.useRealTimers();
    }
  });

  test.each([
    [
      'clamped to max_can_reserve, with the warning, and sent',
      15,
      { max_can_reserve: 10, min_per_customer: 1 },
      [{ ticket_id: 11, quantity: 10 }],
      'You can only reserve 10 tickets of this type',
    ],
    [
      'below min_per_customer: warned, nothing sent',
      2,
      { max_can_reserve: 10, min_per_customer: 4 },
      [],
      'You must purchase a minimum of 4 tickets of this type',
    ],
    [
      'below 1: raised to 1',
      0,
      { max_can_reserve: 10, min_per_customer: 1 },
      [{ ticket_id: 11, quantity: 1 }],
      undefined,
    ],
  ])('%s', async (_name, requested, lim, payloads, warning) => {
    const { scope, api } = setup();
    await allSettled(quantityChanged, { scope, params: ticket(11, requested, lim) });
    expect(api.payloadsOf('updateTicketQuantity')).toEqual(payloads);
    expect(scope.getState($lineWarnings)['ticket:11']).toBe(warning);
  });

  test.each([
    [
      'ticket',
      ticket(11, 3),
      { updateTicketQuantity: failWith(apiFailure('updateTicketQuantity')) },
      'Unable to update Ticket quantity. Please try again later',
    ],
    [
      'ticket refused',
      ticket(11, 3),
      { updateTicketQuantity: async () => ({ success: false }) },
      'Unable to update Ticket quantity. Please try again later',
    ],
    [
      'gift voucher',
      { line: { kind: 'voucher', voucherId: 21, value: 20 }, requested: 2, limits: null },
      { updateGiftVoucherQuantity: failWith(apiFailure('updateGiftVoucherQuantity')) },
      'Unable to update Gift Voucher quantity. Please try again later',
    ],
  ])('a failed %s update shows the spec error, then reloads', async (_name, request, handlers, text) => {
    const { scope, sent } = setup({ api: handlers });
    await allSettled(quantityChanged, { scope, params: request });
    expect(sent).toEqual([{ kind: 'notify', notification: { type: 'error', text } }, { kind: 'reloadCheckout' }]);
  });

  test('a reloaded checkout replaces sent drafts but keeps an unsent one', async () => {
    const { scope } = setup();
    await allSettled(quantityChanged, { scope, params: ticket(11, 3) });
    await allSettled(quantityChanged, { scope, params: ticket(12, 1, { max_can_reserve: 10, min_per_customer: 2 }) });
    expect(Object.keys(scope.getState($drafts))).toEqual(['ticket:11', 'ticket:12']);
    await allSettled(checkoutShown, { scope, params: sampleCheckout() });
    expect(scope.getState($drafts)).toEqual({ 'ticket:12': { qty: 1, sent: false } });
  });
});

describe('below a minimum: the typed quantity stays, warned, and nothing is sent', () => {
  // The server holds 3 tables sold in pairs; the buyer types 1.
  const pairs = { max_can_reserve: 10, min_per_customer: 2 };
  const heldThree = () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => (t.ticket_id === 11 ? { ...t, qty: 3, ...pairs } : t));
    return checkout;
  };

  test('the line shows 1, warns, sends nothing after the debounce, and reserving is blocked', async () => {
    const { scope, api, sent } = setup({ basket: heldThree() });
    await allSettled(quantityChanged, { scope, params: ticket(11, 1, pairs) });
    expect(scope.getState($drafts)['ticket:11']).toEqual({ qty: 1, sent: false });
    expect(scope.getState($lineWarnings)['ticket:11']).toBe('You must purchase a minimum of 2 tickets of this type');
    expect(api.log).toEqual([]);
    expect(sent).toEqual([]);
    expect(scope.getState($reserveBlock)).toBe('belowMinimum');
  });

  test('a reload of the checkout (the server still holding 3) keeps the 1 the buyer typed', async () => {
    const { scope } = setup({ basket: heldThree() });
    await allSettled(quantityChanged, { scope, params: ticket(11, 1, pairs) });
    await allSettled(checkoutShown, { scope, params: heldThree() });
    expect(scope.getState($drafts)['ticket:11']).toEqual({ qty: 1, sent: false });
    expect(scope.getState($reserveBlock)).toBe('belowMinimum');
  });

  test('a change of that line still waiting is cancelled: the old quantity is not sent behind the buyer', async () => {
    const { scope, api } = setup({ basket: heldThree(), debounceMs: 20 });
    const first = allSettled(quantityChanged, { scope, params: ticket(11, 4, pairs) });
    await allSettled(quantityChanged, { scope, params: ticket(11, 1, pairs) });
    await first;
    expect(api.log).toEqual([]);
  });
});

describe('a quantity box without a quantity (cleared, or 0)', () => {
  const cleared = (ticketId: number): QuantityRequest => ({
    line: { kind: 'ticket', ticketId },
    requested: null,
    limits,
  });

  test('blocks reserving and sends nothing', async () => {
    const { scope, api, sent } = setup();
    await allSettled(quantityChanged, { scope, params: cleared(11) });
    expect(scope.getState($emptyBoxes)).toEqual({ 'ticket:11': true });
    expect(scope.getState($reserveBlock)).toBe('noQuantity');
    await allSettled(reserveClicked, { scope });
    expect(api.log).toEqual([]);
    expect(sent).toEqual([]);
  });

  test('a quantity typed into it is decided and sent as usual, and reserving is free again', async () => {
    const { scope, api } = setup();
    await allSettled(quantityChanged, { scope, params: cleared(11) });
    await allSettled(quantityChanged, { scope, params: ticket(11, 4) });
    expect(api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 4 }]);
    expect(scope.getState($emptyBoxes)).toEqual({});
    expect(scope.getState($reserveBlock)).toBeNull();
  });

  test('left empty, the box shows the quantity it had: reserving is free again and nothing is sent', async () => {
    const { scope, api, sent } = setup();
    await allSettled(quantityChanged, { scope, params: cleared(11) });
    // The sample checkout holds 2 Adult tickets: the box shows 2 again.
    await allSettled(quantityChanged, { scope, params: ticket(11, 2) });
    expect(scope.getState($reserveBlock)).toBeNull();
    expect(scope.getState($drafts)).toEqual({});
    expect(api.log).toEqual([]);
    expect(sent).toEqual([]);
  });

  test('a removed line no longer blocks', async () => {
    const { scope } = setup();
    await allSettled(quantityChanged, { scope, params: cleared(12) });
    await allSettled(removeClicked, { scope, params: { kind: 'ticket', ticketId: 12 } });
    expect(scope.getState($emptyBoxes)).toEqual({});
  });
});

describe('remove', () => {
  test('a ticket is removed, then the checkout reloads', async () => {
    const { scope, api, sent } = setup();
    await allSettled(removeClicked, { scope, params: { kind: 'ticket', ticketId: 12 } });
    expect(api.payloadsOf('removeFromBasket')).toEqual([{ ticket_id: 12 }]);
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('a waiting quantity change of a removed line is not sent', async () => {
    const { scope, api } = setup({ debounceMs: 20 });
    const change = allSettled(quantityChanged, { scope, params: ticket(12, 3) });
    await allSettled(removeClicked, { scope, params: { kind: 'ticket', ticketId: 12 } });
    await change;
    expect(api.log.map((call) => call.name)).toEqual(['removeFromBasket']);
  });

  test.each([
    [
      'ticket',
      { kind: 'ticket', ticketId: 12 } as const,
      { removeFromBasket: failWith(apiFailure('removeFromBasket')) },
      'Unable to remove the Ticket from the basket. Please try again later',
    ],
    [
      'gift voucher',
      { kind: 'voucher', voucherId: 21, value: 20 } as const,
      { removeGiftVoucherFromBasket: async () => ({ success: false }) },
      'Unable to remove the Gift Voucher from the basket. Please try again later',
    ],
  ])('a failed %s removal shows the spec error and does not reload', async (_name, line, handlers, text) => {
    const { scope, sent, api } = setup({ api: handlers });
    await allSettled(removeClicked, { scope, params: line });
    expect(api.log).toHaveLength(1);
    expect(sent).toEqual([{ kind: 'notify', notification: { type: 'error', text } }]);
  });
});

describe('Reserve Basket is blocked', () => {
  const companionMissing = () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) =>
      t.ticket_id === 12 ? { ...t, required_tickets: [{ title: 'Family ticket', ids: [99] }] } : t,
    );
    return checkout;
  };

  test.each<[string, Parameters<typeof setup>[0], boolean, string | null]>([
    ['while the shell reloads the checkout', {}, true, 'loading'],
    ['while a companion ticket is missing', { basket: companionMissing() }, false, 'missingCompanion'],
  ])('%s', async (_name, options, shellUpdating, block) => {
    const { scope, sent } = setup(options);
    await allSettled(shellUpdatingChanged, { scope, params: shellUpdating });
    expect(scope.getState($reserveBlock)).toBe(block);
    await allSettled(reserveClicked, { scope });
    expect(sent).toEqual([]);
  });

  test('before the checkout is on screen', async () => {
    const { scope, sent } = setup({ basket: null });
    await allSettled(reserveClicked, { scope });
    expect(sent).toEqual([]);
  });

  test('while the server holds a quantity below its minimum the buyer has not changed', async () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => ({ ...t, min_per_customer: 3 }));
    const { scope } = setup({ basket: checkout });
    expect(scope.getState($reserveBlock)).toBe('belowMinimum');
    // Raised to the minimum here: sent, and no longer blocking once the change has gone.
    await allSettled(quantityChanged, { scope, params: ticket(11, 3, { max_can_reserve: 10, min_per_customer: 3 }) });
    await allSettled(quantityChanged, { scope, params: ticket(12, 3, { max_can_reserve: 10, min_per_customer: 3 }) });
    expect(scope.getState($belowMinimum)).toBe(false);
  });
});

describe('refund protection (debounced with the quantities, sent only when it differs)', () => {
  const offered = (chosen: 0 | 1 = 0) =>
    sampleCheckout({ has_refund_protection: true, refund_protection_cost: 4.25, refund_protection: chosen });

  test('yes, when the original choice was no: sent after the debounce, then the checkout reloads', async () => {
    const { scope, api, sent } = setup({ basket: offered(0) });
    await allSettled(refundProtectionChosen, { scope, params: true });
    expect(api.payloadsOf('updateRefundProtection')).toEqual([{ refund_protection: true }]);
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('no, when the original choice was yes: sent as false', async () => {
    const { scope, api } = setup({ basket: offered(1) });
    await allSettled(refundProtectionChosen, { scope, params: false });
    expect(api.payloadsOf('updateRefundProtection')).toEqual([{ refund_protection: false }]);
  });

  test('back to the original choice before the debounce ends: nothing is sent, nothing reloads', async () => {
    const { scope, api, sent } = setup({ basket: offered(0), debounceMs: 20 });
    const first = allSettled(refundProtectionChosen, { scope, params: true });
    await allSettled(refundProtectionChosen, { scope, params: false });
    await first;
    expect(api.log).toEqual([]);
    expect(sent).toEqual([]);
  });

  test('choosing the original choice again sends nothing', async () => {
    const { scope, api } = setup({ basket: offered(1) });
    await allSettled(refundProtectionChosen, { scope, params: true });
    expect(api.log).toEqual([]);
  });

  test('waits in the same queue as quantities: quantities first, one reload', async () => {
    const { scope, api, sent } = setup({ basket: offered(0), debounceMs: 20 });
    const choice = allSettled(refundProtectionChosen, { scope, params: true });
    await allSettled(quantityChanged, { scope, params: ticket(11, 4) });
    await choice;
    expect(api.log.map((call) => call.name)).toEqual(['updateTicketQuantity', 'updateRefundProtection']);
    expect(sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('not offered: the choice is ignored', async () => {
    const { scope, api } = setup({
      basket: sampleCheckout({ has_refund_protection: false, refund_protection_cost: null }),
    });
    await allSettled(refundProtectionChosen, { scope, params: true });
    expect(api.log).toEqual([]);
  });

  test.each([
    ['the call fails', { updateRefundProtection: failWith(apiFailure('updateRefundProtection')) }],
    ['the server refuses', { updateRefundProtection: async () => ({ success: false }) }],
  ])('when %s: the spec error, then the checkout reloads', async (_name, handlers) => {
    const { scope, sent } = setup({ basket: offered(0), api: handlers });
    await allSettled(refundProtectionChosen, { scope, params: true });
    expect(sent).toEqual([
      {
        kind: 'notify',
        notification: { type: 'error', text: 'Unable to update Refund protection. Please try again later' },
      },
      { kind: 'reloadCheckout' },
    ]);
  });

  test('the choice shows until the reloaded checkout replaces it', async () => {
    const { scope } = setup({ basket: offered(0) });
    await allSettled(refundProtectionChosen, { scope, params: true });
    expect(scope.getState($refundProtectionDraft)).toBe(true);
    await allSettled(checkoutShown, { scope, params: offered(1) });
    expect(scope.getState($refundProtectionDraft)).toBeNull();
  });
});
