import type { CheckoutState } from '@checkout/shared';
import { historyMove, replacesEntry } from './rules';

describe('historyMove: where Back or Forward takes the checkout', () => {
  test.each<[CheckoutState, CheckoutState, boolean, ReturnType<typeof historyMove>]>([
    ['marketing_preferences', 'login', false, { kind: 'go', to: 'login' }],
    ['login', 'marketing_preferences', false, { kind: 'go', to: 'marketing_preferences' }],
    ['payment', 'delivery_address', false, { kind: 'go', to: 'delivery_address' }],
    ['gift_aid', 'donation', false, { kind: 'go', to: 'donation' }],
    ['login', 'basket', false, { kind: 'stay', reason: 'still_reserved' }],
    ['login', 'reserve', false, { kind: 'stay', reason: 'still_reserved' }],
    ['basket', 'payment', false, { kind: 'stay', reason: 'not_reserved' }],
    // Nothing is reserved on the captcha: Back is the basket the buyer came from, and Forward the challenge again.
    ['captcha', 'basket', false, { kind: 'go', to: 'basket' }],
    ['basket', 'captcha', false, { kind: 'go', to: 'captcha' }],
    ['captcha', 'login', false, { kind: 'stay', reason: 'not_reserved' }],
    ['basket', 'reserve', false, { kind: 'stay', reason: 'not_reserved' }],
    ['awaiting_truelayer', 'payment', false, { kind: 'stay', reason: 'bank_answering' }],
    ['deliver_tickets', 'payment', true, { kind: 'stay', reason: 'paid' }],
    // Being on a step after payment is proof enough, even before the checkout has been reloaded.
    ['deliver_tickets', 'payment', false, { kind: 'stay', reason: 'paid' }],
    ['order_completed', 'ticket_questions_before', true, { kind: 'stay', reason: 'paid' }],
    ['order_completed', 'deliver_tickets', true, { kind: 'stay', reason: 'paid' }],
    ['order_completed', 'ticket_questions_after', true, { kind: 'go', to: 'ticket_questions_after' }],
    ['waiver', 'order_completed', true, { kind: 'go', to: 'order_completed' }],
    ['payment', 'payment', false, { kind: 'go', to: 'payment' }],
  ])('from %s to %s (paid: %s)', (current, target, paid, expected) => {
    expect(historyMove(current, target, paid)).toEqual(expected);
  });
});

describe('replacesEntry: steps that move on by themselves give their entry to the next one', () => {
  test.each<[CheckoutState | null, CheckoutState, boolean, boolean]>([
    [null, 'basket', false, true],
    ['basket', 'reserve', false, false],
    ['reserve', 'login', false, true],
    ['captcha', 'login', false, true],
    ['login', 'marketing_preferences', false, false],
    ['payment', 'deliver_tickets', false, true],
    ['payment', 'awaiting_truelayer', false, false],
    ['awaiting_truelayer', 'deliver_tickets', true, true],
    ['awaiting_truelayer', 'payment', false, true],
    ['deliver_tickets', 'order_completed', true, true],
    ['order_completed', 'order_completed', true, true],
    ['ticket_questions_after', 'order_completed', true, false],
  ])('entry %s, next %s (paid: %s) replaces: %s', (entry, next, paid, expected) => {
    expect(replacesEntry(entry, next, paid)).toBe(expected);
  });
});
