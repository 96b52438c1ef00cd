import type { CallDef } from '../call';
import { allMessages as messages } from '../../testing/all-messages';
import { calls, OPEN_BANKING_PROVIDER, type CallName } from '.';

const entries = Object.entries(calls) as [CallName, CallDef][];

/** Every call's method and path ('.../' expanded): the page's, then add_to_basket, remove_code, extend_reservation. */
const SPEC_ROWS: readonly string[] = [
  'GET /ajax/user/user/get_user/',
  'GET /ajax/checkout/checkout/get/',
  'POST /ajax/checkout/checkout/update_basket_state/',
  'POST /ajax/checkout/checkout/destroy_sale/',
  'POST /ajax/checkout/checkout/update_ticket_quantity/',
  'POST /ajax/checkout/checkout/update_gift_voucher_quantity/',
  'POST /ajax/checkout/checkout/update_refund_protection/',
  'POST /ajax/checkout/checkout/set_code/',
  'POST /ajax/checkout/checkout/remove_from_basket/',
  'POST /ajax/checkout/checkout/remove_gift_voucher_from_basket/',
  'POST /ajax/checkout/checkout/reserve_tickets/',
  'POST /ajax/checkout/checkout/save_guest_to_sale/',
  'POST /ajax/user/user/send_one_time_code/',
  'POST /ajax/user/user/check_one_time_code/',
  'POST /ajax/checkout/checkout/logout_of_sale/',
  'POST /ajax/checkout/checkout/set_marketing_preferences/',
  'POST /ajax/checkout/checkout/save_donation/',
  'POST /ajax/checkout/checkout/update_donation/',
  'POST /ajax/checkout/checkout/get_address_all_countries_states/',
  'POST /ajax/user/user/get_user_addresses/',
  'POST /ajax/user/user/lookup_address/',
  'POST /ajax/user/user/delete_address/',
  'POST /ajax/checkout/checkout/set_delivery_address/',
  'POST /ajax/checkout/checkout/pay_with_truelayer/',
  'POST /ajax/checkout/stripe/get_token/',
  'POST /ajax/checkout/checkout/set_account_details/',
  'POST /ajax/checkout/checkout/set_billing_address/',
  'POST /ajax/checkout/checkout/pay-with-square/',
  'POST /ajax/checkout/checkout/get_opoa_users/',
  'POST /ajax/checkout/checkout/get_square_credentials/',
  'POST /ajax/checkout/checkout/pay_with_instalment/',
  'POST /ajax/checkout/checkout/create_truelayer_payment/',
  'POST /ajax/checkout/checkout/get_payment_error/',
  'POST /ajax/checkout/checkout/claim_free_tickets/',
  'POST /ajax/checkout/checkout/get_truelayer_status/',
  'POST /ajax/checkout/checkout/deliver_to_bitticket/',
  'POST /ajax/checkout/checkout/deliver_to_wallet/',
  'POST /ajax/checkout/checkout/save_question_answers/',
  'POST /ajax/checkout/checkout/set_transfers/',
  'GET /ajax/checkout/checkout/get_simple_info/',
  'GET /ajax/checkout/checkout/get_reward_referrer_link/',
  'POST /ajax/checkout/checkout/send_customer_feedback/',
  'POST /ajax/checkout/checkout/subscribe_to_events/',
  'POST /ajax/checkout/checkout/add_to_basket/',
  'POST /ajax/checkout/checkout/remove_code/',
  'POST /ajax/checkout/checkout/extend_reservation/',
];

/** Calls that send nothing, or only optional fields. */
const NO_REQUIRED_FIELDS: readonly CallName[] = [
  'getUser',
  'getCheckout',
  'destroySale',
  'reserveTickets',
  'logoutOfSale',
  'getAddressAllCountriesStates',
  'getUserAddresses',
  'getOpoaUsers',
  'getSquareCredentials',
  'createTruelayerPayment',
  'getPaymentError',
  'getTruelayerStatus',
  'deliverToBitticket',
  'deliverToWallet',
  'getSimpleInfo',
  'getRewardReferrerLink',
  'subscribeToEvents',
];

/** Calls the spec lets fail silently, or gives no message for. */
const SILENT: readonly CallName[] = [
  'getUser',
  'addToBasket',
  'saveGuestToSale',
  'checkOneTimeCode',
  'getAddressAllCountriesStates',
  'getUserAddresses',
  'lookupAddress',
  'deleteAddress',
  'getOpoaUsers',
  'createTruelayerPayment',
  'getPaymentError',
  'getSimpleInfo',
  'getRewardReferrerLink',
];

const camel = (segment: string) => segment.replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());

test('the registry holds the 43 spec rows plus add_to_basket, remove_code and extend_reservation, each once', () => {
  expect(entries).toHaveLength(46);
  expect(entries.map(([, c]) => `${c.method} ${c.path}`).sort()).toEqual([...SPEC_ROWS].sort());
  expect(new Set(entries.map(([, c]) => c.path)).size).toBe(entries.length);
});

test.each(entries)('%s is named after its path and keyed by its name', (key, call) => {
  expect(call.name).toBe(key);
  const last = call.path.split('/').filter(Boolean).pop() ?? '';
  expect(key).toBe(last === 'get' ? 'getCheckout' : camel(last));
  expect(['GET', 'POST']).toContain(call.method);
  expect(call.path).toMatch(/^\/ajax\/[a-z_/-]+\/$/);
});

test.each(entries)("%s's failure is one of the sentences ('' only where the spec is silent)", (key, call) => {
  const sentences = new Set<string>(
    Object.values(messages as Record<string, unknown>).filter((m): m is string => typeof m === 'string'),
  );
  sentences.add(messages.openBankingRedirectFailed(OPEN_BANKING_PROVIDER));
  if (SILENT.includes(key)) expect(call.failure).toBe('');
  else expect(sentences.has(call.failure)).toBe(true);
});

test('the reserve call uses the basket-step wording', () => {
  expect(calls.reserveTickets.failure).toBe('Unable to reserve ticket(s). Please try again later');
});

test.each(entries)(
  '%s rejects an empty body only when it has required fields, and always rejects garbage',
  (key, call) => {
    expect(call.request.safeParse({}).success).toBe(NO_REQUIRED_FIELDS.includes(key));
    for (const garbage of ['x', 42, null, ['a']]) expect(call.request.safeParse(garbage).success).toBe(false);
  },
);

describe('request validation', () => {
  test.each([
    ['updateTicketQuantity', { ticket_id: '3', quantity: '2' }, true],
    // The quantity input's minimum is 1; removing a line is remove_from_basket.
    ['updateTicketQuantity', { ticket_id: '3', quantity: '0' }, false],
    ['updateTicketQuantity', { ticket_id: '3', quantity: '1' }, true],
    ['updateTicketQuantity', { ticket_id: '3', quantity: '-1' }, false],
    ['updateTicketQuantity', { ticket_id: '3', quantity: '1.5' }, false],
    ['updateTicketQuantity', { ticket_id: 'abc', quantity: '1' }, false],
    ['updateGiftVoucherQuantity', { gift_voucher_id: '1', qty: '2', value: '25.00' }, true],
    ['updateGiftVoucherQuantity', { gift_voucher_id: '1', qty: '2', value: '25.001' }, false],
    ['updateGiftVoucherQuantity', { gift_voucher_id: '1', qty: '0', value: '25.00' }, false],
    ['updateRefundProtection', { refund_protection: 'true' }, true],
    ['updateRefundProtection', { refund_protection: 'maybe' }, false],
    ['updateBasketState', { state: 'payment' }, true],
    ['updateBasketState', { state: 'nowhere' }, false],
    ['setCode', { code: 'SUMMER10' }, true],
    ['setCode', { code: '   ' }, false],
    ['setCode', { code: 'x'.repeat(101) }, false],
    ['reserveTickets', { 'h-captcha-response': 'token' }, true],
    ['reserveTickets', { 'h-captcha-response': 'x'.repeat(20_001) }, false],
    ['addToBasket', { ticket_id: '7', quantity: '2' }, true],
    ['addToBasket', { gift_voucher_id: '2', qty: '1', value: '50' }, true],
    ['addToBasket', { ticket_id: '7', quantity: '0' }, false],
    ['addToBasket', { gift_voucher_id: '2', qty: '1' }, false],
    ['checkOneTimeCode', { email: 'a@example.com', code: '123456' }, true],
    ['checkOneTimeCode', { email: 'a@example.com', code: '12345' }, false],
    ['checkOneTimeCode', { email: 'a@example.com', code: '12345a' }, false],
    ['sendOneTimeCode', { email: 'nope' }, false],
    ['saveGuestToSale', { email: 'a@example.com', fullname: 'x'.repeat(201) }, false],
    ['saveDonation', { amount_before_booking_fee: '0.50', charity_id: '1' }, false],
    ['saveDonation', { amount_before_booking_fee: '5', charity_id: '1' }, true],
    ['lookupAddress', { address: 'BA' }, false],
    ['lookupAddress', { address: 'BA1' }, true],
    ['setDeliveryAddress', { address: { selected_user_address_id: '12' } }, true],
    ['setDeliveryAddress', { address: { selected_user_address_id: 'new', first_name: 'A' } }, false],
    [
      'setDeliveryAddress',
      {
        address: {
          selected_user_address_id: 'new',
          first_name: 'A',
          last_name: 'B',
          address_1: '1 St',
          town: 'T',
          postcode: 'P',
          country: '2',
        },
      },
      false,
    ],
    [
      'setDeliveryAddress',
      {
        address: {
          selected_user_address_id: 'new',
          first_name: 'A',
          last_name: 'B',
          address_1: '1 St',
          town: 'T',
          postcode: 'P',
          country: '2',
          state: '4',
        },
      },
      true,
    ],
    ['setBillingAddress', { address: { postcode: 'SW1A 1AA' } }, true],
    ['setBillingAddress', { address: { postcode: '' } }, false],
    [
      'payWithInstalment',
      {
        instalment_option: '3',
        contact_number: '07700 900123',
        selected_payment_method_id: 'pm_1',
        idempotency_key: 'key-0123456789abcdef',
      },
      true,
    ],
    [
      'payWithInstalment',
      { instalment_option: '3', contact_number: '07700 900123', selected_payment_method_id: 'pm_1' },
      false,
    ],
    ['getToken', { idempotency_key: 'key-0123456789abcdef' }, true],
    ['getToken', { idempotency_key: 'short' }, false],
    ['payWithTruelayer', { contact_number: '', idempotency_key: 'key-0123456789abcdef' }, true],
    [
      'payWithInstalment',
      { instalment_option: '1', contact_number: '07700 900123', selected_payment_method_id: 'pm_1' },
      false,
    ],
    [
      'payWithInstalment',
      { instalment_option: '3', contact_number: '07700 900123', selected_payment_method_id: 'new' },
      false,
    ],
    [
      'payWithInstalment',
      {
        instalment_option: '3',
        contact_number: '07700 900123',
        selected_payment_method_id: 'new',
        new_payment_method: {
          id: 'pm_2',
          brand: 'visa',
          last4: '4242',
          month: '12',
          year: '2030',
          funding: 'credit',
          make_default_payment_method: '1',
        },
        idempotency_key: 'key-0123456789abcdef',
      },
      true,
    ],
    ['saveQuestionAnswers', { answers: { answer_3_9: 'Yes', answer_3_10_2: 'No' }, before_or_after: 'after' }, true],
    ['saveQuestionAnswers', { before_or_after: 'before' }, true],
    ['saveQuestionAnswers', { answers: { evil_key: 'x' }, before_or_after: 'before' }, false],
    ['saveQuestionAnswers', { answers: {}, before_or_after: 'during' }, false],
    [
      'setTransfers',
      { transfers: [{ ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '1', is_gift: 'false' }] },
      true,
    ],
    ['setTransfers', { transfers: [] }, false],
    ['setTransfers', { transfers: [{ ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '0' }] }, false],
    ['setTransfers', { transfers: [{ ticket_id: '1', name: '', email: 'al@example.com', qty: '1' }] }, false],
    [
      'setTransfers',
      {
        transfers: [
          { ticket_id: '1', name: 'Al', email: 'al@example.com', qty: '1', is_gift: 'true', send_gift: 'Schedule' },
        ],
      },
      false,
    ],
    [
      'setTransfers',
      {
        transfers: [
          {
            ticket_id: '1',
            name: 'Al',
            email: 'al@example.com',
            qty: '1',
            is_gift: 'true',
            send_gift: 'Schedule',
            delivery_date: '24/12/2030',
            delivery_time: '09:30',
          },
        ],
      },
      true,
    ],
    ['sendCustomerFeedback', { message: '' }, false],
    ['sendCustomerFeedback', { message: 'x'.repeat(2001) }, false],
    ['sendCustomerFeedback', { message: 'Great!' }, true],
    ['extendReservation', { sale_reference: 'CT-ABCDEFGHJKLMNPQR' }, true],
    ['extendReservation', {}, false],
    ['extendReservation', { sale_reference: '' }, false],
    ['extendReservation', { sale_reference: ['CT-A', 'CT-B'] }, false],
    [
      'setMarketingPreferences',
      { ct_subscribed: '1', event_subscribed: '0', organiser_subscribed_marketing: { '4': 'true' } },
      true,
    ],
    [
      'setMarketingPreferences',
      { ct_subscribed: '1', event_subscribed: '0', organiser_subscribed_marketing: { abc: 'true' } },
      false,
    ],
  ] as [CallName, unknown, boolean][])('%s %j -> %p', (name, body, ok) => {
    expect(calls[name].request.safeParse(body).success).toBe(ok);
  });

  test('coerces form text into typed values', () => {
    expect(calls.updateTicketQuantity.request.parse({ ticket_id: '3', quantity: '2' })).toEqual({
      ticket_id: 3,
      quantity: 2,
    });
    expect(calls.setMarketingPreferences.request.parse({ ct_subscribed: '1', event_subscribed: 'false' })).toEqual({
      ct_subscribed: true,
      event_subscribed: false,
      organiser_subscribed_marketing: {},
    });
  });
});

describe('responses', () => {
  test.each([
    ['updateBasketState', { seconds_remaining: 900 }, true],
    ['updateBasketState', { seconds_remaining: null }, true],
    ['updateBasketState', { seconds_remaining: '900' }, false],
    ['reserveTickets', { reserved: true, sale_reference: 'ABC123', fresh_reservation: true, checkout_time: 900 }, true],
    ['reserveTickets', { captcha: true, captcha_sitekey: 'key', error: 'Please complete the captcha' }, true],
    ['reserveTickets', { reserved: 'yes' }, false],
    ['updateTicketQuantity', { success: true }, true],
    ['updateTicketQuantity', {}, false],
    ['setCode', { code_applied: false }, true],
    ['setCode', { code_applied: false, error: 'This code has expired.' }, true],
    ['setCode', { code_applied: false, error: 42 }, false],
    ['getRewardReferrerLink', 'https://example.com/r/abc', true],
    ['getRewardReferrerLink', { link: 'x' }, false],
    ['payWithInstalment', { status: 'redirect_to_url', url: 'https://bank.example/3ds' }, true],
    ['payWithInstalment', { status: 'pending' }, false],
    ['getUser', { user: null }, true],
    ['getUser', {}, false],
    ['destroySale', { success: true }, true],
    ['destroySale', '', false],
    [
      'extendReservation',
      { seconds_remaining: 540, hold_expires_at: '2030-01-01T12:20:00.000Z', minutes_added: 5 },
      true,
    ],
    [
      'extendReservation',
      { seconds_remaining: null, hold_expires_at: '2030-01-01T12:20:00.000Z', minutes_added: 5 },
      false,
    ],
  ] as [CallName, unknown, boolean][])('%s answers %j -> %p', (name, body, ok) => {
    expect(calls[name].response.safeParse(body).success).toBe(ok);
  });
});
