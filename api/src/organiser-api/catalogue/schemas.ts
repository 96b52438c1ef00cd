import { canAbsorbFee } from '@checkout/shared';
import * as z from 'zod/mini';
import { named } from '../schemas';

/**
 * The catalogue's entities as an integrator writes them: in a catalogue import file and in the organiser API's
 * writes, validated by the same schemas. Field names are the database's columns; money is in integer minor units
 * (`price_minor`: 2500 is £25.00), as the database keeps it. References between entities are external ids (the
 * integrator's own ids), never database ids, so a file can be written before anything exists. Objects are strict: an
 * unknown field is refused (a typo would otherwise be dropped without a word).
 */

export const MAX_MINOR = 100_000_000;

export const externalIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(200),
    z.regex(/^\S+$/, { message: 'An external id is text without spaces (1 to 200 characters).' }),
  );

const text = (max: number) => z.string().check(z.maxLength(max));
const name = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const minor = z.int().check(z.minimum(0), z.maximum(MAX_MINOR));
const positiveMinor = z.int().check(z.minimum(1), z.maximum(MAX_MINOR));
const count = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const currency = z.string().check(z.regex(/^[A-Z]{3}$/, { message: 'A currency is three capital letters: GBP.' }));
const slug = z
  .string()
  .check(
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'A slug is lower-case letters and digits joined by dashes.' }),
    z.maxLength(120),
  );

/**
 * A moment: an ISO 8601 timestamp with its offset (`2030-06-01T19:30:00Z`), or a moment relative to the import,
 * `{ "days_from_now": 30, "at": "19:30" }`: that many days after the import, at hh:mm UTC (without `at`, exactly
 * that many 24-hour days after the import). Relative moments keep a demo or test catalogue ahead of a fresh install;
 * they are resolved at each import, so a catalogue imported again and again should use timestamps.
 */
export const MomentSchema = named(
  z.union([
    z.iso.datetime({ offset: true }),
    z.strictObject({
      days_from_now: count(-3650, 3650),
      at: z.optional(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "'at' is hh:mm (24-hour)." }))),
    }),
  ]),
  'Moment',
  'An ISO 8601 timestamp with its offset, or `{ days_from_now, at? }`: days after the import, at hh:mm UTC',
);
export type Moment = z.output<typeof MomentSchema>;

export const WaiverSchema = named(
  z.strictObject({
    external_id: externalIdSchema,
    title: name(200),
    body_html: name(20_000),
  }),
  'Waiver',
  'Terms each ticket holder signs before the event (a ticket type names it with `waiver`)',
);

export const EventDateSchema = named(
  z.strictObject({
    external_id: externalIdSchema,
    starts_at: MomentSchema,
    ends_at: z.optional(z.nullable(MomentSchema)),
  }),
  'EventDate',
  'One date (performance) of an event; its external id is unique within the event',
);

export const TicketRequirementSchema = named(
  z.strictObject({
    title: name(200),
    /** External ids of ticket types of the same event: at least one of them must be in the basket. */
    ticket_types: z.array(externalIdSchema).check(z.minLength(1), z.maxLength(50)),
  }),
  'TicketRequirement',
  'A companion rule: the ticket type can be bought only with one of `ticket_types` (of the same event) in the basket',
);

/** Why a ticket type cannot absorb its fee, said after "'absorb_fee': " (the fee comes out of the price). */
export const ABSORBED_FEE_ABOVE_PRICE =
  "an organiser absorbs the booking fee out of the ticket's price, so 'price_minor' must be at least " +
  "'booking_fee_minor'. Lower the fee, raise the price, or let the customer pay the fee ('absorb_fee': false).";

/** A ticket type's fields, shared by the import's schema and the API's changes to one. */
export const ticketTypeFields = {
  external_id: externalIdSchema,
  /** External id of one of the event's dates. */
  date: externalIdSchema,
  name: name(200),
  description: z.optional(text(5000)),
  price_minor: minor,
  currency,
  /** The marketplace's fee per ticket, always collected in full. */
  booking_fee_minor: z.optional(minor),
  /**
   * Who pays the booking fee: false (default) the customer, on top of the price; true the organiser, out of it, so
   * the price must be at least the fee.
   */
  absorb_fee: z.optional(z.boolean()),
  hide_booking_fee: z.optional(z.boolean()),
  capacity: count(0, 10_000_000),
  min_per_customer: z.optional(count(1, 1000)),
  max_per_customer: z.optional(count(1, 1000)),
  non_refundable: z.optional(z.boolean()),
  seated: z.optional(z.boolean()),
  /** External id of one of the organiser's waivers. */
  waiver: z.optional(z.nullable(externalIdSchema)),
  sort_order: z.optional(count(-1_000_000, 1_000_000)),
  on_sale: z.optional(z.boolean()),
  requires: z.optional(z.array(TicketRequirementSchema).check(z.maxLength(20))),
  /**
   * How many rows the type's free stock is spread over, 1 to 64 (1, the default: one row). More lets reservations of
   * one hot ticket type go on side by side at an on-sale; sold and available are the same either way. Left as it is
   * when not given.
   */
  stock_buckets: z.optional(count(1, 64)),
};

export const TicketTypeSchema = named(
  z.strictObject(ticketTypeFields).check(
    z.refine((type) => (type.min_per_customer ?? 1) <= (type.max_per_customer ?? 10), {
      message: "'min_per_customer' cannot be more than 'max_per_customer' (10 unless given).",
      path: ['min_per_customer'],
    }),
    z.refine(
      (type) =>
        !type.absorb_fee ||
        canAbsorbFee({ priceMinor: type.price_minor, bookingFeeMinor: type.booking_fee_minor ?? 0 }),
      { message: ABSORBED_FEE_ABOVE_PRICE, path: ['absorb_fee'] },
    ),
  ),
  'TicketType',
  'A kind of ticket of one date: price and booking fee in minor units, capacity, per-customer limits, companion rules',
);

/** A question's fields, shared by the import's schema and the API's changes to one. */
export const questionFields = {
  external_id: externalIdSchema,
  /** External id of one of the event's ticket types: asked per ticket of that type only. */
  ticket_type: z.optional(z.nullable(externalIdSchema)),
  /** Questions with the same osq_id across an organiser's events are answered once per checkout. */
  osq_id: z.optional(z.nullable(count(1, 2_147_483_647))),
  question: name(1000),
  type: z.enum(['text', 'checkbox', 'dropdown']),
  options: z.optional(z.array(name(200)).check(z.maxLength(100))),
  mandatory: z.optional(z.boolean()),
  once_per_checkout: z.optional(z.boolean()),
  timing: z.enum(['before_payment', 'after_payment']),
  sort_order: z.optional(count(-1_000_000, 1_000_000)),
};

export const QuestionSchema = named(
  z.strictObject(questionFields).check(
    z.refine((question) => question.type !== 'dropdown' || (question.options?.length ?? 0) > 0, {
      message: 'A dropdown question needs its options.',
      path: ['options'],
    }),
  ),
  'Question',
  'A question asked of the buyer before or after payment',
);

export const AfterSaleMessageSchema = named(
  z.strictObject({
    external_id: externalIdSchema,
    message_html: name(20_000),
    sort_order: z.optional(count(-1_000_000, 1_000_000)),
  }),
  'AfterSaleMessage',
  'A message shown and mailed to the buyer after the sale',
);

export const VenueSchema = named(
  z.strictObject({
    /** Short place name shown with the event (the column `location`). */
    location: text(300),
    full_address: z.optional(z.nullable(text(1000))),
    map_address: z.optional(z.nullable(text(1000))),
    /** Where to check in (shown with the map). */
    map_checkin: z.optional(z.nullable(text(1000))),
  }),
  'Venue',
  'Where the event takes place',
);

const eventFields = {
  external_id: externalIdSchema,
  slug,
  title: name(300),
  description: z.optional(text(20_000)),
  thumbnail: z.optional(z.nullable(text(2000))),
  timezone: z.optional(name(64)),
  venue: z.optional(VenueSchema),
  has_livestream: z.optional(z.boolean()),
  access_online: z.optional(z.nullable(text(2000))),
  refund_protection: z.optional(z.boolean()),
  timeslot_warning_message: z.optional(z.nullable(text(2000))),
  captcha_required: z.optional(z.boolean()),
  require_phone_number: z.optional(z.boolean()),
  require_delivery_address: z.optional(z.boolean()),
  delivery_fee_minor: z.optional(minor),
  transfers_allowed: z.optional(z.boolean()),
  payment_plans_enabled: z.optional(z.boolean()),
  /** 'Need more time?': minutes one extension adds to a buyer's reservation, once (0 to 60; 0, the default: none). */
  hold_extension_minutes: z.optional(count(0, 60)),
  fundraising_contact_notice: z.optional(z.boolean()),
  ga: z.optional(z.nullable(text(100))),
  ga_conversion_id: z.optional(z.nullable(text(100))),
  fb_pixel: z.optional(z.nullable(text(100))),
  reward_text: z.optional(z.nullable(text(1000))),
  reward_short_text: z.optional(z.nullable(text(200))),
  published: z.optional(z.boolean()),
};

/** An event's own fields, without what it holds (the REST writes of an event take this). */
export const EventFieldsSchema = named(z.strictObject(eventFields), 'EventFields', 'An event without its contents');

/**
 * An event's on-sale through a queue (a waiting room): from `opens_at`, buyers of its tickets (or of `ticket_types`
 * alone, external ids of the event's types) queue and are admitted at `admission_per_second`; an admitted buyer has
 * `pass_seconds` (60 to 3600, 600 by default) to reserve. `ends_at` lifts the queue.
 */
export const EventOnsaleSchema = named(
  z.strictObject({
    opens_at: MomentSchema,
    admission_per_second: z.number().check(z.gt(0, { message: 'Admissions per second: more than 0.' }), z.lte(10_000)),
    pass_seconds: z.optional(count(60, 3600)),
    ends_at: z.optional(z.nullable(MomentSchema)),
    ticket_types: z.optional(z.array(externalIdSchema).check(z.minLength(1), z.maxLength(1000))),
  }),
  'EventOnsale',
  'An on-sale of the event through a queue: opening, admissions per second, pass time, end, and optionally only some of its ticket types',
);

export const CatalogueEventSchema = named(
  z.strictObject({
    ...eventFields,
    dates: z.array(EventDateSchema).check(z.minLength(1), z.maxLength(1000)),
    ticket_types: z.optional(z.array(TicketTypeSchema).check(z.maxLength(1000))),
    questions: z.optional(z.array(QuestionSchema).check(z.maxLength(200))),
    after_sale_messages: z.optional(z.array(AfterSaleMessageSchema).check(z.maxLength(50))),
    onsale: z.optional(EventOnsaleSchema),
  }),
  'CatalogueEvent',
  'An event with its dates, ticket types, questions and after-sale messages, as a catalogue import holds it',
);

/** A gift voucher's fields, shared by the import's schema and the API's changes to one. */
export const giftVoucherFields = {
  external_id: externalIdSchema,
  name: name(200),
  thumbnail: z.optional(z.nullable(text(2000))),
  currency,
  values_minor: z.optional(z.array(positiveMinor).check(z.maxLength(20))),
  min_value_minor: z.optional(z.nullable(positiveMinor)),
  max_value_minor: z.optional(z.nullable(positiveMinor)),
  max_per_customer: z.optional(count(1, 1000)),
  valid_months: z.optional(count(1, 120)),
  on_sale: z.optional(z.boolean()),
};

export const GiftVoucherSchema = named(
  z.strictObject(giftVoucherFields).check(
    z.refine((voucher) => (voucher.min_value_minor ?? 0) <= (voucher.max_value_minor ?? MAX_MINOR), {
      message: "'min_value_minor' cannot be more than 'max_value_minor'.",
      path: ['min_value_minor'],
    }),
  ),
  'GiftVoucher',
  'A gift voucher on sale: fixed values and/or a range the buyer chooses from, in minor units',
);

/** A code's fields, shared by the import's schema and the API's changes to one. */
export const codeFields = {
  external_id: externalIdSchema,
  code: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{3,40}$/, { message: 'A code is 3 to 40 letters, digits, dashes or underscores.' })),
  kind: z.enum(['percent', 'fixed', 'gift_voucher']),
  /** External id of one of the organiser's events: the code applies to that event only. */
  event: z.optional(z.nullable(externalIdSchema)),
  percent_bp: z.optional(z.nullable(count(1, 10_000))),
  amount_minor: z.optional(z.nullable(positiveMinor)),
  /** A gift voucher code's balance; taken only when the code is created (spending changes it afterwards). */
  balance_minor: z.optional(z.nullable(minor)),
  currency: z.optional(z.nullable(currency)),
  max_uses: z.optional(z.nullable(count(0, 100_000_000))),
  /** Uses made elsewhere before the import; taken only when the code is created (sales count them afterwards). */
  uses: z.optional(count(0, 100_000_000)),
  expires_at: z.optional(z.nullable(MomentSchema)),
};

export const CodeSchema = named(
  z.strictObject(codeFields).check(
    z.refine((code) => code.kind !== 'percent' || (code.percent_bp ?? null) !== null, {
      message: "A percent code needs 'percent_bp' (basis points: 1000 is 10 %).",
      path: ['percent_bp'],
    }),
    z.refine((code) => code.kind === 'percent' || (code.amount_minor ?? null) !== null, {
      message: "A fixed or gift voucher code needs 'amount_minor'.",
      path: ['amount_minor'],
    }),
    z.refine((code) => code.kind === 'percent' || (code.currency ?? null) !== null, {
      message: "A fixed or gift voucher code needs its 'currency'.",
      path: ['currency'],
    }),
  ),
  'Code',
  'A discount code (percent or fixed) or a gift voucher code with a balance',
);

/** What an organiser sets about itself through the API (the rest of its account is the platform's). */
export const organiserSettingsFields = {
  marketing_signup_message: z.optional(text(500)),
  custom_refund_policy: z.optional(z.nullable(text(5000))),
  audience_diversity_notice: z.optional(z.boolean()),
};

export const OrganiserSettingsSchema = named(
  z.strictObject(organiserSettingsFields),
  'OrganiserSettings',
  'What an organiser sets about itself: the marketing signup message, its refund policy, the diversity notice',
);

const organiserContents = {
  waivers: z.optional(z.array(WaiverSchema).check(z.maxLength(200))),
  events: z.optional(z.array(CatalogueEventSchema).check(z.maxLength(5000))),
  gift_vouchers: z.optional(z.array(GiftVoucherSchema).check(z.maxLength(200))),
  codes: z.optional(z.array(CodeSchema).check(z.maxLength(10_000))),
};

/**
 * One organiser's catalogue, the body of `POST /api/v1/catalogue/import`: its settings, waivers, events (with their
 * dates, ticket types, questions and messages), gift vouchers and codes. `external_id`, when given, must be the
 * calling organiser's own.
 */
export const OrganiserCatalogueSchema = named(
  z.strictObject({
    external_id: z.optional(externalIdSchema),
    ...organiserSettingsFields,
    ...organiserContents,
  }),
  'OrganiserCatalogue',
  'One organiser’s catalogue: settings, waivers, events with their contents, gift vouchers, codes',
);
export type OrganiserCatalogue = z.output<typeof OrganiserCatalogueSchema>;

export const CharitySchema = z.strictObject({
  external_id: externalIdSchema,
  name: name(200),
  logo: z.optional(z.nullable(text(2000))),
  description_html: z.optional(text(20_000)),
  donation_checkout_title: name(300),
  donation_options_minor: z.optional(z.array(positiveMinor).check(z.maxLength(10))),
  base_fee_minor: z.optional(minor),
  booking_fee_bp: z.optional(count(0, 10_000)),
  booking_fee_includes_vat: z.optional(z.boolean()),
  booking_fee_vat_bp: z.optional(count(0, 10_000)),
  booking_fee_cap_minor: z.optional(z.nullable(minor)),
  gift_aid_enabled: z.optional(z.boolean()),
});

/** An organiser's whole account and catalogue: only the operator's command (and the seed) import these. */
export const OrganiserAccountSchema = z.strictObject({
  external_id: externalIdSchema,
  name: name(200),
  slug,
  /** External id of a charity of the file (or already imported). */
  charity: z.optional(z.nullable(externalIdSchema)),
  is_saas: z.optional(z.boolean()),
  payment_provider: z.optional(z.nullable(z.enum(['stripe', 'square']))),
  payment_merchant_id: z.optional(z.nullable(text(200))),
  currency: z.optional(currency),
  express_checkout: z.optional(z.boolean()),
  ...organiserSettingsFields,
  ...organiserContents,
});
export type OrganiserAccount = z.output<typeof OrganiserAccountSchema>;

/**
 * A whole catalogue file (`npm run catalogue -- import FILE.json`): charities, organisers with their catalogues, and
 * platform-wide codes (no organiser: they apply to every organiser's tickets).
 */
export const CatalogueFileSchema = z.strictObject({
  charities: z.optional(z.array(CharitySchema).check(z.maxLength(1000))),
  organisers: z.array(OrganiserAccountSchema).check(z.maxLength(10_000)),
  codes: z.optional(z.array(CodeSchema).check(z.maxLength(10_000))),
});
export type CatalogueFile = z.output<typeof CatalogueFileSchema>;

export type WaiverInput = z.output<typeof WaiverSchema>;
export type EventDateInput = z.output<typeof EventDateSchema>;
export type TicketTypeInput = z.output<typeof TicketTypeSchema>;
export type QuestionInput = z.output<typeof QuestionSchema>;
export type AfterSaleMessageInput = z.output<typeof AfterSaleMessageSchema>;
export type EventFieldsInput = z.output<typeof EventFieldsSchema>;
export type CatalogueEventInput = z.output<typeof CatalogueEventSchema>;
export type EventOnsaleInput = z.output<typeof EventOnsaleSchema>;
export type GiftVoucherInput = z.output<typeof GiftVoucherSchema>;
export type CodeInput = z.output<typeof CodeSchema>;
export type CharityInput = z.output<typeof CharitySchema>;
export type OrganiserSettings = z.output<typeof OrganiserSettingsSchema>;
