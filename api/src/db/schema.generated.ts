/**
 * The database's tables as kysely types, generated from the migrations by `npm run db:schema` (tooling/db-schema.ts).
 * Do not edit: write a migration and run it again. The code imports these through ./schema.
 */
import type { ColumnType } from 'kysely';

export type ApiKeyScope = 'read' | 'write' | 'door';

export type ArrayType<T> = ArrayTypeImpl<T> extends (infer U)[] ? U[] : ArrayTypeImpl<T>;

export type ArrayTypeImpl<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S[], I[], U[]> : T[];

export type CardType = 'visa' | 'mastercard' | 'amex' | 'other';

export type CodeKind = 'percent' | 'fixed' | 'gift_voucher';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type HoldStatus = 'active' | 'released' | 'expired' | 'sold';

export type InstalmentStatus = 'scheduled' | 'paid' | 'failed';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export type LedgerKind = 'payment' | 'refund';

export type Numeric = ColumnType<string, number | string, number | string>;

export type PaymentPlanStatus = 'charging' | 'active' | 'completed' | 'declined' | 'failed';

export type PaymentProviderKind = 'stripe' | 'square';

export type ProviderPaymentStatus = 'creating' | 'open' | 'cancelled' | 'failed' | 'settled' | 'refunded';

export type QuestionTiming = 'before_payment' | 'after_payment';

export type QuestionType = 'text' | 'checkbox' | 'dropdown';

export type SaleStatus = 'basket' | 'reserved' | 'paid' | 'expired' | 'destroyed' | 'refunded';

export type SandboxBankStatus = 'pending' | 'authorizing' | 'executed' | 'failed' | 'cancelled';

export type SandboxIntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';

export type TicketVoidReason = 'refunded' | 'transferred';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export type WebhookEventType =
  'order.paid' | 'order.refunded' | 'ticket.transferred' | 'ticket.checked_in' | 'sale.expired';

export interface AfterSaleMessages {
  event_id: number;
  external_id: string | null;
  id: Generated<number>;
  message_html: string;
  sort_order: Generated<number>;
}

export interface CaptchaTokens {
  created_at: Date;
  expires_at: Date;
  sitekey: string;
  token_hash: string;
  used_at: Date | null;
}

export interface Charities {
  base_fee_minor: Generated<number>;
  booking_fee_bp: Generated<number>;
  booking_fee_cap_minor: number | null;
  booking_fee_includes_vat: Generated<boolean>;
  booking_fee_vat_bp: Generated<number>;
  created_at: Generated<Date>;
  description_html: Generated<string>;
  donation_checkout_title: string;
  donation_options_minor: Generated<number[]>;
  external_id: string | null;
  gift_aid_enabled: Generated<boolean>;
  id: Generated<number>;
  logo: string | null;
  name: string;
}

export interface Codes {
  amount_minor: number | null;
  balance_minor: number | null;
  code: string;
  created_at: Generated<Date>;
  currency: string | null;
  event_id: number | null;
  expires_at: Date | null;
  external_id: string | null;
  id: Generated<number>;
  kind: CodeKind;
  max_uses: number | null;
  organiser_id: number | null;
  percent_bp: number | null;
  uses: Generated<number>;
}

export interface DomainEvents {
  created_at: Date;
  data: ColumnType<unknown, string, string>;
  id: Generated<number>;
  relayed_at: Date | null;
  type: string;
}

export interface EventDates {
  ends_at: Date | null;
  event_id: number;
  external_id: string | null;
  id: Generated<number>;
  starts_at: Date;
}

export interface Events {
  access_online: string | null;
  captcha_required: Generated<boolean>;
  created_at: Generated<Date>;
  delivery_fee_minor: Generated<number>;
  description: Generated<string>;
  external_id: string | null;
  fb_pixel: string | null;
  fundraising_contact_notice: Generated<boolean>;
  ga: string | null;
  ga_conversion_id: string | null;
  has_livestream: Generated<boolean>;
  hold_extension_minutes: Generated<number>;
  id: Generated<number>;
  location: Generated<string>;
  organiser_id: number;
  payment_plans_enabled: Generated<boolean>;
  published: Generated<boolean>;
  refund_protection: Generated<boolean>;
  require_delivery_address: Generated<boolean>;
  require_phone_number: Generated<boolean>;
  reward_short_text: string | null;
  reward_text: string | null;
  slug: string;
  thumbnail: string | null;
  timeslot_warning_message: string | null;
  timezone: Generated<string>;
  title: string;
  transfers_allowed: Generated<boolean>;
  venue_full_address: string | null;
  venue_map_address: string | null;
  venue_map_checkin: string | null;
}

export interface GiftAidDeclarations {
  address1: string | null;
  declared_at: Date;
  postcode: string | null;
  sale_id: number;
  subscribe: Generated<boolean>;
  uk_based: boolean;
}

export interface GiftVouchers {
  created_at: Generated<Date>;
  currency: string;
  external_id: string | null;
  id: Generated<number>;
  max_per_customer: Generated<number>;
  max_value_minor: number | null;
  min_value_minor: number | null;
  name: string;
  on_sale: Generated<boolean>;
  organiser_id: number;
  thumbnail: string | null;
  valid_months: Generated<number>;
  values_minor: Generated<number[]>;
}

export interface Holds {
  bucket: number | null;
  created_at: Date;
  ended_at: Date | null;
  expires_at: Date;
  id: Generated<number>;
  qty: number;
  sale_id: number;
  status: Generated<HoldStatus>;
  ticket_type_id: number;
}

export interface Jobs {
  attempts: Generated<number>;
  created_at: Date;
  dedupe_key: string | null;
  finished_at: Date | null;
  id: Generated<number>;
  kind: string;
  last_error: string | null;
  locked_until: Date | null;
  max_attempts: Generated<number>;
  payload: ColumnType<unknown, string | undefined, string>;
  run_at: Date;
  status: Generated<JobStatus>;
}

export interface LedgerEntries {
  amount_minor: number;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  id: Generated<number>;
  kind: LedgerKind;
  provider: string;
  provider_reference: string;
  reason: string | null;
  refund_of: string | null;
  sale_id: number;
  status: 'done' | 'pending';
  test_money: ColumnType<boolean, never, never>;
}

export interface LedgerShares {
  amount_minor: number;
  ledger_entry_id: number;
  organiser_id: number | null;
}

export interface MarketingContactOrganisers {
  email: string;
  organiser_id: number;
  subscribed: boolean;
  updated_at: Date;
}

export interface MarketingContacts {
  ct_subscribed: Generated<boolean>;
  email: string;
  event_subscribed: Generated<boolean>;
  updated_at: Date;
}

export interface OneTimeCodes {
  attempts: Generated<number>;
  code_hash: string;
  created_at: Date;
  email: string;
  expires_at: Date;
  session_hash: string;
  used_at: Date | null;
}

export interface Onsales {
  admission_base_at: Date;
  admission_base_count: Generated<Numeric>;
  admission_per_second: Numeric;
  created_at: Date;
  early_assigned: Generated<boolean>;
  ends_at: Date | null;
  event_id: number | null;
  id: Generated<number>;
  next_position: Generated<number>;
  opens_at: Date;
  organiser_id: number;
  pass_seconds: Generated<number>;
  updated_at: Date;
}

export interface OnsaleTicketTypes {
  onsale_id: number;
  ticket_type_id: number;
}

export interface OrderRefunds {
  amount_minor: number;
  answer: ColumnType<unknown, string, string>;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  id: Generated<number>;
  idempotency_key: string;
  organiser_id: number;
  public_id: string;
  reason: string | null;
  request_hash: string;
  sale_id: number;
  status: 'pending' | 'completed';
  whole_order: boolean;
}

export interface OrderRefundTickets {
  refund_id: number;
  ticket_id: number;
}

export interface OrganiserApiKeys {
  created_at: Date;
  event_id: number | null;
  expires_at: Date | null;
  id: Generated<number>;
  key_hash: string;
  last_used_at: Date | null;
  name: Generated<string>;
  organiser_id: number;
  prefix: string;
  revoked_at: Date | null;
  scope: ApiKeyScope;
}

export interface Organisers {
  audience_diversity_notice: Generated<boolean>;
  charity_id: number | null;
  created_at: Generated<Date>;
  currency: Generated<string>;
  custom_refund_policy: string | null;
  express_checkout: Generated<boolean>;
  external_id: string | null;
  id: Generated<number>;
  is_saas: Generated<boolean>;
  marketing_signup_message: Generated<string>;
  name: string;
  payment_merchant_id: string | null;
  payment_provider: PaymentProviderKind | null;
  slug: string;
}

export interface OrganiserSubscriptions {
  organiser_id: number;
  subscribed: boolean;
  updated_at: Generated<Date>;
  user_id: number;
}

export interface Outbox {
  attachments: Generated<string>;
  attempts: Generated<number>;
  channel: Generated<'email' | 'sms'>;
  created_at: Date;
  html_body: string | null;
  id: Generated<number>;
  kind: Generated<string>;
  last_error: string | null;
  sent_at: Date | null;
  subject: string;
  text_body: string;
  to_address: string;
}

export interface PaymentAttempts {
  call: string;
  created_at: Date;
  id: Generated<number>;
  idempotency_key: string;
  request_hash: string;
  response_body: string | null;
  response_status: number | null;
  sale_id: number;
  status: Generated<'pending' | 'done'>;
  updated_at: Date;
}

export interface PaymentPlanInstalments {
  amount_minor: number;
  attempts: Generated<number>;
  due_at: Date;
  last_error: string | null;
  paid_at: Date | null;
  plan_id: number;
  provider_payment_id: string | null;
  seq: number;
  status: Generated<InstalmentStatus>;
}

export interface PaymentPlans {
  completed_at: Date | null;
  contact_number: string;
  created_at: Date;
  currency: string;
  customer_ref: string;
  email: string;
  id: Generated<number>;
  idempotency_key: string;
  months: number;
  payment_method_ref: string;
  provider: string;
  request_hash: string;
  response: string | null;
  sale_id: number;
  status: PaymentPlanStatus;
  total_minor: number;
  user_id: number | null;
}

export interface Payments {
  amount_minor: number;
  components: Generated<string>;
  created_at: Date;
  currency: string;
  id: Generated<number>;
  instalment: Generated<boolean>;
  price_minor: number;
  provider: string;
  provider_payment_id: string;
  refund_reason: string | null;
  refunded_at: Date | null;
  sale_id: number;
  status: 'paid' | 'refund_pending' | 'refunded';
}

export interface QuestionAnswers {
  answer: string;
  answered_at: Date;
  question_id: number;
  sale_id: number;
  ticket_counter: number;
  ticket_type_id: number;
}

export interface Questions {
  event_id: number;
  external_id: string | null;
  id: Generated<number>;
  mandatory: Generated<boolean>;
  once_per_checkout: Generated<boolean>;
  options: Generated<string[]>;
  osq_id: number | null;
  question: string;
  sort_order: Generated<number>;
  ticket_type_id: number | null;
  timing: QuestionTiming;
  type: QuestionType;
}

export interface QueueClientPlaces {
  client_key: string;
  onsale_id: number;
  places: number;
}

export interface QueueEntries {
  claimed_sale_id: number | null;
  draw: number | null;
  id: Generated<number>;
  joined_at: Date;
  onsale_id: number;
  pass_expires_at: Date | null;
  pass_hash: string | null;
  pass_used_at: Date | null;
  position: number | null;
  session_id: number;
}

export interface RateLimitCounters {
  hits: number;
  key: string;
  window_start: Date;
}

export interface ReferralLinks {
  created_at: Date;
  email: string;
  event_id: number;
  token: string;
}

export interface RequestRateWindows {
  bucket: string;
  hits: number;
  window_end: Date;
  window_start: Date;
}

export interface RetiredTicketCodes {
  code: string;
  reason: 'transferred';
  retired_at: Date;
  ticket_id: number;
}

export interface SaleBillingAddresses {
  address_1: string | null;
  address_2: string | null;
  country_code: number | null;
  first_name: string;
  id: Generated<number>;
  last_name: string;
  postcode: string;
  sale_id: number;
  state: string | null;
  town: string | null;
  updated_at: Date;
}

export interface SaleCodes {
  code_id: number;
  created_at: Date;
  sale_id: number;
}

export interface SaleDeliveries {
  sale_id: number;
  tickets_issued_at: Date | null;
  wallet_emailed_at: Date | null;
  wallet_outbox_id: number | null;
}

export interface SaleDeliveryAddresses {
  address_1: string;
  address_2: string | null;
  country_code: number;
  first_name: string;
  last_name: string;
  postcode: string;
  sale_id: number;
  state: string | null;
  town: string;
  updated_at: Date;
  user_address_id: number | null;
}

export interface SaleFeedback {
  created_at: Date;
  id: Generated<number>;
  message: string;
  sale_id: number;
}

export interface SaleLines {
  created_at: Date;
  gift_voucher_id: number | null;
  id: Generated<number>;
  qty: number;
  sale_id: number;
  ticket_type_id: number | null;
  value_minor: number | null;
}

export interface SaleProviderPayments {
  amount_minor: number;
  basket_version: number | null;
  card_brand: string | null;
  card_last4: string | null;
  components: Generated<string>;
  created_at: Date;
  currency: string;
  id: Generated<number>;
  instalment: Generated<boolean>;
  provider: string;
  provider_key: string | null;
  provider_payment_id: string | null;
  sale_id: number;
  status: Generated<ProviderPaymentStatus>;
  updated_at: Date;
}

export interface Sales {
  basket_version: Generated<number>;
  card_provider: string | null;
  charity_id: number | null;
  code_error: string | null;
  contact_number: string | null;
  created_at: Date;
  currency: string | null;
  delivery_address_id: number | null;
  donation_fee_minor: Generated<number>;
  donation_minor: Generated<number>;
  edit_basket_clicked: Generated<boolean>;
  email: string | null;
  ended_at: Date | null;
  express: Generated<boolean>;
  full_name: string | null;
  gift_voucher_from: string | null;
  gift_voucher_to: string | null;
  had_mismatching_currencies: Generated<boolean>;
  hold_expires_at: Date | null;
  hold_extended_at: Date | null;
  id: Generated<number>;
  is_gift_aid: Generated<boolean>;
  paid_at: Date | null;
  payment_error: string | null;
  payment_plan_remaining: Generated<boolean>;
  reference: string;
  refund_protection: Generated<boolean>;
  refund_reason: string | null;
  reserved_at: Date | null;
  reserving_error: string | null;
  session_id: number | null;
  state: Generated<string>;
  status: Generated<SaleStatus>;
  truelayer_returned_from: number | null;
  updated_at: Date;
  user_id: number | null;
}

export interface SandboxBankPayments {
  amount_minor: number;
  created_at: Date;
  currency: string;
  executes_at: Date | null;
  id: string;
  reference: string;
  refunded: Generated<boolean>;
  status: SandboxBankStatus;
  updated_at: Date;
}

export interface SandboxPaymentIntents {
  amount_minor: number;
  client_secret: string;
  created_at: Date;
  currency: string;
  customer: string | null;
  id: string;
  last_error: string | null;
  last_error_code: string | null;
  metadata: Generated<string>;
  off_session: Generated<boolean>;
  payment_method_id: string | null;
  refunded_minor: Generated<number>;
  status: SandboxIntentStatus;
  updated_at: Date;
}

export interface SandboxPaymentMethods {
  brand: string;
  created_at: Date;
  exp_month: number;
  exp_year: number;
  funding: string;
  id: string;
  last4: string;
  name: string | null;
  outcome: string;
}

export interface SandboxSquarePayments {
  amount_minor: number;
  created_at: Date;
  currency: string;
  id: string;
}

export interface SandboxSquareTokens {
  created_at: Date;
  last4: string;
  outcome: string;
  token: string;
  used_at: Date | null;
}

export interface SeatCounters {
  event_date_id: number;
  next_seat: number;
}

export interface Sessions {
  created_at: Date;
  id: Generated<number>;
  last_seen_at: Date;
  sale_id: number | null;
  token_hash: string;
  user_id: number | null;
  verified_at: Date | null;
  verified_email: string | null;
}

export interface Settings {
  key: string;
  value: string;
}

export interface StockBuckets {
  bucket: number;
  free: Generated<number>;
  ticket_type_id: number;
}

export interface TicketRequirements {
  id: Generated<number>;
  required_ticket_type_ids: number[];
  ticket_type_id: number;
  title: string;
}

export interface Tickets {
  checked_in_at: Date | null;
  checked_in_by: string | null;
  code: string;
  event_date_id: number;
  id: Generated<number>;
  issued_at: Date;
  owner_email: string | null;
  owner_user_id: number | null;
  position: number;
  sale_id: number;
  seat_label: string | null;
  seat_number: number | null;
  ticket_type_id: number;
  void_reason: TicketVoidReason | null;
  voided_at: Date | null;
}

export interface TicketTransfers {
  accepted_at: Date | null;
  created_at: Date;
  deliver_at: Date;
  id: Generated<number>;
  is_gift: boolean;
  message: string | null;
  notified_at: Date | null;
  qty: number;
  recipient_email: string;
  recipient_name: string;
  sale_id: number;
  ticket_type_id: number;
  token: string;
}

export interface TicketTypes {
  absorb_fee: Generated<boolean>;
  booking_fee_minor: Generated<number>;
  capacity: number;
  created_at: Generated<Date>;
  currency: string;
  description: Generated<string>;
  event_date_id: number;
  event_id: number;
  external_id: string | null;
  held: Generated<number>;
  hide_booking_fee: Generated<boolean>;
  id: Generated<number>;
  max_per_customer: Generated<number>;
  min_per_customer: Generated<number>;
  name: string;
  non_refundable: Generated<boolean>;
  on_sale: Generated<boolean>;
  price_minor: number;
  seated: Generated<boolean>;
  sold: Generated<number>;
  sort_order: Generated<number>;
  stock_buckets: Generated<number>;
  waiver_id: number | null;
}

export interface TransferTickets {
  ticket_id: number;
  transfer_id: number;
}

export interface TruelayerPayments {
  created_at: Date;
  id: string;
  resource_token: string;
}

export interface UserAddresses {
  address_1: string;
  address_2: string | null;
  country_code: number;
  created_at: Generated<Date>;
  deleted_at: Date | null;
  first_name: string;
  id: Generated<number>;
  last_name: string;
  postcode: string;
  state: string | null;
  town: string;
  user_id: number;
}

export interface UserPaymentMethods {
  card_type: CardType;
  created_at: Generated<Date>;
  deleted_at: Date | null;
  expiry: string;
  id: Generated<number>;
  is_default: Generated<boolean>;
  last4: string;
  provider: string;
  provider_ref: string;
  user_id: number;
}

export interface Users {
  created_at: Generated<Date>;
  email: string;
  first_name: Generated<string>;
  id: Generated<number>;
  is_dark_mode: Generated<boolean>;
  is_event_subscribed: Generated<boolean>;
  last_name: Generated<string>;
  phone: string | null;
  subscribed: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface Waivers {
  body_html: string;
  external_id: string | null;
  id: Generated<number>;
  organiser_id: number;
  title: string;
}

export interface WaiverSignatures {
  id: Generated<number>;
  sale_id: number;
  signed_at: Date;
  signer_key: string;
  signer_name: string;
  waiver_id: number;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Date;
  delivered_at: Date | null;
  endpoint_id: number;
  event_id: number;
  id: Generated<number>;
  last_attempt_at: Date | null;
  last_error: string | null;
  last_status_code: number | null;
  status: Generated<WebhookDeliveryStatus>;
}

export interface WebhookDeliveryAttempts {
  attempted_at: Date;
  delivery_id: number;
  duration_ms: number;
  error: string | null;
  id: Generated<number>;
  status_code: number | null;
}

export interface WebhookEndpoints {
  created_at: Date;
  disabled_at: Date | null;
  events: ArrayType<WebhookEventType>;
  id: Generated<number>;
  organiser_id: number;
  secret: string;
  url: string;
}

export interface WebhookEvents {
  created_at: Date;
  data: ColumnType<unknown, string, string>;
  id: Generated<number>;
  organiser_id: number;
  public_id: string;
  type: WebhookEventType;
}

export interface DB {
  after_sale_messages: AfterSaleMessages;
  captcha_tokens: CaptchaTokens;
  charities: Charities;
  codes: Codes;
  domain_events: DomainEvents;
  event_dates: EventDates;
  events: Events;
  gift_aid_declarations: GiftAidDeclarations;
  gift_vouchers: GiftVouchers;
  holds: Holds;
  jobs: Jobs;
  ledger_entries: LedgerEntries;
  ledger_shares: LedgerShares;
  marketing_contact_organisers: MarketingContactOrganisers;
  marketing_contacts: MarketingContacts;
  one_time_codes: OneTimeCodes;
  onsale_ticket_types: OnsaleTicketTypes;
  onsales: Onsales;
  order_refund_tickets: OrderRefundTickets;
  order_refunds: OrderRefunds;
  organiser_api_keys: OrganiserApiKeys;
  organiser_subscriptions: OrganiserSubscriptions;
  organisers: Organisers;
  outbox: Outbox;
  payment_attempts: PaymentAttempts;
  payment_plan_instalments: PaymentPlanInstalments;
  payment_plans: PaymentPlans;
  payments: Payments;
  question_answers: QuestionAnswers;
  questions: Questions;
  queue_client_places: QueueClientPlaces;
  queue_entries: QueueEntries;
  rate_limit_counters: RateLimitCounters;
  referral_links: ReferralLinks;
  request_rate_windows: RequestRateWindows;
  retired_ticket_codes: RetiredTicketCodes;
  sale_billing_addresses: SaleBillingAddresses;
  sale_codes: SaleCodes;
  sale_deliveries: SaleDeliveries;
  sale_delivery_addresses: SaleDeliveryAddresses;
  sale_feedback: SaleFeedback;
  sale_lines: SaleLines;
  sale_provider_payments: SaleProviderPayments;
  sales: Sales;
  sandbox_bank_payments: SandboxBankPayments;
  sandbox_payment_intents: SandboxPaymentIntents;
  sandbox_payment_methods: SandboxPaymentMethods;
  sandbox_square_payments: SandboxSquarePayments;
  sandbox_square_tokens: SandboxSquareTokens;
  seat_counters: SeatCounters;
  sessions: Sessions;
  settings: Settings;
  stock_buckets: StockBuckets;
  ticket_requirements: TicketRequirements;
  ticket_transfers: TicketTransfers;
  ticket_types: TicketTypes;
  tickets: Tickets;
  transfer_tickets: TransferTickets;
  truelayer_payments: TruelayerPayments;
  user_addresses: UserAddresses;
  user_payment_methods: UserPaymentMethods;
  users: Users;
  waiver_signatures: WaiverSignatures;
  waivers: Waivers;
  webhook_deliveries: WebhookDeliveries;
  webhook_delivery_attempts: WebhookDeliveryAttempts;
  webhook_endpoints: WebhookEndpoints;
  webhook_events: WebhookEvents;
}
