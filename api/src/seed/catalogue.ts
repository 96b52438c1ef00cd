import type { Insertable } from 'kysely';
import type {
  AfterSaleMessagesTable,
  CharitiesTable,
  CodesTable,
  EventDatesTable,
  EventsTable,
  GiftVouchersTable,
  OrganiserSubscriptionsTable,
  OrganisersTable,
  QuestionsTable,
  TicketRequirementsTable,
  TicketTypesTable,
  UserAddressesTable,
  UserPaymentMethodsTable,
  UsersTable,
  WaiversTable,
} from '../db/schema';

/**
 * The demo catalogue: every branch of the spec has an event to reach it (README lists them). Ids are stable so tests
 * and docs can name them: event N has dates N1, N2 and ticket types N01, N02, … (the on-sale test ticket is 9001).
 * Dates are relative to the moment of seeding, so the events are always ahead of a fresh install.
 */
export const SEED = {
  charity: { lifeboat: 1 },
  organiser: { lifeboat: 1, folk: 2, lumen: 3, europa: 4, jazz: 5, villageHall: 6, demo: 7, express: 8, canal: 9 },
  event: {
    gala: 1,
    folk: 2,
    livestream: 3,
    europa: 4,
    jazz: 5,
    coffeeMorning: 6,
    aquarium: 7,
    summerFields: 8,
    kayak: 9,
    onSale: 10,
    comedy: 11,
    /** Express checkout: account details on the payment step (organiser 'Quick Tickets'). */
    express: 12,
    /** A EUR event of a square-type organiser: a bank transfer in euro (Festival Europa's organiser is stripe-type). */
    canal: 13,
  },
  ticket: {
    galaAdult: 101,
    galaChild: 102,
    folkStalls: 201,
    folkBalcony: 202,
    livestreamPass: 301,
    livestreamStanding: 302,
    /** £250 a booth: eight make a GBP basket over 2000 on a square-type organiser (no card option, spec 9). */
    livestreamBooth: 303,
    europaDay: 401,
    europaWeekend: 402,
    jazzTable: 501,
    jazzBar: 502,
    coffeeFree: 601,
    coffeeCake: 602,
    aquariumEarly: 701,
    aquariumLate: 702,
    summerWeekend: 801,
    summerDay: 802,
    kayakTaster: 901,
    onSale: 9001,
    comedyNight: 1101,
    expressEntry: 1201,
    canalSeat: 1301,
  },
  giftVoucher: { folk: 1, lifeboat: 2 },
  code: {
    percent: 'SAVE10',
    fixed: 'FOLK5',
    expired: 'EXPIRED20',
    usedUp: 'USEDUP',
    event: 'EURO15',
    giftVoucher: 'GIFT-DEMO-50',
    /** 20 % off Aquarium Late Nights tickets (a per-event code in pounds). */
    eventGbp: 'AQUA20',
    /** £3 off, one use in all: while one checkout holds it reserved, no other can use it. */
    oneUse: 'ONCEONLY',
  },
  user: { demo: 1, dark: 2 },
  address: { demoHome: 1, demoUs: 2 },
  waiver: { kayak: 1 },
} as const;

export interface SeedOptions {
  now: Date;
  /** Capacity of the 'On-sale test' ticket type (SEED_ONSALE_CAPACITY). */
  onSaleCapacity: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** `days` ahead of `now`, at hh:mm UTC (close enough to London time for demo data). */
function at(now: Date, days: number, hours: number, minutes = 0): Date {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(hours, minutes, 0, 0);
  return date;
}

const img = (name: string) => `/assets/demo/${name}.svg`;

export interface DemoCatalogue {
  charities: Insertable<CharitiesTable>[];
  organisers: Insertable<OrganisersTable>[];
  events: Insertable<EventsTable>[];
  eventDates: Insertable<EventDatesTable>[];
  waivers: Insertable<WaiversTable>[];
  ticketTypes: Insertable<TicketTypesTable>[];
  ticketRequirements: Insertable<TicketRequirementsTable>[];
  giftVouchers: Insertable<GiftVouchersTable>[];
  codes: Insertable<CodesTable>[];
  questions: Insertable<QuestionsTable>[];
  afterSaleMessages: Insertable<AfterSaleMessagesTable>[];
  users: Insertable<UsersTable>[];
  userAddresses: Insertable<UserAddressesTable>[];
  userPaymentMethods: Insertable<UserPaymentMethodsTable>[];
  organiserSubscriptions: Insertable<OrganiserSubscriptionsTable>[];
}

export function demoCatalogue({ now, onSaleCapacity }: SeedOptions): DemoCatalogue {
  const { organiser: o, event: e, ticket: t } = SEED;

  const events: Insertable<EventsTable>[] = [
    {
      id: e.gala,
      organiser_id: o.lifeboat,
      slug: 'lifeboat-gala-dinner',
      title: 'Lifeboat Gala Dinner',
      description: 'A three-course dinner and auction in aid of the Harbour Lifeboat Trust.',
      thumbnail: img('gala'),
      location: 'The Old Fish Market, Brighton',
      venue_full_address: 'The Old Fish Market, Kings Road Arches, Brighton BN1 1NB',
      venue_map_address: 'Kings Road Arches, Brighton BN1 1NB',
      fundraising_contact_notice: true,
      ga: 'G-DEMO0001',
    },
    {
      id: e.folk,
      organiser_id: o.folk,
      slug: 'folk-by-the-sea',
      title: 'Folk by the Sea',
      description: 'An evening of folk music in a seated theatre. Tickets are posted to you.',
      thumbnail: img('folk'),
      location: 'Theatre Royal, Brighton',
      venue_full_address: 'Theatre Royal, New Road, Brighton BN1 1SD',
      venue_map_address: 'New Road, Brighton BN1 1SD',
      venue_map_checkin: 'Box office, New Road entrance',
      require_delivery_address: true,
      // Tickets are posted: one delivery charge per basket.
      delivery_fee_minor: 150,
      reward_text: 'Share Folk by the Sea with friends and get £5 off your next folk night for each friend who books.',
      reward_short_text: 'get £5 off',
    },
    {
      id: e.livestream,
      organiser_id: o.lumen,
      slug: 'aurora-sessions',
      title: 'Aurora Sessions',
      description: 'Watch in the room or from home: the concert is streamed live.',
      thumbnail: img('aurora'),
      location: 'Lumen Studio, London',
      venue_full_address: 'Lumen Studio, 12 Hoxton Square, London N1 6NU',
      has_livestream: true,
      access_online: 'https://stream.example.com/aurora-sessions',
    },
    {
      id: e.europa,
      organiser_id: o.europa,
      slug: 'festival-europa',
      title: 'Festival Europa',
      description: 'Three stages by the river. Prices in euro. Refund protection cannot cover this event.',
      thumbnail: img('europa'),
      location: 'Parc de la Villette, Paris',
      timezone: 'Europe/Paris',
      refund_protection: false,
      captcha_required: true,
    },
    {
      id: e.jazz,
      organiser_id: o.jazz,
      slug: 'jazz-at-sunset',
      title: 'Jazz at Sunset',
      description: 'Tables are sold in pairs (minimum two); the bar has a limit of four per customer. Prices in US dollars.',
      thumbnail: img('jazz'),
      location: 'Pier 17, New York',
      timezone: 'America/New_York',
    },
    {
      id: e.coffeeMorning,
      organiser_id: o.villageHall,
      slug: 'village-coffee-morning',
      title: 'Village Coffee Morning',
      description: 'Free entry. The organiser has not set up payments yet, so paid extras cannot be bought.',
      location: 'Lewes',
    },
    {
      id: e.aquarium,
      organiser_id: o.lumen,
      slug: 'aquarium-late-nights',
      title: 'Aquarium Late Nights',
      description: 'Two entry times on two evenings: your basket warns you when your tickets are for different time slots.',
      thumbnail: img('aquarium'),
      location: 'Sea Life Centre, Brighton',
      timeslot_warning_message: 'Your tickets are for different time slots. Please check you have chosen the right times before you continue.',
    },
    {
      id: e.summerFields,
      organiser_id: o.folk,
      slug: 'summer-fields-festival',
      title: 'Summer Fields Festival',
      description: 'Next summer’s festival, far enough ahead to spread the cost with a payment plan.',
      thumbnail: img('summer'),
      location: 'Stanmer Park, Brighton',
      venue_full_address: 'Stanmer Park, Lewes Road, Brighton BN1 9SE',
      payment_plans_enabled: true,
      require_phone_number: true,
    },
    {
      id: e.kayak,
      organiser_id: o.lifeboat,
      slug: 'harbour-kayak-taster',
      title: 'Harbour Kayak Taster',
      description: 'A two-hour kayak session. Everyone in your party signs the activity terms before arriving.',
      thumbnail: img('kayak'),
      location: 'Shoreham Harbour',
      venue_full_address: 'Shoreham Watersports Centre, Shoreham-by-Sea BN43 5HQ',
      require_phone_number: true,
      fundraising_contact_notice: true,
    },
    {
      id: e.onSale,
      organiser_id: o.demo,
      slug: 'on-sale-test',
      title: 'On-sale test',
      description: 'One hot ticket type for the on-sale benchmark and the concurrency tests.',
      location: 'Everywhere at once',
    },
    {
      id: e.comedy,
      organiser_id: o.lumen,
      slug: 'comedy-at-the-pier',
      title: 'Comedy at the Pier',
      description: 'Stand-up on the pier. Refund protection cannot cover this event (a basket lists it as not covered), and its booking fee is not shown.',
      thumbnail: img('comedy'),
      location: 'Palace Pier, Brighton',
      refund_protection: false,
    },
    {
      id: e.express,
      organiser_id: o.express,
      slug: 'express-quiz-night',
      title: 'Quiz Night (express checkout)',
      description: 'A pub quiz sold with express checkout: your account details are taken on the payment step.',
      location: 'The Cricketers, Brighton',
    },
    {
      id: e.canal,
      organiser_id: o.canal,
      slug: 'canal-concert',
      title: 'Canal Concert',
      description: 'Chamber music on a canal boat. Prices in euro; pay by card or by instant bank transfer.',
      location: 'Prinsengracht, Amsterdam',
      venue_full_address: 'Museumboot Prinsengracht 263, 1016 GV Amsterdam',
      timezone: 'Europe/Amsterdam',
      refund_protection: false,
    },
  ];

  const eventDates: Insertable<EventDatesTable>[] = [
    { id: 11, event_id: e.gala, starts_at: at(now, 45, 18, 30), ends_at: at(now, 45, 23) },
    { id: 21, event_id: e.folk, starts_at: at(now, 30, 19, 30), ends_at: at(now, 30, 22, 30) },
    { id: 31, event_id: e.livestream, starts_at: at(now, 21, 20), ends_at: at(now, 21, 22) },
    { id: 41, event_id: e.europa, starts_at: at(now, 75, 12), ends_at: at(now, 77, 23) },
    { id: 51, event_id: e.jazz, starts_at: at(now, 40, 23), ends_at: at(now, 41, 2) },
    { id: 61, event_id: e.coffeeMorning, starts_at: at(now, 10, 10), ends_at: at(now, 10, 12) },
    { id: 71, event_id: e.aquarium, starts_at: at(now, 14, 18), ends_at: at(now, 14, 20) },
    { id: 72, event_id: e.aquarium, starts_at: at(now, 15, 20), ends_at: at(now, 15, 22) },
    { id: 81, event_id: e.summerFields, starts_at: at(now, 300, 11), ends_at: at(now, 302, 23) },
    { id: 91, event_id: e.kayak, starts_at: at(now, 20, 9), ends_at: at(now, 20, 11) },
    { id: 101, event_id: e.onSale, starts_at: at(now, 60, 19), ends_at: at(now, 60, 23) },
    { id: 111, event_id: e.comedy, starts_at: at(now, 25, 20), ends_at: at(now, 25, 22) },
    { id: 121, event_id: e.express, starts_at: at(now, 18, 19, 30), ends_at: at(now, 18, 22) },
    { id: 131, event_id: e.canal, starts_at: at(now, 50, 18), ends_at: at(now, 50, 20) },
  ];

  const ticketTypes: Insertable<TicketTypesTable>[] = [
    { id: t.galaAdult, event_id: e.gala, event_date_id: 11, name: 'Dinner ticket', price_minor: 4500, currency: 'GBP', booking_fee_minor: 250, capacity: 120, max_per_customer: 10, sort_order: 1 },
    {
      id: t.galaChild,
      event_id: e.gala,
      event_date_id: 11,
      name: 'Child dinner ticket',
      description: 'Under 12s, with an adult dinner ticket.',
      price_minor: 2000,
      currency: 'GBP',
      booking_fee_minor: 100,
      capacity: 30,
      max_per_customer: 6,
      sort_order: 2,
    },
    { id: t.folkStalls, event_id: e.folk, event_date_id: 21, name: 'Stalls seat', price_minor: 2800, currency: 'GBP', booking_fee_minor: 175, capacity: 200, seated: true, sort_order: 1 },
    {
      id: t.folkBalcony,
      event_id: e.folk,
      event_date_id: 21,
      name: 'Balcony seat',
      price_minor: 2200,
      currency: 'GBP',
      booking_fee_minor: 150,
      absorb_fee: true,
      capacity: 80,
      seated: true,
      non_refundable: true,
      sort_order: 2,
    },
    { id: t.livestreamPass, event_id: e.livestream, event_date_id: 31, name: 'Livestream pass', price_minor: 800, currency: 'GBP', booking_fee_minor: 50, absorb_fee: true, capacity: 5000, sort_order: 1 },
    { id: t.livestreamStanding, event_id: e.livestream, event_date_id: 31, name: 'In the room (standing)', price_minor: 1800, currency: 'GBP', booking_fee_minor: 120, capacity: 150, sort_order: 2 },
    { id: t.livestreamBooth, event_id: e.livestream, event_date_id: 31, name: 'Private booth (up to 6 people)', price_minor: 25000, currency: 'GBP', booking_fee_minor: 1000, capacity: 40, max_per_customer: 10, sort_order: 3 },
    { id: t.europaDay, event_id: e.europa, event_date_id: 41, name: 'Day ticket', price_minor: 6500, currency: 'EUR', booking_fee_minor: 350, capacity: 2000, sort_order: 1 },
    { id: t.europaWeekend, event_id: e.europa, event_date_id: 41, name: 'Weekend ticket', price_minor: 15900, currency: 'EUR', booking_fee_minor: 700, capacity: 1500, sort_order: 2 },
    {
      id: t.jazzTable,
      event_id: e.jazz,
      event_date_id: 51,
      name: 'Table seat (sold in pairs)',
      price_minor: 4000,
      currency: 'USD',
      booking_fee_minor: 300,
      capacity: 80,
      min_per_customer: 2,
      max_per_customer: 8,
      sort_order: 1,
    },
    { id: t.jazzBar, event_id: e.jazz, event_date_id: 51, name: 'Bar standing', price_minor: 2500, currency: 'USD', booking_fee_minor: 200, hide_booking_fee: true, capacity: 60, max_per_customer: 4, sort_order: 2 },
    { id: t.coffeeFree, event_id: e.coffeeMorning, event_date_id: 61, name: 'Free entry', price_minor: 0, currency: 'GBP', capacity: 100, max_per_customer: 6, sort_order: 1 },
    { id: t.coffeeCake, event_id: e.coffeeMorning, event_date_id: 61, name: 'Coffee and cake', price_minor: 350, currency: 'GBP', capacity: 60, max_per_customer: 6, sort_order: 2 },
    { id: t.aquariumEarly, event_id: e.aquarium, event_date_id: 71, name: 'Entry 6pm (first evening)', price_minor: 1500, currency: 'GBP', booking_fee_minor: 100, capacity: 100, sort_order: 1 },
    { id: t.aquariumLate, event_id: e.aquarium, event_date_id: 72, name: 'Entry 8pm (second evening)', price_minor: 1500, currency: 'GBP', booking_fee_minor: 100, capacity: 100, sort_order: 2 },
    { id: t.summerWeekend, event_id: e.summerFields, event_date_id: 81, name: 'Weekend camping ticket', price_minor: 18900, currency: 'GBP', booking_fee_minor: 950, capacity: 3000, sort_order: 1 },
    { id: t.summerDay, event_id: e.summerFields, event_date_id: 81, name: 'Saturday day ticket', price_minor: 9900, currency: 'GBP', booking_fee_minor: 500, capacity: 2000, sort_order: 2 },
    {
      id: t.kayakTaster,
      event_id: e.kayak,
      event_date_id: 91,
      name: 'Kayak taster session',
      price_minor: 1500,
      currency: 'GBP',
      booking_fee_minor: 100,
      capacity: 24,
      max_per_customer: 6,
      waiver_id: SEED.waiver.kayak,
      sort_order: 1,
    },
    { id: t.onSale, event_id: e.onSale, event_date_id: 101, name: 'On-sale ticket', price_minor: 1000, currency: 'GBP', capacity: onSaleCapacity, max_per_customer: 10, sort_order: 1 },
    { id: t.expressEntry, event_id: e.express, event_date_id: 121, name: 'Quiz team place', price_minor: 600, currency: 'GBP', booking_fee_minor: 50, capacity: 80, max_per_customer: 6, sort_order: 1 },
    { id: t.comedyNight, event_id: e.comedy, event_date_id: 111, name: 'Comedy night', price_minor: 1200, currency: 'GBP', booking_fee_minor: 100, hide_booking_fee: true, capacity: 120, max_per_customer: 8, sort_order: 1 },
    { id: t.canalSeat, event_id: e.canal, event_date_id: 131, name: 'Deck seat', price_minor: 2500, currency: 'EUR', booking_fee_minor: 150, capacity: 60, max_per_customer: 6, sort_order: 1 },
  ];

  return {
    charities: [
      {
        id: SEED.charity.lifeboat,
        name: 'Harbour Lifeboat Trust',
        logo: img('lifeboat-logo'),
        description_html:
          '<p>Our volunteer crews answer calls for help along the Sussex coast, day and night. <strong>Every donation keeps a boat ready.</strong></p>',
        donation_checkout_title: 'Would you like to add a donation?',
        donation_options_minor: [500, 1000, 2000, 5000],
        base_fee_minor: 20,
        booking_fee_bp: 150,
        booking_fee_includes_vat: true,
        booking_fee_vat_bp: 2000,
        booking_fee_cap_minor: 500,
        gift_aid_enabled: true,
      },
    ],
    organisers: [
      {
        id: o.lifeboat,
        name: 'Harbour Lifeboat Trust',
        slug: 'harbour-lifeboat-trust',
        charity_id: SEED.charity.lifeboat,
        payment_provider: 'stripe',
        payment_merchant_id: 'acct_demo_lifeboat',
        marketing_signup_message: 'Hear about our fundraising events and volunteering days',
      },
      {
        id: o.folk,
        name: 'Brighton Folk Collective',
        slug: 'brighton-folk-collective',
        payment_provider: 'stripe',
        payment_merchant_id: 'acct_demo_folk',
        custom_refund_policy: 'Tickets can be exchanged for another Folk Collective night up to 48 hours before the show. We do not give refunds for a change of mind.',
        marketing_signup_message: 'Get first dibs on Folk Collective tickets',
        audience_diversity_notice: true,
      },
      {
        id: o.lumen,
        name: 'Lumen Live',
        slug: 'lumen-live',
        is_saas: true,
        payment_provider: 'square',
        payment_merchant_id: 'sq_demo_lumen',
        marketing_signup_message: 'Lumen Live news, once a month',
      },
      { id: o.europa, name: 'Festival Europa', slug: 'festival-europa', currency: 'EUR', payment_provider: 'stripe', payment_merchant_id: 'acct_demo_europa' },
      { id: o.jazz, name: 'Brooklyn Jazz Nights', slug: 'brooklyn-jazz-nights', currency: 'USD', payment_provider: 'square', payment_merchant_id: 'sq_demo_jazz' },
      { id: o.villageHall, name: 'St Mary’s Village Hall', slug: 'st-marys-village-hall', payment_provider: null },
      { id: o.demo, name: 'Checkout Demo', slug: 'checkout-demo', payment_provider: 'stripe', payment_merchant_id: 'acct_demo_checkout' },
      { id: o.express, name: 'Quick Tickets', slug: 'quick-tickets', payment_provider: 'stripe', payment_merchant_id: 'acct_demo_quick', express_checkout: true, marketing_signup_message: 'Quiz dates from Quick Tickets' },
      // Square-type in euro: the EUR bank transfer (TrueLayer-like) is offered beside the card.
      { id: o.canal, name: 'Canal Concerts Amsterdam', slug: 'canal-concerts-amsterdam', currency: 'EUR', payment_provider: 'square', payment_merchant_id: 'sq_demo_canal' },
    ],
    events,
    eventDates,
    waivers: [
      {
        id: SEED.waiver.kayak,
        organiser_id: o.lifeboat,
        title: 'Harbour Kayak Taster: activity terms',
        body_html:
          '<p>Kayaking is a water sport with risks. I confirm I can swim 50 metres, will wear the buoyancy aid provided and will follow the instructors’ directions at all times.</p>',
      },
    ],
    ticketTypes,
    ticketRequirements: [{ id: 1, ticket_type_id: t.galaChild, title: 'Dinner ticket', required_ticket_type_ids: [t.galaAdult] }],
    giftVouchers: [
      { id: SEED.giftVoucher.folk, organiser_id: o.folk, name: 'Folk Collective gift voucher', thumbnail: img('voucher-folk'), currency: 'GBP', values_minor: [1000, 2500, 5000], valid_months: 12 },
      {
        id: SEED.giftVoucher.lifeboat,
        organiser_id: o.lifeboat,
        name: 'Lifeboat events gift voucher',
        thumbnail: img('voucher-lifeboat'),
        currency: 'GBP',
        values_minor: [2000, 5000],
        min_value_minor: 1000,
        max_value_minor: 20000,
        valid_months: 24,
      },
    ],
    codes: [
      { id: 1, code: SEED.code.percent, kind: 'percent', percent_bp: 1000 },
      { id: 2, code: SEED.code.fixed, kind: 'fixed', organiser_id: o.folk, amount_minor: 500, currency: 'GBP' },
      { id: 3, code: SEED.code.expired, kind: 'percent', percent_bp: 2000, expires_at: new Date(now.getTime() - 30 * DAY) },
      { id: 4, code: SEED.code.usedUp, kind: 'fixed', amount_minor: 300, currency: 'GBP', max_uses: 1, uses: 1 },
      { id: 5, code: SEED.code.event, kind: 'percent', event_id: e.europa, percent_bp: 1500 },
      { id: 6, code: SEED.code.giftVoucher, kind: 'gift_voucher', organiser_id: o.folk, amount_minor: 5000, balance_minor: 5000, currency: 'GBP', expires_at: new Date(now.getTime() + 365 * DAY) },
      { id: 7, code: SEED.code.eventGbp, kind: 'percent', event_id: e.aquarium, percent_bp: 2000 },
      { id: 8, code: SEED.code.oneUse, kind: 'fixed', amount_minor: 300, currency: 'GBP', max_uses: 1 },
    ],
    questions: [
      { id: 1, event_id: e.gala, question: 'Dietary requirements', type: 'dropdown', options: ['None', 'Vegetarian', 'Vegan', 'Gluten free'], mandatory: true, timing: 'before_payment', sort_order: 1 },
      { id: 2, event_id: e.gala, question: 'Name of the guest using this ticket', type: 'text', mandatory: true, timing: 'before_payment', sort_order: 2 },
      { id: 3, event_id: e.gala, osq_id: 500, question: 'How did you hear about us?', type: 'text', once_per_checkout: true, timing: 'after_payment', sort_order: 3 },
      { id: 4, event_id: e.folk, question: 'Would you like a <em>large-print</em> programme?', type: 'checkbox', timing: 'after_payment', sort_order: 1 },
      { id: 5, event_id: e.folk, osq_id: 500, question: 'How did you hear about us?', type: 'text', once_per_checkout: true, timing: 'after_payment', sort_order: 2 },
      { id: 6, event_id: e.kayak, question: 'Can everyone in your party swim 50 metres?', type: 'checkbox', mandatory: true, timing: 'before_payment', sort_order: 1 },
    ],
    afterSaleMessages: [
      { id: 1, event_id: e.kayak, message_html: '<p>Please arrive 20 minutes early and bring a change of clothes and a towel.</p>' },
      { id: 2, event_id: e.folk, message_html: '<p>Doors open at 7pm. The bar takes <strong>cards only</strong>.</p>' },
      // A second event of the same organiser: a basket with both reaches the plural 'Organiser messages'.
      { id: 3, event_id: e.summerFields, message_html: '<p>Campsite gates open at 10am on Friday. Bring your ticket on your phone; there is no box office on site.</p>' },
    ],
    users: [
      { id: SEED.user.demo, email: 'demo@example.com', first_name: 'Alex', last_name: 'Morgan', phone: '07700 900123' },
      { id: SEED.user.dark, email: 'dark@example.com', first_name: 'Sam', last_name: 'Rivers', is_dark_mode: true, subscribed: true, is_event_subscribed: true },
    ],
    userAddresses: [
      { id: SEED.address.demoHome, user_id: SEED.user.demo, first_name: 'Alex', last_name: 'Morgan', address_1: '14 Marine Parade', town: 'Brighton', postcode: 'BN2 1TL', country_code: 1 },
      {
        id: SEED.address.demoUs,
        user_id: SEED.user.demo,
        first_name: 'Alex',
        last_name: 'Morgan',
        address_1: '350 Fifth Avenue',
        address_2: 'Suite 2100',
        town: 'New York',
        postcode: '10118',
        country_code: 2,
        state: 'NY',
      },
    ],
    userPaymentMethods: [
      { id: 1, user_id: SEED.user.demo, provider: 'sandbox', provider_ref: 'pm_demo_visa', card_type: 'visa', last4: '4242', expiry: '12/30', is_default: true },
      { id: 2, user_id: SEED.user.demo, provider: 'sandbox', provider_ref: 'pm_demo_mastercard', card_type: 'mastercard', last4: '4444', expiry: '08/29' },
    ],
    organiserSubscriptions: [{ user_id: SEED.user.demo, organiser_id: o.folk, subscribed: true }],
  };
}
