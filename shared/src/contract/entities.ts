import * as z from 'zod/mini';
import { CheckoutStateSchema } from './states';
import { COUNTRY, PAYMENT_METHODS } from './constants';
import * as deliveryAddressMessages from '../messages/delivery-address';
import * as orderCompletedMessages from '../messages/order-completed';
import { formBool, formEmail, formId, formInt, formName, formOptionalText, formText, TEXT_LIMITS } from './form-fields';

/**
 * The checkout's entities. Response schemas are what the server sends as JSON (real numbers and booleans);
 * fields the server may not have yet are nullable. Money is a decimal number (10.5 = £10.50). Unknown keys are
 * stripped, never an error, so the server can add fields without breaking built remotes.
 */

const id = z.int();
const money = z.number();
const text = z.string();
const maybeText = z.nullable(z.string());
/** '1' = yes, '0' = no: the spec keeps these flags as text. */
const flag = z.enum(['0', '1']);

export const CurrencySchema = z.object({ symbol: text, code: text });
export type Currency = z.infer<typeof CurrencySchema>;

export const RequiredTicketsSchema = z.object({ title: text, ids: z.array(id) });
export type RequiredTickets = z.infer<typeof RequiredTicketsSchema>;

export const RefundPolicySchema = z.object({ text: text, title: text, description: text });
export type RefundPolicy = z.infer<typeof RefundPolicySchema>;

export const TicketLineSchema = z.object({
  ticket_id: id,
  event_id: id,
  event_name: text,
  event_url: text,
  ticket_name: text,
  date_id: id,
  nice_date: text,
  qty: z.int(),
  price: money,
  discount_amount: money,
  absorb_fee: z.boolean(),
  booking_fee: money,
  event_hide_booking_fee: z.boolean(),
  thumbnail: maybeText,
  /** Seat labels; empty when the ticket is unseated. */
  seats: z.array(text),
  non_refundable: z.boolean(),
  can_update_quantity: z.boolean(),
  max_can_reserve: z.int(),
  min_per_customer: z.int(),
  required_tickets: z.array(RequiredTicketsSchema),
  refund_policy: z.nullable(RefundPolicySchema),
  organiser_url: text,
});
export type TicketLine = z.infer<typeof TicketLineSchema>;

export const GiftVoucherLineSchema = z.object({
  id: id,
  name: text,
  value: money,
  qty: z.int(),
  thumbnail: maybeText,
  o_name: text,
  o_url: text,
  uk_expiry_date: text,
});
export type GiftVoucherLine = z.infer<typeof GiftVoucherLineSchema>;

export const VenueSchema = z.object({ full_address: maybeText, map_address: maybeText, map_checkin: maybeText });
export type Venue = z.infer<typeof VenueSchema>;

export const RewardReferrersSchema = z.object({ text: text, short_text: text });
export type RewardReferrers = z.infer<typeof RewardReferrersSchema>;

export const EventSchema = z.object({
  id: id,
  title: text,
  /** Whether refund protection can cover this event. */
  refund_protection: z.boolean(),
  warn_customers_about_different_timeslots_message: maybeText,
  shareable_link: text,
  venue: z.nullable(VenueSchema),
  has_livestream: z.boolean(),
  /** Link to the livestream's online access. */
  access_online: maybeText,
  ga: maybeText,
  ga_conversion_id: maybeText,
  fb_pixel: maybeText,
  reward_referrers: z.nullable(RewardReferrersSchema),
  /** Ours (the spec names no field): the questions' basket step shows the fundraising-contact notice. */
  fundraising_contact_notice: z.boolean(),
});
export type Event = z.infer<typeof EventSchema>;

export const UpcomingEventSchema = z.object({
  url: text,
  thumbnail: maybeText,
  title: text,
  location: text,
  date: text,
});
export type UpcomingEvent = z.infer<typeof UpcomingEventSchema>;

export const OrganiserSchema = z.object({
  name: text,
  full_url: text,
  url: text,
  is_saas: z.boolean(),
  has_custom_refund_policy: z.boolean(),
  /** Whether the organiser is a charity (the checkout's `charity` carries the charity itself). */
  charity: z.boolean(),
  upcoming_events: z.array(UpcomingEventSchema),
  /** Ours (the spec names no field): the questions' basket step shows the audience-diversity notice. */
  audience_diversity_notice: z.boolean(),
  /** Ours: the organiser's payment integration is configured (spec 'No payment integration' names those where not). */
  takes_payments: z.boolean(),
});
export type Organiser = z.infer<typeof OrganiserSchema>;

export const BasketOrganiserSchema = z.object({
  id: id,
  /** Ours (the spec names no field): whose list the checkbox signs up to, shown beside its marketing_signup_message. */
  name: text,
  organiser_subscribed: z.boolean(),
  marketing_signup_message: text,
});
export type BasketOrganiser = z.infer<typeof BasketOrganiserSchema>;

export const CharitySchema = z.object({
  id: id,
  name: text,
  logo: maybeText,
  description_html: text,
  donation_checkout_title: text,
  donation_options: z.array(money),
  base_fee: money,
  /** Percent of the amount. */
  booking_fee: z.number(),
  booking_fee_includes_vat: z.boolean(),
  /** Percent. */
  booking_fee_vat: z.number(),
  booking_fee_cap: z.nullable(money),
});
export type Charity = z.infer<typeof CharitySchema>;

export const UserSchema = z.object({
  id: id,
  first_name: text,
  last_name: text,
  full_name: text,
  email: text,
  subscribed: z.boolean(),
  is_event_subscribed: z.boolean(),
  is_dark_mode: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const DonationSchema = z.object({
  amount_before_booking_fee: money,
  booking_fee: money,
  is_gift_aid: z.boolean(),
});
export type Donation = z.infer<typeof DonationSchema>;

export const MarketingPreferencesSchema = z.object({
  ct_subscribed: z.boolean(),
  event_subscribed: z.boolean(),
  basket_organisers: z.array(BasketOrganiserSchema),
});
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;

/** The organiser's own payment account: which provider kind and merchant. */
export const OpoaSchema = z.object({
  provider: z.enum(['square', 'stripe']),
  merchant_id: text,
  overridden: z.boolean(),
});
export type Opoa = z.infer<typeof OpoaSchema>;

export const ScheduleEntrySchema = z.object({ uk_due: text, value: money });
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

/** A signed-in buyer's saved card (instalments). */
export const SavedPaymentMethodSchema = z.object({
  payment_method_id: text,
  card_type: z.enum(['visa', 'mastercard', 'amex', 'other']),
  last4digits: text,
  expiry: text,
  is_default: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethodSchema>;

export const PaymentPlanScheduleOptionSchema = z.object({ label: text, schedule: z.array(ScheduleEntrySchema) });
export type PaymentPlanScheduleOption = z.infer<typeof PaymentPlanScheduleOptionSchema>;

export const TicketQuestionSchema = z.object({
  id: id,
  ticket_id: id,
  osq_id: z.nullable(id),
  /** May contain HTML. */
  question: text,
  type: z.enum(['text', 'checkbox', 'dropdown']),
  mandatory: flag,
  once_per_checkout: flag,
  /** Dropdown options. */
  prepopulated_array: z.array(text),
});
export type TicketQuestion = z.infer<typeof TicketQuestionSchema>;

/** Questions keyed by ticket id. */
export const TicketQuestionsSchema = z.record(z.string(), z.array(TicketQuestionSchema));
export type TicketQuestions = z.infer<typeof TicketQuestionsSchema>;

export const AfterSaleMessageSchema = z.object({
  organiser_name: text,
  event_title: text,
  event_nice_date: text,
  event_nice_time: text,
  /** HTML. */
  message: text,
});
export type AfterSaleMessage = z.infer<typeof AfterSaleMessageSchema>;

/**
 * One row of the order summary: every component of basket_total, built by the server (api/src/pricing/breakdown.ts).
 * The amounts are signed (a discount or a gift voucher code takes off) and always add up to basket_total.
 */
export const BreakdownRowSchema = z.object({
  kind: z.enum([
    'ticket',
    'voucher',
    'discount',
    'booking_fee',
    'delivery',
    'refund_protection',
    'donation',
    'donation_fee',
    'gift_voucher_code',
  ]),
  label: text,
  /** Small print: a ticket's event and date, an absorbed booking fee, Gift Aid. */
  detail: maybeText,
  quantity: z.nullable(id),
  amount: money,
  /** The code a discount or gift voucher code row is for. */
  code: maybeText,
});
export type BreakdownRow = z.infer<typeof BreakdownRowSchema>;

/** A code on the sale, shown with what it saves on every visit, and removable. */
export const AppliedCodeSchema = z.object({ code: text, kind: z.enum(['discount', 'gift_voucher']), saving: money });
export type AppliedCode = z.infer<typeof AppliedCodeSchema>;

export const CheckoutSchema = z.object({
  state: CheckoutStateSchema,
  sale_reference: maybeText,
  tickets: z.array(TicketLineSchema),
  gift_vouchers: z.array(GiftVoucherLineSchema),
  events: z.array(EventSchema),
  organisers: z.array(OrganiserSchema),
  currency: CurrencySchema,
  delivery_cost: money,
  /** Code -> amount taken off. */
  discounts_applied: z.record(z.string(), money),
  offers_applied_total: money,
  gift_vouchers_applied_total: money,
  basket_total: money,
  has_refund_protection: z.boolean(),
  refund_protection: z.union([z.literal(0), z.literal(1)]),
  refund_protection_cost: z.nullable(money),
  basket_errors: z.array(text),
  basket_success: z.array(text),
  reserving_error: maybeText,
  had_mismatching_currencies: z.boolean(),
  seconds_remaining: z.nullable(z.number()),
  captcha_sitekey: maybeText,
  all_booking_fees_are_absorbed: z.boolean(),
  express: z.boolean(),
  edit_basket_clicked: z.boolean(),
  donation: z.nullable(DonationSchema),
  donation_amount: z.nullable(money),
  is_gift_aid: z.boolean(),
  charity: z.nullable(CharitySchema),
  has_require_phone_number: z.boolean(),
  marketing_preferences: MarketingPreferencesSchema,
  opoa: z.nullable(OpoaSchema),
  /** Names the card provider used, e.g. 'stripe'. */
  sagepay_or_stripe: maybeText,
  ga_ua_properties: z.array(text),
  payment_complete: z.boolean(),
  payment_plan_remaining: z.boolean(),
  /**
   * Ours: while payment_plan_remaining, when the plan's last instalment is due, as a UK wall-clock time like event dates
   * ('2027-05-02 10:00:00'): the tickets are issued once it is paid. Null otherwise, and from a server that does not say.
   */
  payment_plan_last_due: z._default(maybeText, null),
  /**
   * Ours: the same date as the buyer reads it ('Sun 2 May 2027'), written by the server as it writes every date the
   * page shows, so the page carries no date formatting of its own. Null when payment_plan_last_due is.
   */
  payment_plan_last_due_text: z._default(maybeText, null),
  /** Keyed by number of months; key '1' is not an instalment choice. */
  payment_plan_schedule_options: z.record(z.string(), PaymentPlanScheduleOptionSchema),
  /** The signed-in buyer's saved cards for instalments ([] for guests). */
  saved_payment_methods: z._default(z.array(SavedPaymentMethodSchema), []),
  init_guest_email: maybeText,
  /**
   * The guest this browser's session proved by one-time code (still fresh), so the account step need not ask again
   * after a reload or Edit basket: their email, and their name when the sale names that same guest. Null for a
   * signed-in user, a session that proved nothing, another session than the one that proved it, or a paid sale.
   */
  proven_guest: z._default(z.nullable(z.object({ email: text, full_name: maybeText })), null),
  /** Ours: the name a guest gave with that email (the delivery address starts with it), or null. */
  init_guest_full_name: z._default(maybeText, null),
  /** 0 means the buyer cancelled at the bank; null when no bank payment was tried. */
  truelayer_returned_from: z.nullable(z.number()),
  require_delivery_address: z.boolean(),
  before_payment_questions: TicketQuestionsSchema,
  after_payment_questions: TicketQuestionsSchema,
  has_waivers: z.boolean(),
  /**
   * Ours: the key the waiver link carries (waiverPath), given only to the session holding the paid sale when its
   * tickets have a waiver; null otherwise. The sale reference alone does not open the waiver page.
   */
  waiver_key: z._default(maybeText, null),
  after_sale_messages: z.array(AfterSaleMessageSchema),
  /** The order summary's rows (their amounts add up to basket_total). */
  price_breakdown: z._default(z.array(BreakdownRowSchema), []),
  applied_codes: z._default(z.array(AppliedCodeSchema), []),
  /**
   * Whether a transfer can succeed now (the order-completed page offers Transfer only then): the sale is paid with no
   * payment plan outstanding and at least one issued ticket is unseated and in no transfer yet.
   */
  can_transfer: z._default(z.boolean(), false),
  /**
   * Ours: some way of paying takes test money (its offline sandbox, PAYMENTS_SANDBOX), so every page says TEST MODE.
   * The same for every checkout of the deployment; false from a server that does not say.
   */
  test_mode: z._default(z.boolean(), false),
  /**
   * Ours: the ways of paying the deployment takes now, whatever the basket; one whose provider is off is not offered.
   * From a server that does not say, every method (its calls still refuse one that is off).
   */
  available_payment_methods: z._default(z.array(z.enum(PAYMENT_METHODS)), [...PAYMENT_METHODS]),
  /**
   * Ours: the billing country the sale points to (its delivery address, the signed-in buyer's saved address, the
   * basket's currency), or null; the billing forms start on it, else on the browser's language region, else the UK.
   */
  billing_country: z._default(z.nullable(id), null),
  /**
   * Ours: 'Need more time?': the minutes extend_reservation would add to the live reservation now (the smallest of the
   * basket's events' allowances), or null when it is not offered (no live reservation, an event that allows none, this
   * reservation already extended, a payment started).
   */
  hold_extension_minutes: z._default(z.nullable(z.number()), null),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** A checkout with nothing in it yet (no sale): what the server answers for a new visitor. */
export const EMPTY_CHECKOUT: Checkout = Object.freeze({
  state: 'basket',
  sale_reference: null,
  tickets: [],
  gift_vouchers: [],
  events: [],
  organisers: [],
  currency: { symbol: '£', code: 'GBP' },
  delivery_cost: 0,
  discounts_applied: {},
  offers_applied_total: 0,
  gift_vouchers_applied_total: 0,
  basket_total: 0,
  has_refund_protection: false,
  refund_protection: 0,
  refund_protection_cost: null,
  basket_errors: [],
  basket_success: [],
  reserving_error: null,
  had_mismatching_currencies: false,
  seconds_remaining: null,
  captcha_sitekey: null,
  all_booking_fees_are_absorbed: false,
  express: false,
  edit_basket_clicked: false,
  donation: null,
  donation_amount: null,
  is_gift_aid: false,
  charity: null,
  has_require_phone_number: false,
  marketing_preferences: { ct_subscribed: false, event_subscribed: false, basket_organisers: [] },
  opoa: null,
  sagepay_or_stripe: null,
  ga_ua_properties: [],
  payment_complete: false,
  payment_plan_remaining: false,
  payment_plan_last_due: null,
  payment_plan_last_due_text: null,
  payment_plan_schedule_options: {},
  saved_payment_methods: [],
  init_guest_email: null,
  proven_guest: null,
  init_guest_full_name: null,
  truelayer_returned_from: null,
  require_delivery_address: false,
  before_payment_questions: {},
  after_payment_questions: {},
  has_waivers: false,
  waiver_key: null,
  after_sale_messages: [],
  price_breakdown: [],
  applied_codes: [],
  can_transfer: false,
  test_mode: false,
  available_payment_methods: [...PAYMENT_METHODS],
  billing_country: null,
  hold_extension_minutes: null,
});

// ---- Addresses -------------------------------------------------------------------------------------------------

/** Country codes the address, Gift Aid and payment rules name. Defined without zod in ./constants. */
export { COUNTRY };

const line = formOptionalText(TEXT_LIMITS.line);

/**
 * A delivery address as the page sends it (form-decoded): a saved address id, or 'new' with the fields the
 * address rules check (state only for the USA).
 */
export const AddressSchema = z
  .object({
    selected_user_address_id: z.union([z.literal('new'), formId]),
    first_name: z.optional(line),
    last_name: z.optional(line),
    address_1: z.optional(line),
    address_2: z.optional(line),
    town: z.optional(line),
    postcode: z.optional(formOptionalText(TEXT_LIMITS.postcode)),
    country: z.optional(z.union([formId, z.literal('')])),
    state: z.optional(z.union([formId, z.literal('')])),
  })
  .check(
    z.refine(
      (a) =>
        a.selected_user_address_id !== 'new' ||
        (!!a.first_name &&
          !!a.last_name &&
          !!a.address_1 &&
          !!a.town &&
          !!a.postcode &&
          a.country !== undefined &&
          a.country !== '' &&
          (a.country !== COUNTRY.USA || (a.state !== undefined && a.state !== ''))),
      deliveryAddressMessages.completeAddress,
    ),
  );
export type Address = z.output<typeof AddressSchema>;

/**
 * A billing address (express account details, non-express billing, square-type payment): the postcode-only form needs
 * just a postcode, fuller forms send the other fields too.
 */
export const BillingAddressSchema = z.object({
  first_name: z.optional(line),
  last_name: z.optional(line),
  address_1: z.optional(line),
  address_2: z.optional(line),
  town: z.optional(line),
  postcode: formText(TEXT_LIMITS.postcode),
  country: z.optional(z.union([formId, z.literal('')])),
  state: z.optional(z.union([formId, z.literal('')])),
});
export type BillingAddress = z.output<typeof BillingAddressSchema>;

export const SavedAddressSchema = z.object({ id: id, first_name: text, last_name: text, full_address: text });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const AddressLookupResultSchema = z.object({
  formatted_address: text,
  address_line_2: maybeText,
  town: text,
  post_code: text,
});
export type AddressLookupResult = z.infer<typeof AddressLookupResultSchema>;

/** The set-address response (express account details and billing address). */
export const AddressRecordSchema = z.object({
  id: id,
  first_name: text,
  last_name: text,
  town: maybeText,
  address_1: maybeText,
  address_2: maybeText,
  postcode: text,
  state: z.nullable(z.union([id, text])),
  country_code: z.nullable(id),
});
export type AddressRecord = z.infer<typeof AddressRecordSchema>;

/** `code` (ours): the ISO 3166-1 alpha-2 code, so the page can match the browser's language region. */
export const CountrySchema = z.object({ id: id, name: text, code: z.optional(text) });
export type Country = z.infer<typeof CountrySchema>;

export const CountryStateSchema = z.object({ id: id, name: text, country_id: id });
export type CountryState = z.infer<typeof CountryStateSchema>;

// ---- Payment ---------------------------------------------------------------------------------------------------

/** SavedPaymentMethodSchema is defined with the checkout (its saved_payment_methods field). */

/** The card just created with the card provider, sent with an instalment payment (form-decoded). */
export const NewCardPayloadSchema = z.object({
  id: formText(255),
  brand: formText(40),
  last4: z.string().check(z.trim(), z.regex(/^\d{4}$/)),
  month: formInt({ min: 1, max: 12 }),
  year: formInt({ min: 2000, max: 2200 }),
  funding: formText(40),
  make_default_payment_method: formBool,
});
export type NewCardPayload = z.output<typeof NewCardPayloadSchema>;

/** Bank status response (spec: truelayer_status). */
export const TruelayerStatusSchema = z.object({
  checkout_expires_in: z.nullable(z.number()),
  payment_completed: z.boolean(),
  reference: maybeText,
  total: z.nullable(money),
  truelayer_status_error: maybeText,
  status: text,
});
export type TruelayerStatus = z.infer<typeof TruelayerStatusSchema>;

// ---- After the sale --------------------------------------------------------------------------------------------

const DATE_DD_MM_YYYY = /^\d{2}\/\d{2}\/\d{4}$/;
const TIME_HH_MM = /^\d{2}:\d{2}$/;

/** One row of a ticket transfer (form-decoded). A scheduled gift needs its delivery date and time. */
export const TransferRowSchema = z
  .object({
    ticket_id: formId,
    name: formName,
    email: formEmail,
    qty: formInt({ min: 1, max: 100_000 }),
    is_gift: z._default(formBool, false),
    send_gift: z.optional(z.enum(['Schedule', 'Send now'])),
    delivery_date: z.optional(z.union([z.literal(''), z.string().check(z.trim(), z.regex(DATE_DD_MM_YYYY))])),
    delivery_time: z.optional(z.union([z.literal(''), z.string().check(z.trim(), z.regex(TIME_HH_MM))])),
    message: z.optional(formOptionalText(TEXT_LIMITS.message)),
  })
  .check(
    // A gift scheduled for later needs its delivery date and time.
    z.refine((row) => !row.is_gift || row.send_gift !== 'Schedule' || !!row.delivery_date, {
      message: orderCompletedMessages.transferDateRequired,
      path: ['delivery_date'],
    }),
    z.refine((row) => !row.is_gift || row.send_gift !== 'Schedule' || !!row.delivery_time, {
      message: orderCompletedMessages.transferTimeRequired,
      path: ['delivery_time'],
    }),
  );
export type TransferRow = z.output<typeof TransferRowSchema>;

export const SimpleInfoSchema = z.object({ sale_email: text, sale_reference: text });
export type SimpleInfo = z.infer<typeof SimpleInfoSchema>;

/** A notification of the notification area. */
export const NotificationSchema = z.object({
  title: z.optional(text),
  text: text,
  type: z.enum(['warn', 'error', 'success', 'default']),
  group: z.optional(text),
  id: z.optional(z.union([z.number(), text])),
  /** Milliseconds; -1 = never dismissed (the checkout's setting). */
  duration: z.optional(z.number()),
  speed: z.optional(z.number()),
});
export type Notification = z.infer<typeof NotificationSchema>;
