import {
  AddressSchema,
  CheckoutSchema,
  EMPTY_CHECKOUT,
  TicketQuestionSchema,
  TransferRowSchema,
  UserSchema,
  type Checkout,
} from './entities';

const ticket = {
  ticket_id: 11,
  event_id: 3,
  event_name: 'Summer Fair',
  event_url: '/e/summer-fair',
  ticket_name: 'Adult',
  date_id: 5,
  nice_date: 'Sat 1 Aug 2026',
  qty: 2,
  price: 12.5,
  discount_amount: 0,
  absorb_fee: false,
  booking_fee: 0.99,
  event_hide_booking_fee: false,
  thumbnail: null,
  seats: [],
  non_refundable: false,
  can_update_quantity: true,
  max_can_reserve: 10,
  min_per_customer: 1,
  required_tickets: [{ title: 'Parking', ids: [12, 13] }],
  refund_policy: null,
  organiser_url: '/o/fair',
};

const filled: Checkout = {
  ...EMPTY_CHECKOUT,
  state: 'payment',
  sale_reference: 'ABC123',
  tickets: [ticket],
  seconds_remaining: 840,
  basket_total: 26.98,
  opoa: { provider: 'stripe', merchant_id: 'acct_1', overridden: false },
  payment_plan_schedule_options: { '3': { label: '3 months', schedule: [{ uk_due: '01/09/2026', value: 9 }] } },
  before_payment_questions: {
    '11': [
      {
        id: 1,
        ticket_id: 11,
        osq_id: null,
        question: 'Dietary needs?',
        type: 'text',
        mandatory: '1',
        once_per_checkout: '0',
        prepopulated_array: [],
      },
    ],
  },
};

test('an empty checkout (no sale yet) is a valid checkout', () => {
  expect(CheckoutSchema.parse(EMPTY_CHECKOUT)).toEqual(EMPTY_CHECKOUT);
  expect(EMPTY_CHECKOUT).toMatchObject({
    state: 'basket',
    sale_reference: null,
    seconds_remaining: null,
    tickets: [],
    charity: null,
    opoa: null,
  });
});

test('a filled checkout parses, and unknown keys are dropped rather than rejected', () => {
  expect(CheckoutSchema.parse({ ...filled, added_later: 1 })).toEqual(filled);
});

test.each([
  ['an unknown state', { state: 'shopping' }],
  ['tickets that are not a list', { tickets: { 0: ticket } }],
  ['a price sent as text', { tickets: [{ ...ticket, price: '12.50' }] }],
  ['a missing currency', { currency: undefined }],
  ['refund_protection other than 0 or 1', { refund_protection: 2 }],
])('a checkout with %s is rejected', (_label, change) => {
  expect(CheckoutSchema.safeParse({ ...filled, ...change }).success).toBe(false);
});

test('user needs every field the page reads', () => {
  const user = {
    id: 1,
    first_name: 'A',
    last_name: 'B',
    full_name: 'A B',
    email: 'a@example.com',
    subscribed: false,
    is_event_subscribed: true,
    is_dark_mode: false,
  };
  expect(UserSchema.parse(user)).toEqual(user);
  expect(UserSchema.safeParse({ ...user, is_dark_mode: 'no' }).success).toBe(false);
});

test("question flags are the spec's text flags", () => {
  const question = filled.before_payment_questions['11']?.[0];
  expect(TicketQuestionSchema.safeParse({ ...question, mandatory: true }).success).toBe(false);
  expect(TicketQuestionSchema.safeParse({ ...question, type: 'radio' }).success).toBe(false);
});

test('a scheduled gift transfer needs a delivery date and time', () => {
  const row = { ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '1', is_gift: 'true', send_gift: 'Schedule' };
  expect(TransferRowSchema.safeParse(row).success).toBe(false);
  expect(TransferRowSchema.safeParse({ ...row, delivery_date: '2030-12-24', delivery_time: '09:30' }).success).toBe(
    false,
  );
  expect(TransferRowSchema.parse({ ...row, delivery_date: '24/12/2030', delivery_time: '09:30' })).toMatchObject({
    qty: 1,
    is_gift: true,
  });
  expect(TransferRowSchema.safeParse({ ...row, send_gift: 'Send now' }).success).toBe(true);
});

test('the missing scheduled-gift field is named with the spec message', () => {
  const row = {
    ticket_id: '1',
    name: 'Al',
    email: 'al@example.com',
    qty: '1',
    is_gift: 'true',
    send_gift: 'Schedule',
    delivery_date: '24/12/2030',
  };
  const result = TransferRowSchema.safeParse(row);
  expect(result.success).toBe(false);
  expect(result.error?.issues).toEqual([
    expect.objectContaining({ path: ['delivery_time'], message: 'Please enter a time' }),
  ]);
});

test("a saved address may come with the form's empty fields; a new one needs them filled", () => {
  const blank = { first_name: '', last_name: '', address_1: '', town: '', postcode: '', country: '', state: '' };
  expect(AddressSchema.parse({ selected_user_address_id: '4', ...blank })).toMatchObject({
    selected_user_address_id: 4,
  });
  const result = AddressSchema.safeParse({ selected_user_address_id: 'new', ...blank });
  expect(result.error?.issues).toEqual([expect.objectContaining({ message: 'Please complete your address' })]);
});
