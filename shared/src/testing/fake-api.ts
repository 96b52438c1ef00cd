import type { ApiClient, ApiFailure } from '../api/client';
import { calls, type CallName } from '../contract/calls';
import type { Checkout, User } from '../contract/entities';
import { breakdownOf, sampleCheckout, sampleUser } from './sample-data';

/** One writable handler per call: plain async functions, no jest, so standalone remotes can use them in the browser. */
export type FakeApiHandlers = { -readonly [K in CallName]: ApiClient[K] };

export interface FakeApiCall {
  name: CallName;
  payload: unknown;
}

export interface FakeApi extends ApiClient {
  /** Replace any of these at any time (`api.handlers.reserveTickets = async () => ...`); the next call uses it. */
  readonly handlers: FakeApiHandlers;
  /** Every call made, in order, with its payload. */
  readonly log: FakeApiCall[];
  /** Payloads of the calls made to one method. */
  payloadsOf(name: CallName): unknown[];
  /** The fake server's checkout (getCheckout answers it; basket calls change it). */
  checkout: Checkout;
  user: User | null;
}

export interface FakeApiOptions {
  checkout?: Checkout;
  user?: User | null;
  handlers?: Partial<FakeApiHandlers>;
}

/** The ApiFailure a real client would reject with for this call (its spec message), plus any server detail. */
export function apiFailure(name: CallName, extra: Partial<ApiFailure> = {}): ApiFailure {
  return { kind: 'http', call: name, status: 422, message: calls[name].failure, ...extra };
}

/** A handler that always fails like the real client does: `api.handlers.setCode = failWith(apiFailure('setCode'))`. */
export function failWith(failure: ApiFailure): () => Promise<never> {
  return () => Promise.reject(failure);
}

/** The basket total as the sample data keeps it: lines, their booking fees, vouchers, less discounts. */
function basketTotal(c: Checkout): number {
  const tickets = c.tickets.reduce((sum, t) => sum + (t.price + t.booking_fee - t.discount_amount) * t.qty, 0);
  const vouchers = c.gift_vouchers.reduce((sum, v) => sum + v.value * v.qty, 0);
  return Math.round((tickets + vouchers + c.delivery_cost) * 100) / 100;
}

/**
 * A fake of every API call with answers that keep a standalone remote moving: the basket calls change the fake
 * checkout (and getCheckout returns it), reserving succeeds, payments complete, deliveries complete.
 */
export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  const log: FakeApiCall[] = [];

  const fake = {
    checkout: options.checkout ?? sampleCheckout(),
    user: options.user === undefined ? sampleUser() : options.user,
  };
  const change = (update: (c: Checkout) => Checkout) => {
    const next = update(fake.checkout);
    fake.checkout = { ...next, basket_total: basketTotal(next), price_breakdown: breakdownOf(next) };
  };
  const ok = async () => ({ success: true });
  const address = () => ({
    id: 7,
    first_name: fake.user?.first_name ?? 'Alex',
    last_name: fake.user?.last_name ?? 'Morgan',
    town: 'Bristol',
    address_1: '1 Quay Street',
    address_2: null,
    postcode: 'BS1 4QA',
    state: null,
    country_code: 1,
  });

  const handlers: FakeApiHandlers = {
    getUser: async () => ({ user: fake.user }),
    getCheckout: async () => fake.checkout,
    updateBasketState: async ({ state }) => {
      change((c) => ({ ...c, state }));
      return {
        seconds_remaining: fake.checkout.seconds_remaining,
        hold_extension_minutes: fake.checkout.hold_extension_minutes,
      };
    },
    destroySale: async () => {
      change((c) => ({ ...c, state: 'basket', sale_reference: null, seconds_remaining: null }));
      return { success: true };
    },
    extendReservation: async () => {
      const minutes = fake.checkout.hold_extension_minutes ?? 0;
      const seconds = (fake.checkout.seconds_remaining ?? 0) + minutes * 60;
      change((c) => ({ ...c, seconds_remaining: seconds, hold_extension_minutes: null }));
      return {
        seconds_remaining: seconds,
        hold_expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
        minutes_added: minutes,
      };
    },
    updateTicketQuantity: async ({ ticket_id, quantity }) => {
      change((c) => ({
        ...c,
        tickets: c.tickets.map((t) => (t.ticket_id === ticket_id ? { ...t, qty: quantity } : t)),
      }));
      return { success: true };
    },
    updateGiftVoucherQuantity: async ({ gift_voucher_id, qty }) => {
      change((c) => ({
        ...c,
        gift_vouchers: c.gift_vouchers.map((v) => (v.id === gift_voucher_id ? { ...v, qty } : v)),
      }));
      return { success: true };
    },
    updateRefundProtection: async ({ refund_protection }) => {
      change((c) => ({ ...c, refund_protection: refund_protection ? 1 : 0 }));
      return { success: true };
    },
    setCode: async ({ code }) => ({ code_applied: code.trim().length > 0 }),
    removeCode: async ({ code }) => {
      change((c) => ({ ...c, applied_codes: c.applied_codes.filter((entry) => entry.code !== code) }));
      return { success: true };
    },
    removeFromBasket: async ({ ticket_id }) => {
      change((c) => ({ ...c, tickets: c.tickets.filter((t) => t.ticket_id !== ticket_id) }));
      return { success: true };
    },
    removeGiftVoucherFromBasket: async ({ gift_voucher_id }) => {
      change((c) => ({ ...c, gift_vouchers: c.gift_vouchers.filter((v) => v.id !== gift_voucher_id) }));
      return { success: true };
    },
    reserveTickets: async () => {
      change((c) => ({ ...c, seconds_remaining: 900 }));
      return {
        reserved: true,
        sale_reference: fake.checkout.sale_reference,
        fresh_reservation: true,
        checkout_time: 900,
      };
    },
    saveGuestToSale: ok,
    sendOneTimeCode: ok,
    checkOneTimeCode: async () => ({ has_account: fake.user !== null }),
    logoutOfSale: ok,
    setMarketingPreferences: ok,
    saveDonation: async ({ amount_before_booking_fee }) => {
      change((c) => ({ ...c, donation_amount: amount_before_booking_fee }));
      return { success: true };
    },
    updateDonation: ok,
    getAddressAllCountriesStates: async () => ({
      countries: [
        { id: 1, name: 'United Kingdom' },
        { id: 2, name: 'United States' },
      ],
      states: [
        { id: 1, name: 'California', country_id: 2 },
        { id: 2, name: 'New York', country_id: 2 },
      ],
    }),
    getUserAddresses: async () => ({
      existing_addresses: [
        { id: 7, first_name: 'Alex', last_name: 'Morgan', full_address: '1 Quay Street, Bristol, BS1 4QA' },
      ],
    }),
    lookupAddress: async () => ({
      possible_addresses: [
        { formatted_address: '1 Quay Street', address_line_2: null, town: 'Bristol', post_code: 'BS1 4QA' },
      ],
    }),
    deleteAddress: ok,
    setDeliveryAddress: ok,
    payWithTruelayer: async () => ({ auth_url: '#bank-portal' }),
    getToken: async () => ({ public_key: 'pk_test_sandbox', client_secret: 'seti_sandbox_secret' }),
    setAccountDetails: async () => address(),
    setBillingAddress: async () => address(),
    payWithSquare: async () => ({ payment_completed: true }),
    getOpoaUsers: async () => ({ opoa_users: [], full_name: fake.user?.full_name ?? null }),
    getSquareCredentials: async () => ({ app_id: 'sandbox-app', location_id: 'sandbox-location' }),
    payWithInstalment: async () => ({ status: 'success' }),
    createTruelayerPayment: ok,
    getPaymentError: async () => '',
    claimFreeTickets: ok,
    getTruelayerStatus: async () => ({
      truelayer_status: {
        checkout_expires_in: fake.checkout.seconds_remaining,
        payment_completed: true,
        reference: fake.checkout.sale_reference,
        total: fake.checkout.basket_total,
        truelayer_status_error: null,
        status: 'executed',
      },
    }),
    deliverToBitticket: async () => ({ delivery_completed: true }),
    deliverToWallet: async () => ({ delivery_completed: true }),
    saveQuestionAnswers: async () => ({ questions_set: true }),
    setTransfers: ok,
    getSimpleInfo: async () => ({
      sale_email: fake.user?.email ?? 'alex.morgan@example.com',
      sale_reference: fake.checkout.sale_reference ?? '',
    }),
    getRewardReferrerLink: async () => 'http://localhost:8080/r/alex-morgan',
    sendCustomerFeedback: ok,
    subscribeToEvents: ok,
    addToBasket: ok,
    ...options.handlers,
  };

  const api = {
    handlers,
    log,
    payloadsOf: (name: CallName) => log.filter((entry) => entry.name === name).map((entry) => entry.payload),
    get checkout() {
      return fake.checkout;
    },
    set checkout(value: Checkout) {
      fake.checkout = value;
    },
    get user() {
      return fake.user;
    },
    set user(value: User | null) {
      fake.user = value;
    },
  } as Record<string, unknown>;

  for (const name of Object.keys(calls) as CallName[]) {
    api[name] = async (payload?: unknown) => {
      log.push({ name, payload });
      // Looked up at call time, so a handler replaced mid-test is the one used.
      const handler = handlers[name] as (payload?: unknown) => Promise<unknown>;
      return handler(payload);
    };
  }
  // The loop above adds exactly one method per registry entry, which is what ApiClient is.
  return api as unknown as FakeApi;
}
