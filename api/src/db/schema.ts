import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/**
 * The typed shape of migrations/0001_initial.ts (one interface for PGlite and PostgreSQL). Keep the two in step:
 * a column added by a migration is added here in the same change.
 */

/** A timestamptz: read as a Date, written as a Date. */
type Timestamp = ColumnType<Date, Date, Date>;
/** A timestamptz the database fills in when left out. */
type CreatedAt = ColumnType<Date, Date | undefined, Date>;

export type PaymentProviderKind = 'stripe' | 'square';
export type SaleStatus = 'basket' | 'reserved' | 'paid' | 'expired' | 'destroyed' | 'refunded';
export type HoldStatus = 'active' | 'released' | 'expired' | 'sold';
export type CodeKind = 'percent' | 'fixed' | 'gift_voucher';
export type QuestionType = 'text' | 'checkbox' | 'dropdown';
export type QuestionTiming = 'before_payment' | 'after_payment';
export type CardType = 'visa' | 'mastercard' | 'amex' | 'other';
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface SettingsTable {
  key: string;
  value: string;
}

export interface CharitiesTable {
  id: Generated<number>;
  /** The integrator's own id for the row, the key of the catalogue import (0014_catalogue_import). */
  external_id: string | null;
  name: string;
  logo: string | null;
  description_html: Generated<string>;
  donation_checkout_title: string;
  donation_options_minor: Generated<number[]>;
  base_fee_minor: Generated<number>;
  booking_fee_bp: Generated<number>;
  booking_fee_includes_vat: Generated<boolean>;
  booking_fee_vat_bp: Generated<number>;
  booking_fee_cap_minor: number | null;
  gift_aid_enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface OrganisersTable {
  id: Generated<number>;
  external_id: string | null;
  name: string;
  slug: string;
  is_saas: Generated<boolean>;
  charity_id: number | null;
  payment_provider: PaymentProviderKind | null;
  payment_merchant_id: string | null;
  custom_refund_policy: string | null;
  marketing_signup_message: Generated<string>;
  audience_diversity_notice: Generated<boolean>;
  currency: Generated<string>;
  created_at: CreatedAt;
  /** Express checkout: account details are taken on the payment step (0004_payment). */
  express_checkout: Generated<boolean>;
}

export interface EventsTable {
  id: Generated<number>;
  external_id: string | null;
  organiser_id: number;
  slug: string;
  title: string;
  description: Generated<string>;
  thumbnail: string | null;
  location: Generated<string>;
  /** IANA zone the event's dates are shown in. */
  timezone: Generated<string>;
  venue_full_address: string | null;
  venue_map_address: string | null;
  venue_map_checkin: string | null;
  has_livestream: Generated<boolean>;
  access_online: string | null;
  refund_protection: Generated<boolean>;
  timeslot_warning_message: string | null;
  captcha_required: Generated<boolean>;
  require_phone_number: Generated<boolean>;
  require_delivery_address: Generated<boolean>;
  transfers_allowed: Generated<boolean>;
  payment_plans_enabled: Generated<boolean>;
  fundraising_contact_notice: Generated<boolean>;
  ga: string | null;
  ga_conversion_id: string | null;
  fb_pixel: string | null;
  reward_text: string | null;
  reward_short_text: string | null;
  published: Generated<boolean>;
  created_at: CreatedAt;
  /** Posted tickets: charged once per event in a basket (0002_basket). */
  delivery_fee_minor: Generated<number>;
  /** Minutes one 'Need more time?' adds to a buyer's live reservation; 0: not offered (0025_hold_extension). */
  hold_extension_minutes: Generated<number>;
}

export interface EventDatesTable {
  id: Generated<number>;
  external_id: string | null;
  event_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
}

export interface WaiversTable {
  id: Generated<number>;
  external_id: string | null;
  organiser_id: number;
  title: string;
  body_html: string;
}

export interface TicketTypesTable {
  id: Generated<number>;
  external_id: string | null;
  event_id: number;
  event_date_id: number;
  name: string;
  description: Generated<string>;
  price_minor: number;
  currency: string;
  booking_fee_minor: Generated<number>;
  absorb_fee: Generated<boolean>;
  hide_booking_fee: Generated<boolean>;
  capacity: number;
  sold: Generated<number>;
  held: Generated<number>;
  max_per_customer: Generated<number>;
  min_per_customer: Generated<number>;
  non_refundable: Generated<boolean>;
  seated: Generated<boolean>;
  waiver_id: number | null;
  sort_order: Generated<number>;
  on_sale: Generated<boolean>;
  created_at: CreatedAt;
  /** How many stock_buckets rows the type's free stock is parked in (1: none, the row itself; 0020_stock_buckets). */
  stock_buckets: Generated<number>;
}

/** Free stock of a ticket type parked in one bucket; counted in ticket_types.held (0020_stock_buckets). */
export interface StockBucketsTable {
  ticket_type_id: number;
  bucket: number;
  free: Generated<number>;
}

export interface TicketRequirementsTable {
  id: Generated<number>;
  ticket_type_id: number;
  title: string;
  required_ticket_type_ids: number[];
}

export interface GiftVouchersTable {
  id: Generated<number>;
  external_id: string | null;
  organiser_id: number;
  name: string;
  thumbnail: string | null;
  currency: string;
  values_minor: Generated<number[]>;
  min_value_minor: number | null;
  max_value_minor: number | null;
  max_per_customer: Generated<number>;
  valid_months: Generated<number>;
  on_sale: Generated<boolean>;
  created_at: CreatedAt;
}

export interface CodesTable {
  id: Generated<number>;
  external_id: string | null;
  code: string;
  kind: CodeKind;
  organiser_id: number | null;
  event_id: number | null;
  percent_bp: number | null;
  amount_minor: number | null;
  balance_minor: number | null;
  currency: string | null;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface QuestionsTable {
  id: Generated<number>;
  external_id: string | null;
  event_id: number;
  ticket_type_id: number | null;
  osq_id: number | null;
  question: string;
  type: QuestionType;
  options: Generated<string[]>;
  mandatory: Generated<boolean>;
  once_per_checkout: Generated<boolean>;
  timing: QuestionTiming;
  sort_order: Generated<number>;
}

export interface AfterSaleMessagesTable {
  id: Generated<number>;
  external_id: string | null;
  event_id: number;
  message_html: string;
  sort_order: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: string | null;
  subscribed: Generated<boolean>;
  is_event_subscribed: Generated<boolean>;
  is_dark_mode: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string;
  address_1: string;
  address_2: string | null;
  town: string;
  postcode: string;
  country_code: number;
  state: string | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface UserPaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_ref: string;
  card_type: CardType;
  last4: string;
  expiry: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface OrganiserSubscriptionsTable {
  user_id: number;
  organiser_id: number;
  subscribed: boolean;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  sale_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** An email this session proved by one-time code (0003_account). */
  verified_email: ColumnType<string | null, string | null | undefined, string | null>;
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SalesTable {
  id: Generated<number>;
  reference: string;
  session_id: number | null;
  user_id: number | null;
  status: Generated<SaleStatus>;
  state: Generated<string>;
  currency: string | null;
  express: Generated<boolean>;
  hold_expires_at: Timestamp | null;
  reserved_at: Timestamp | null;
  paid_at: Timestamp | null;
  ended_at: Timestamp | null;
  had_mismatching_currencies: Generated<boolean>;
  refund_protection: Generated<boolean>;
  edit_basket_clicked: Generated<boolean>;
  reserving_error: string | null;
  email: string | null;
  full_name: string | null;
  contact_number: string | null;
  charity_id: number | null;
  donation_minor: Generated<number>;
  donation_fee_minor: Generated<number>;
  is_gift_aid: Generated<boolean>;
  delivery_address_id: number | null;
  gift_voucher_from: string | null;
  gift_voucher_to: string | null;
  payment_plan_remaining: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by every change of the basket's lines or codes (0002_basket). */
  basket_version: Generated<number>;
  /** Why the last code was refused, until the basket changes (0002_basket). */
  code_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last payment error for get_payment_error (0004_payment). */
  payment_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a sale paid after its hold expired was refunded (0004_payment). */
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 when the buyer cancelled at the bank, 1 when they came back otherwise (0004_payment). */
  truelayer_returned_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** The card provider the sale used, e.g. 'stripe' (0004_payment). */
  card_provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the buyer last added time to a reservation; at or after reserved_at: this one's was used (0025_hold_extension). */
  hold_extended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SaleLinesTable {
  id: Generated<number>;
  sale_id: number;
  ticket_type_id: number | null;
  gift_voucher_id: number | null;
  qty: number;
  value_minor: number | null;
  created_at: Timestamp;
}

export interface SaleCodesTable {
  sale_id: number;
  code_id: number;
  created_at: Timestamp;
}

export interface HoldsTable {
  id: Generated<number>;
  sale_id: number;
  ticket_type_id: number;
  qty: number;
  status: Generated<HoldStatus>;
  expires_at: Timestamp;
  created_at: Timestamp;
  ended_at: Timestamp | null;
  /** The stock bucket the hold was taken from; NULL: the ticket type's row (0020_stock_buckets). */
  bucket: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: Generated<string>;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** 'email' or 'sms' (0005_delivery: payment reminders by SMS). */
  channel: Generated<string>;
  /** JSON [{ filename, contentType, content }] of text attachments (0010_receipts: calendar files). */
  attachments: Generated<string>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

// ---- 0003_account: one-time codes, rate limits, guests' marketing choices, Gift Aid, the sale's delivery address ----

export interface OneTimeCodesTable {
  /** Lower-cased. */
  email: string;
  /** The session that asked for the code (its token's hash): the only one that can check it (0009_identity). */
  session_hash: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** A bucket's requests in one fixed window (0023_request_rate_windows; organiser-api/rate-limit/store.ts). */
export interface RequestRateWindowsTable {
  bucket: string;
  window_start: Timestamp;
  window_end: Timestamp;
  hits: number;
}

export interface MarketingContactsTable {
  /** Lower-cased. */
  email: string;
  ct_subscribed: Generated<boolean>;
  event_subscribed: Generated<boolean>;
  updated_at: Timestamp;
}

export interface MarketingContactOrganisersTable {
  email: string;
  organiser_id: number;
  subscribed: boolean;
  updated_at: Timestamp;
}

export interface GiftAidDeclarationsTable {
  sale_id: number;
  uk_based: boolean;
  address1: string | null;
  postcode: string | null;
  subscribe: Generated<boolean>;
  declared_at: Timestamp;
}

export interface SaleDeliveryAddressesTable {
  sale_id: number;
  user_address_id: number | null;
  first_name: string;
  last_name: string;
  address_1: string;
  address_2: string | null;
  town: string;
  postcode: string;
  country_code: number;
  state: string | null;
  updated_at: Timestamp;
}

// ---- 0002_basket: the offline captcha's tokens ----------------------------------------------------------------------

export interface CaptchaTokensTable {
  token_hash: string;
  sitekey: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

// ---- 0004_payment: settled payments, idempotency, the offline payment sandboxes -----------------------------------

export interface PaymentAttemptsTable {
  id: Generated<number>;
  sale_id: number;
  idempotency_key: string;
  call: string;
  request_hash: string;
  status: Generated<'pending' | 'done'>;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  sale_id: number;
  provider: string;
  provider_payment_id: string;
  amount_minor: number;
  currency: string;
  status: 'paid' | 'refund_pending' | 'refunded';
  refund_reason: string | null;
  created_at: Timestamp;
  refunded_at: Timestamp | null;
  /** The price of what was sold (0 when nothing was); equals amount_minor for a sale paid in full (a CHECK). */
  price_minor: number;
  /** The price's components as JSON (sale/price.ts PriceComponents). */
  components: Generated<string>;
  /** Settled by the first payment of a plan: amount_minor is that payment, price_minor the plan's total. */
  instalment: Generated<boolean>;
}

export type ProviderPaymentStatus = 'creating' | 'open' | 'cancelled' | 'failed' | 'settled' | 'refunded';

export interface SaleProviderPaymentsTable {
  id: Generated<number>;
  sale_id: number;
  provider: string;
  /** Null while the provider is being asked ('creating'). */
  provider_payment_id: string | null;
  /** What the provider is asked to collect now (the plan's first payment for an instalment plan). */
  amount_minor: number;
  currency: string;
  created_at: Timestamp;
  /** The sale's basket version the payment was priced at. */
  basket_version: number | null;
  /** The total's components as JSON (sale/price.ts PriceComponents): the snapshot settling compares. */
  components: Generated<string>;
  /** The idempotency key the provider was sent: asking again after a crash creates nothing new. */
  provider_key: string | null;
  instalment: Generated<boolean>;
  status: Generated<ProviderPaymentStatus>;
  updated_at: Timestamp;
  /** The card it was made with, for the receipt: 'visa', 'mastercard'…, or null when unknown (0010_receipts). */
  card_brand: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its last four digits (0010_receipts). */
  card_last4: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LedgerKind = 'payment' | 'refund';

/** Every movement of money, one row each (0008_payment_integrity): what reconcile checks. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  sale_id: number;
  kind: LedgerKind;
  provider: string;
  provider_reference: string;
  amount_minor: number;
  currency: string;
  /** A refund is 'pending' until its provider has given the money back. */
  status: 'done' | 'pending';
  reason: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  /** A refund in parts (0015_order_refunds): the payment it gives back; null when that is `provider_reference`. */
  refund_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** Taken by an offline sandbox (or of a sale that was): set by the database (0022_test_money), never by the code. */
  test_money: ColumnType<boolean, never, never>;
}

/** Each party's part of a ledger entry (0012_ledger_shares): an organiser, or the marketplace when null. */
export interface LedgerSharesTable {
  ledger_entry_id: number;
  organiser_id: number | null;
  amount_minor: number;
}

export type SandboxIntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';

export interface SandboxPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount_minor: number;
  currency: string;
  status: SandboxIntentStatus;
  last_error_code: string | null;
  last_error: string | null;
  payment_method_id: string | null;
  customer: string | null;
  off_session: Generated<boolean>;
  refunded_minor: Generated<number>;
  metadata: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SandboxPaymentMethodsTable {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: string;
  outcome: string;
  name: string | null;
  created_at: Timestamp;
}

export interface SandboxSquareTokensTable {
  token: string;
  outcome: string;
  last4: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export type SandboxBankStatus = 'pending' | 'authorizing' | 'executed' | 'failed' | 'cancelled';

/** The square-type sandbox's payments (0022_test_money): how the ledger tells them for test money. */
export interface SandboxSquarePaymentsTable {
  id: string;
  amount_minor: number;
  currency: string;
  created_at: Timestamp;
}

export interface SandboxBankPaymentsTable {
  id: string;
  amount_minor: number;
  currency: string;
  reference: string;
  status: SandboxBankStatus;
  executes_at: Timestamp | null;
  refunded: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The real open-banking adapter's resource tokens, by TrueLayer's payment id (0011_truelayer). */
export interface TruelayerPaymentsTable {
  id: string;
  resource_token: string;
  created_at: Timestamp;
}

export interface SaleBillingAddressesTable {
  id: Generated<number>;
  sale_id: number;
  first_name: string;
  last_name: string;
  address_1: string | null;
  address_2: string | null;
  town: string | null;
  postcode: string;
  country_code: number | null;
  state: string | null;
  updated_at: Timestamp;
}

// ---- 0005_delivery: tickets in the wallet, deliveries, seat numbering, payment plans ---------------------------------

export interface TicketsTable {
  id: Generated<number>;
  sale_id: number;
  /** 1..n within the sale: unique per sale, so a sale's tickets can only be issued once. */
  position: number;
  ticket_type_id: number;
  event_date_id: number;
  /** Random bearer secret (base32). */
  code: string;
  seat_number: number | null;
  seat_label: string | null;
  owner_user_id: number | null;
  owner_email: string | null;
  issued_at: Timestamp;
  /** Admitted at the door (0013_organiser_api): set once, by one conditional update. */
  checked_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  checked_in_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** A void ticket's code is refused at the door; both set together. */
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  void_reason: ColumnType<TicketVoidReason | null, TicketVoidReason | null | undefined, TicketVoidReason | null>;
}

export type TicketVoidReason = 'refunded' | 'transferred';

export interface SeatCountersTable {
  event_date_id: number;
  next_seat: number;
}

export interface SaleDeliveriesTable {
  sale_id: number;
  tickets_issued_at: Timestamp | null;
  wallet_emailed_at: Timestamp | null;
  wallet_outbox_id: number | null;
}

export type PaymentPlanStatus = 'charging' | 'active' | 'completed' | 'declined' | 'failed';

export interface PaymentPlansTable {
  id: Generated<number>;
  sale_id: number;
  status: PaymentPlanStatus;
  idempotency_key: string;
  request_hash: string;
  /** The JSON answer of pay_with_instalment, once known (a repeat with the same key gets it). */
  response: string | null;
  user_id: number | null;
  email: string;
  contact_number: string;
  provider: string;
  customer_ref: string;
  payment_method_ref: string;
  currency: string;
  months: number;
  total_minor: number;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

export type InstalmentStatus = 'scheduled' | 'paid' | 'failed';

export interface PaymentPlanInstalmentsTable {
  plan_id: number;
  seq: number;
  due_at: Timestamp;
  amount_minor: number;
  status: Generated<InstalmentStatus>;
  attempts: Generated<number>;
  provider_payment_id: string | null;
  last_error: string | null;
  paid_at: Timestamp | null;
}

export interface Database {
  stock_buckets: StockBucketsTable;
  settings: SettingsTable;
  charities: CharitiesTable;
  organisers: OrganisersTable;
  events: EventsTable;
  event_dates: EventDatesTable;
  waivers: WaiversTable;
  ticket_types: TicketTypesTable;
  ticket_requirements: TicketRequirementsTable;
  gift_vouchers: GiftVouchersTable;
  codes: CodesTable;
  questions: QuestionsTable;
  after_sale_messages: AfterSaleMessagesTable;
  users: UsersTable;
  user_addresses: UserAddressesTable;
  user_payment_methods: UserPaymentMethodsTable;
  organiser_subscriptions: OrganiserSubscriptionsTable;
  sessions: SessionsTable;
  sales: SalesTable;
  sale_lines: SaleLinesTable;
  sale_codes: SaleCodesTable;
  holds: HoldsTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  captcha_tokens: CaptchaTokensTable;
  one_time_codes: OneTimeCodesTable;
  rate_limit_counters: RateLimitCountersTable;
  request_rate_windows: RequestRateWindowsTable;
  marketing_contacts: MarketingContactsTable;
  marketing_contact_organisers: MarketingContactOrganisersTable;
  gift_aid_declarations: GiftAidDeclarationsTable;
  sale_delivery_addresses: SaleDeliveryAddressesTable;
  payment_attempts: PaymentAttemptsTable;
  payments: PaymentsTable;
  sale_provider_payments: SaleProviderPaymentsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_shares: LedgerSharesTable;
  sandbox_payment_intents: SandboxPaymentIntentsTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_square_tokens: SandboxSquareTokensTable;
  sandbox_bank_payments: SandboxBankPaymentsTable;
  sandbox_square_payments: SandboxSquarePaymentsTable;
  truelayer_payments: TruelayerPaymentsTable;
  sale_billing_addresses: SaleBillingAddressesTable;
  tickets: TicketsTable;
  seat_counters: SeatCountersTable;
  sale_deliveries: SaleDeliveriesTable;
  payment_plans: PaymentPlansTable;
  payment_plan_instalments: PaymentPlanInstalmentsTable;
  question_answers: QuestionAnswersTable;
  sale_feedback: SaleFeedbackTable;
  referral_links: ReferralLinksTable;
  ticket_transfers: TicketTransfersTable;
  transfer_tickets: TransferTicketsTable;
  waiver_signatures: WaiverSignaturesTable;
  organiser_api_keys: OrganiserApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  order_refunds: OrderRefundsTable;
  order_refund_tickets: OrderRefundTicketsTable;
  retired_ticket_codes: RetiredTicketCodesTable;
  onsales: OnsalesTable;
  onsale_ticket_types: OnsaleTicketTypesTable;
  queue_entries: QueueEntriesTable;
  queue_client_places: QueueClientPlacesTable;
  domain_events: DomainEventsTable;
}

/** 'door' is a door token (0017_door): it can only admit tickets, and it expires. */
export type ApiKeyScope = 'read' | 'write' | 'door';

/** Organiser API keys (0013_organiser_api): the key's SHA-256, found by its prefix. */
export interface OrganiserApiKeysTable {
  id: Generated<number>;
  organiser_id: number;
  name: ColumnType<string, string | undefined, string>;
  prefix: string;
  key_hash: string;
  scope: ApiKeyScope;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set on door tokens only, which always expire (0017_door). */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A door token limited to one event's tickets. */
  event_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A code an accepted transfer replaced (0017_door): the door refuses it with the reason. */
export interface RetiredTicketCodesTable {
  code: string;
  ticket_id: number;
  reason: 'transferred';
  retired_at: Timestamp;
}

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'sale.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEndpointsTable {
  id: Generated<number>;
  organiser_id: number;
  url: string;
  events: WebhookEventType[];
  secret: string;
  created_at: Timestamp;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/**
 * An event the core published (0026_domain_events; domain-events/publish.ts), written in the transaction of its
 * change: `type` is one of domain-events/events.ts, `data` the event without its type.
 */
export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** What happened, written in the transaction that made it happen (an outbox for webhooks). */
export interface WebhookEventsTable {
  id: Generated<number>;
  public_id: string;
  organiser_id: number;
  type: WebhookEventType;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}

/** Every attempt at a delivery (0016_webhook_attempts): the receiver's status, or why there was none. */
export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Answers to ticket questions (0006_post_sale); ticket_counter 0 for a once-per-checkout question. */
export interface QuestionAnswersTable {
  sale_id: number;
  ticket_type_id: number;
  question_id: number;
  ticket_counter: number;
  answer: string;
  answered_at: Timestamp;
}

/** 'How did we do?' messages (0006_post_sale). */
export interface SaleFeedbackTable {
  id: Generated<number>;
  sale_id: number;
  message: string;
  created_at: Timestamp;
}

/** One referral link per buyer and event (0006_post_sale). */
export interface ReferralLinksTable {
  token: string;
  email: string;
  event_id: number;
  created_at: Timestamp;
}

/** A ticket transfer (0006_post_sale): notified at deliver_at, accepted through its token. */
export interface TicketTransfersTable {
  id: Generated<number>;
  token: string;
  sale_id: number;
  ticket_type_id: number;
  qty: number;
  recipient_name: string;
  recipient_email: string;
  message: string | null;
  is_gift: boolean;
  deliver_at: Timestamp;
  notified_at: Timestamp | null;
  accepted_at: Timestamp | null;
  created_at: Timestamp;
}

/** The tickets a transfer carries (0006_post_sale). */
export interface TransferTicketsTable {
  transfer_id: number;
  ticket_id: number;
}

/** A party member's signature on a sale's waiver (0007_waiver_signatures); signer_key is the folded name. */
export interface WaiverSignaturesTable {
  id: Generated<number>;
  sale_id: number;
  waiver_id: number;
  signer_name: string;
  signer_key: string;
  signed_at: Timestamp;
}

/** The database, or a transaction on it: code that works in both takes a Db. */
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;

export type Sale = Selectable<SalesTable>;
export type NewSale = Insertable<SalesTable>;
export type SaleUpdate = Updateable<SalesTable>;
export type SaleLine = Selectable<SaleLinesTable>;
export type TicketType = Selectable<TicketTypesTable>;
export type Session = Selectable<SessionsTable>;
export type UserRow = Selectable<UsersTable>;
export type ProviderPayment = Selectable<SaleProviderPaymentsTable>;

/** A refund an organiser asked for through its API (0015_order_refunds). */
export interface OrderRefundsTable {
  id: Generated<number>;
  /** `orf_…`: the API's id, and the ledger entry's provider_reference. */
  public_id: string;
  sale_id: number;
  organiser_id: number;
  idempotency_key: string;
  /** SHA-256 of the request's body: a repeat of the key with another body is refused. */
  request_hash: string;
  /** The first request's answer, given again to a repeat of its key. */
  answer: ColumnType<unknown, string, string>;
  amount_minor: number;
  currency: string;
  /** The last tickets of the sale: the marketplace's parts were given back too. */
  whole_order: boolean;
  reason: string | null;
  status: 'pending' | 'completed';
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface OrderRefundTicketsTable {
  refund_id: number;
  ticket_id: number;
}

/** A numeric column: read as the driver's exact decimal string, written as a number. */
type Numeric = ColumnType<string, number | string, number | string>;

/** An on-sale with a waiting room (0021_waiting_room); waiting-room/admission.ts reads who is admitted from it. */
export interface OnsalesTable {
  id: Generated<number>;
  organiser_id: number;
  /** NULL: only the ticket types in onsale_ticket_types are gated. */
  event_id: number | null;
  opens_at: Timestamp;
  /** The gate is lifted from then; NULL until ended. */
  ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  admission_per_second: Numeric;
  pass_seconds: ColumnType<number, number | undefined, number>;
  admission_base_at: Timestamp;
  admission_base_count: ColumnType<string, number | string | undefined, number | string>;
  early_assigned: Generated<boolean>;
  next_position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OnsaleTicketTypesTable {
  onsale_id: number;
  ticket_type_id: number;
}

/** One browser's place in an on-sale's queue (0021_waiting_room). */
export interface QueueEntriesTable {
  id: Generated<number>;
  onsale_id: number;
  session_id: number;
  joined_at: Timestamp;
  /** Arrivals before the opening: their random order among the early arrivals. */
  draw: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1-based; NULL for an early arrival until the opening places it. */
  position: ColumnType<number | null, number | null | undefined, number | null>;
  /** SHA-256 (hex) of the pass token. */
  pass_hash: ColumnType<string | null, string | null | undefined, string | null>;
  pass_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_sale_id: ColumnType<number | null, number | null | undefined, number | null>;
  pass_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** How many places of an on-sale one client (an address, or an IPv6 /64) has taken (0024_queue_places). */
export interface QueueClientPlacesTable {
  onsale_id: number;
  /** waiting-room/client-group.ts: a hash of the client's group, never the address. */
  client_key: string;
  places: number;
}

export type Onsale = Selectable<OnsalesTable>;
export type QueueEntry = Selectable<QueueEntriesTable>;
