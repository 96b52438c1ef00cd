import { CHECKOUT_STATES, type CheckoutState } from '@checkout/shared';
import { stageOf, stageStatuses, type Stage } from './progress';

describe('stageOf: the header stage of each checkout state', () => {
  const table: Array<[CheckoutState, Stage | null]> = [
    ['determining', null],
    ['basket', 'basket'],
    ['captcha', 'basket'],
    ['reserve', 'basket'],
    ['login', 'details'],
    ['marketing_preferences', 'details'],
    ['donation', 'details'],
    ['gift_aid', 'details'],
    ['delivery_address', 'details'],
    ['ticket_questions_before', 'details'],
    ['payment', 'payment'],
    ['awaiting_truelayer', 'payment'],
    ['deliver_tickets', 'tickets'],
    ['ticket_questions_after', 'tickets'],
    ['after_sale_messages', 'tickets'],
    ['waiver', 'tickets'],
    ['order_completed', 'tickets'],
  ];

  test.each(table)('%s -> %p', (state, stage) => {
    expect(stageOf(state)).toBe(stage);
  });

  test('the table covers every state of the spec', () => {
    expect(table.map(([state]) => state).sort()).toEqual([...CHECKOUT_STATES].sort());
  });

  test("stages never go backwards along the spec's order of states (but for the bank wait, listed after delivery)", () => {
    const order: Array<Stage | null> = [null, 'basket', 'details', 'payment', 'tickets'];
    const ranks = CHECKOUT_STATES.filter((state) => state !== 'awaiting_truelayer').map((state) =>
      order.indexOf(stageOf(state)),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe('stageStatuses', () => {
  test.each<[CheckoutState, string]>([
    ['determining', 'upcoming upcoming upcoming upcoming'],
    ['captcha', 'current upcoming upcoming upcoming'],
    ['gift_aid', 'done current upcoming upcoming'],
    ['awaiting_truelayer', 'done done current upcoming'],
    ['order_completed', 'done done done current'],
  ])('%s -> %s', (state, statuses) => {
    expect(
      stageStatuses(state)
        .map((s) => s.status)
        .join(' '),
    ).toBe(statuses);
  });
});
