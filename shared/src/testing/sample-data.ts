import { EMPTY_CHECKOUT, type Checkout, type TicketLine, type User } from '../contract/entities';

/**
 * Realistic sample data for tests and standalone remotes: one GBP basket with two ticket types of one event and a
 * gift voucher. Every factory returns a fresh object, so a test may change what it gets.
 */

/** EMPTY_CHECKOUT is frozen only at the top: copy its nested arrays and maps so a test cannot change the next one's. */
const freshEmpty = (): Checkout => JSON.parse(JSON.stringify(EMPTY_CHECKOUT)) as Checkout;

const ORGANISER_URL = 'http://localhost:8080/riverside-live/';

const ticket = (
  line: Partial<TicketLine> & Pick<TicketLine, 'ticket_id' | 'ticket_name' | 'price' | 'qty'>,
): TicketLine => ({
  event_id: 101,
  event_name: 'Winter Gala at the Riverside',
  event_url: 'http://localhost:8080/riverside-live/winter-gala/',
  date_id: 5001,
  nice_date: 'Saturday 5 December 2026 at 7:30pm',
  discount_amount: 0,
  absorb_fee: false,
  booking_fee: 1.5,
  event_hide_booking_fee: false,
  thumbnail: null,
  seats: [],
  non_refundable: false,
  can_update_quantity: true,
  max_can_reserve: 10,
  min_per_customer: 1,
  required_tickets: [],
  refund_policy: null,
  organiser_url: ORGANISER_URL,
  ...line,
});

/** A filled GBP basket: 2 x Adult £25.00, 1 x Child £12.50 (fees £1.50 and £0.75 each), a £20.00 gift voucher. */
export function sampleCheckout(overrides: Partial<Checkout> = {}): Checkout {
  const checkout: Checkout = {
    ...freshEmpty(),
    state: 'basket',
    sale_reference: 'RVL-7K2Q9D',
    tickets: [
      ticket({ ticket_id: 11, ticket_name: 'Adult', price: 25, qty: 2 }),
      ticket({ ticket_id: 12, ticket_name: 'Child (under 16)', price: 12.5, qty: 1, booking_fee: 0.75 }),
    ],
    gift_vouchers: [
      {
        id: 21,
        name: 'Riverside Live Gift Voucher',
        value: 20,
        qty: 1,
        thumbnail: null,
        o_name: 'Riverside Live',
        o_url: ORGANISER_URL,
        uk_expiry_date: '05/12/2027',
      },
    ],
    events: [
      {
        id: 101,
        title: 'Winter Gala at the Riverside',
        refund_protection: true,
        warn_customers_about_different_timeslots_message: null,
        shareable_link: 'http://localhost:8080/riverside-live/winter-gala/',
        venue: {
          full_address: 'Riverside Hall, 1 Quay Street, Bristol, BS1 4QA',
          map_address: 'Riverside Hall, Bristol',
          map_checkin: null,
        },
        has_livestream: false,
        access_online: null,
        ga: null,
        ga_conversion_id: null,
        fb_pixel: null,
        reward_referrers: null,
        fundraising_contact_notice: false,
      },
    ],
    organisers: [
      {
        name: 'Riverside Live',
        full_url: ORGANISER_URL,
        url: 'riverside-live',
        is_saas: false,
        has_custom_refund_policy: false,
        charity: false,
        audience_diversity_notice: false,
        takes_payments: true,
        upcoming_events: [
          {
            url: 'http://localhost:8080/riverside-live/jazz-brunch/',
            thumbnail: null,
            title: 'Sunday Jazz Brunch',
            location: 'Riverside Hall, Bristol',
            date: 'Sunday 13 December 2026',
          },
        ],
      },
    ],
    currency: { symbol: '£', code: 'GBP' },
    // 2 x 25 + 12.50 + 20 + fees (2 x 1.50 + 0.75)
    basket_total: 86.25,
    has_refund_protection: true,
    refund_protection_cost: 4.5,
    marketing_preferences: {
      ct_subscribed: false,
      event_subscribed: false,
      basket_organisers: [
        {
          id: 3,
          name: 'Riverside Live',
          organiser_subscribed: false,
          marketing_signup_message: 'Hear about new shows from Riverside Live first',
        },
      ],
    },
    opoa: { provider: 'stripe', merchant_id: 'acct_sandbox_riverside', overridden: false },
    sagepay_or_stripe: 'stripe',
    payment_plan_schedule_options: {},
    ...overrides,
  };
  return overrides.price_breakdown ? checkout : { ...checkout, price_breakdown: breakdownOf(checkout) };
}

/** A checkout with nothing in it (a new visitor), GBP. */
export function emptyCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return { ...freshEmpty(), ...overrides };
}

/** A signed-in buyer with light mode and no subscriptions. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    first_name: 'Alex',
    last_name: 'Morgan',
    full_name: 'Alex Morgan',
    email: 'alex.morgan@example.com',
    subscribed: false,
    is_event_subscribed: false,
    is_dark_mode: false,
    ...overrides,
  };
}

/** The order summary rows the fake server sends, adding up to basketTotal as the real server's do. */
export function breakdownOf(c: Checkout): Checkout['price_breakdown'] {
  const cents = (amount: number) => Math.round(amount * 100) / 100;
  const row = (
    kind: Checkout['price_breakdown'][number]['kind'],
    label: string,
    amount: number,
    quantity: number | null = null,
  ) => ({ kind, label, detail: null, quantity, amount: cents(amount), code: null });
  const fees = c.tickets.reduce((sum, t) => sum + t.booking_fee * t.qty, 0);
  const discounts = c.tickets.reduce((sum, t) => sum + t.discount_amount * t.qty, 0);
  return [
    ...c.tickets.map((t) => row('ticket', t.ticket_name, t.price * t.qty, t.qty)),
    ...c.gift_vouchers.map((v) => row('voucher', v.name, v.value * v.qty, v.qty)),
    ...(discounts > 0 ? [row('discount', 'Discount', -discounts)] : []),
    ...(fees > 0 ? [row('booking_fee', 'Booking fee', fees)] : []),
    ...(c.delivery_cost > 0 ? [row('delivery', 'Delivery', c.delivery_cost)] : []),
  ];
}
