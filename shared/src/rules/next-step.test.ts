import { EMPTY_CHECKOUT, type Charity, type Checkout, type TicketQuestion } from '../contract/entities';
import { CHECKOUT_STATES, type CheckoutState } from '../contract/states';
import {
  canEditBasket,
  CHECKOUT_FLOW,
  isBeforePayment,
  countdownRuns,
  countdownRunsIn,
  expiryReturnsToBasket,
  hasDonation,
  nextStep,
  remoteForState,
} from './next-step';

const charity: Charity = {
  id: 9,
  name: 'Riverside Trust',
  logo: null,
  description_html: '<p>Keeping the river clean</p>',
  donation_checkout_title: 'Support the Riverside Trust',
  donation_options: [5, 10, 20],
  base_fee: 0.2,
  booking_fee: 2.5,
  booking_fee_includes_vat: false,
  booking_fee_vat: 20,
  booking_fee_cap: null,
};

const question = (ticket_id: number): TicketQuestion => ({
  id: 1,
  ticket_id,
  osq_id: null,
  question: 'Dietary requirements',
  type: 'text',
  mandatory: '1',
  once_per_checkout: '0',
  prepopulated_array: [],
});

const message = {
  organiser_name: 'Riverside Trust',
  event_title: 'Winter Gala',
  event_nice_date: 'Saturday 5 December 2026',
  event_nice_time: '7:30pm',
  message: '<p>Doors open at 7pm</p>',
};

/** Named conditions of the next-step rules, so each table row reads like the rule it checks. */
const when = {
  charity: { charity },
  express: { express: true },
  donation: { donation: { amount_before_booking_fee: 10, booking_fee: 0.45, is_gift_aid: false } },
  donationAmount: { donation_amount: 5 },
  delivery: { require_delivery_address: true },
  questionsBefore: { before_payment_questions: { '11': [question(11)] } },
  questionsAfter: { after_payment_questions: { '11': [question(11)] } },
  waivers: { has_waivers: true },
  messages: { after_sale_messages: [message] },
} satisfies Record<string, Partial<Checkout>>;
type Condition = keyof typeof when;

function checkout(...conditions: Condition[]): Checkout {
  return conditions.reduce<Checkout>((c, name) => ({ ...c, ...when[name] }), { ...EMPTY_CHECKOUT });
}

type Row = [from: CheckoutState, conditions: Condition[], expected: CheckoutState];

describe('nextStep (the next-step rules)', () => {
  const rows: Row[] = [
    // basket -> reserve
    ['basket', [], 'reserve'],
    ['basket', ['charity', 'express'], 'reserve'],
    // reserve or captcha -> donation if charity; otherwise payment if express; otherwise login
    ['reserve', [], 'login'],
    ['reserve', ['express'], 'payment'],
    ['reserve', ['charity'], 'donation'],
    ['reserve', ['charity', 'express'], 'donation'],
    ['captcha', [], 'login'],
    ['captcha', ['express'], 'payment'],
    ['captcha', ['charity'], 'donation'],
    ['captcha', ['charity', 'express'], 'donation'],
    // donation -> gift_aid if a donation amount is set, else login; gift_aid -> login
    ['donation', [], 'login'],
    ['donation', ['charity'], 'login'],
    ['donation', ['donation'], 'gift_aid'],
    ['donation', ['donationAmount'], 'gift_aid'],
    ['gift_aid', [], 'login'],
    ['gift_aid', ['donation', 'delivery'], 'login'],
    // login -> marketing_preferences always (it has no condition)
    ['login', [], 'marketing_preferences'],
    ['login', ['delivery', 'questionsBefore'], 'marketing_preferences'],
    // marketing_preferences -> delivery_address?, ticket_questions_before?, payment
    ['marketing_preferences', [], 'payment'],
    ['marketing_preferences', ['delivery'], 'delivery_address'],
    ['marketing_preferences', ['questionsBefore'], 'ticket_questions_before'],
    ['marketing_preferences', ['delivery', 'questionsBefore'], 'delivery_address'],
    // delivery_address skips itself and marketing_preferences
    ['delivery_address', [], 'payment'],
    ['delivery_address', ['delivery'], 'payment'],
    ['delivery_address', ['questionsBefore'], 'ticket_questions_before'],
    ['delivery_address', ['delivery', 'questionsBefore'], 'ticket_questions_before'],
    // ticket_questions_before -> payment
    ['ticket_questions_before', [], 'payment'],
    ['ticket_questions_before', ['delivery'], 'payment'],
    ['ticket_questions_before', ['questionsBefore'], 'payment'],
    ['ticket_questions_before', ['delivery', 'questionsBefore'], 'payment'],
    // payment or awaiting_truelayer -> deliver_tickets
    ['payment', [], 'deliver_tickets'],
    ['payment', ['questionsAfter', 'waivers', 'messages'], 'deliver_tickets'],
    ['awaiting_truelayer', [], 'deliver_tickets'],
    // deliver_tickets -> questions after? -> waiver? -> after_sale_messages? -> order_completed
    ['deliver_tickets', [], 'order_completed'],
    ['deliver_tickets', ['questionsAfter'], 'ticket_questions_after'],
    ['deliver_tickets', ['waivers'], 'waiver'],
    ['deliver_tickets', ['messages'], 'after_sale_messages'],
    ['deliver_tickets', ['questionsAfter', 'waivers'], 'ticket_questions_after'],
    ['deliver_tickets', ['questionsAfter', 'messages'], 'ticket_questions_after'],
    ['deliver_tickets', ['waivers', 'messages'], 'waiver'],
    ['deliver_tickets', ['questionsAfter', 'waivers', 'messages'], 'ticket_questions_after'],
    // ticket_questions_after skips itself
    ['ticket_questions_after', [], 'order_completed'],
    ['ticket_questions_after', ['questionsAfter'], 'order_completed'],
    ['ticket_questions_after', ['waivers'], 'waiver'],
    ['ticket_questions_after', ['messages'], 'after_sale_messages'],
    ['ticket_questions_after', ['questionsAfter', 'waivers', 'messages'], 'waiver'],
    ['ticket_questions_after', ['questionsAfter', 'messages'], 'after_sale_messages'],
    // waiver skips itself and the questions
    ['waiver', [], 'order_completed'],
    ['waiver', ['questionsAfter', 'waivers'], 'order_completed'],
    ['waiver', ['messages'], 'after_sale_messages'],
    ['waiver', ['questionsAfter', 'waivers', 'messages'], 'after_sale_messages'],
    // after_sale_messages -> order_completed; order_completed is the end
    ['after_sale_messages', [], 'order_completed'],
    ['after_sale_messages', ['messages'], 'order_completed'],
    ['order_completed', ['questionsAfter', 'waivers', 'messages'], 'order_completed'],
  ];

  test.each(rows)('%s with [%s] -> %s', (from, conditions, expected) => {
    expect(nextStep(from, checkout(...conditions))).toBe(expected);
  });

  test('questions keyed by ticket but all empty are no questions', () => {
    const c = {
      ...checkout('delivery'),
      before_payment_questions: { '11': [] },
      after_payment_questions: { '11': [] },
    };
    expect(nextStep('delivery_address', c)).toBe('payment');
    expect(nextStep('deliver_tickets', c)).toBe('order_completed');
  });

  test('determining resumes at the state the server holds', () => {
    expect(nextStep('determining', { ...EMPTY_CHECKOUT, state: 'payment' })).toBe('payment');
    expect(nextStep('determining', { ...EMPTY_CHECKOUT, state: 'determining' })).toBe('basket');
  });
});

describe('hasDonation', () => {
  test.each([
    [{ donation: null, donation_amount: null }, false],
    [{ donation: null, donation_amount: 0 }, false],
    [{ donation: null, donation_amount: 5 }, true],
    [{ donation: { amount_before_booking_fee: 0, booking_fee: 0, is_gift_aid: false }, donation_amount: null }, false],
    [{ donation: { amount_before_booking_fee: 1, booking_fee: 0.2, is_gift_aid: false }, donation_amount: null }, true],
  ])('%j -> %p', (c, expected) => {
    expect(hasDonation(c)).toBe(expected);
  });
});

describe('canEditBasket', () => {
  const editable: CheckoutState[] = [
    'login',
    'marketing_preferences',
    'donation',
    'gift_aid',
    'delivery_address',
    'ticket_questions_before',
    'payment',
  ];
  test.each(CHECKOUT_STATES.map((s) => [s, editable.includes(s)] as const))('%s -> %p', (state, expected) => {
    expect(canEditBasket(state)).toBe(expected);
  });
});

describe('remoteForState', () => {
  test.each([
    ['basket', 'mf_basket'],
    ['captcha', 'mf_basket'],
    ['reserve', 'mf_basket'],
    ['login', 'mf_account'],
    ['marketing_preferences', 'mf_account'],
    ['donation', 'mf_account'],
    ['gift_aid', 'mf_account'],
    ['delivery_address', 'mf_account'],
    ['payment', 'mf_payment'],
    ['awaiting_truelayer', 'mf_payment'],
    ['deliver_tickets', 'mf_payment'],
    ['ticket_questions_before', 'mf_post_sale'],
    ['ticket_questions_after', 'mf_post_sale'],
    ['after_sale_messages', 'mf_post_sale'],
    ['waiver', 'mf_post_sale'],
    ['order_completed', 'mf_post_sale'],
  ] as Array<[CheckoutState, string]>)('%s is %s ./%s', (state, remote) => {
    expect(remoteForState(state)).toEqual({ remote, module: `./${state}` });
  });

  test('determining has no remote (the shell shows it)', () => {
    expect(remoteForState('determining')).toBeNull();
  });

  test('every state is covered', () => {
    const covered = CHECKOUT_STATES.filter((s) => remoteForState(s) !== null);
    expect(covered).toHaveLength(CHECKOUT_STATES.length - 1);
  });
});

describe('countdown', () => {
  const notRunning: CheckoutState[] = ['determining', 'basket', 'reserve', 'captcha'];
  test.each(CHECKOUT_STATES.map((s) => [s, !notRunning.includes(s)] as const))('runs in %s: %p', (state, expected) => {
    expect(countdownRunsIn(state)).toBe(expected);
  });

  const stays: CheckoutState[] = ['order_completed', 'after_sale_messages', 'basket', 'awaiting_truelayer'];
  test.each(CHECKOUT_STATES.map((s) => [s, !stays.includes(s)] as const))(
    'expiry in %s returns to the basket: %p',
    (state, expected) => {
      expect(expiryReturnsToBasket(state)).toBe(expected);
    },
  );

  test.each([
    ['payment', 300, false, true],
    ['payment', 0, false, true],
    ['payment', null, false, false],
    ['payment', 300, true, false],
    ['basket', 300, false, false],
    ['order_completed', 300, false, true],
  ] as Array<[CheckoutState, number | null, boolean, boolean]>)(
    'countdownRuns(%s, %p, payment_complete %p) -> %p',
    (state, seconds, complete, expected) => {
      expect(countdownRuns(state, seconds, complete)).toBe(expected);
    },
  );
});

describe('CHECKOUT_FLOW and isBeforePayment', () => {
  test('the flow names every state once', () => {
    expect([...CHECKOUT_FLOW].sort()).toEqual([...CHECKOUT_STATES].sort());
  });

  test.each([
    ['determining', false],
    ['basket', true],
    ['donation', true],
    ['ticket_questions_before', true],
    ['payment', false],
    ['awaiting_truelayer', false],
    ['order_completed', false],
  ] as const)('%s before payment: %s', (state, expected) => {
    expect(isBeforePayment(state)).toBe(expected);
  });
});
