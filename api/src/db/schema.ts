import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type * as Generated from './schema.generated';

/**
 * The typed shape of the database, one interface for PGlite and PostgreSQL. The types themselves are generated from
 * the migrations by `npm run db:schema` into ./schema.generated.ts (the lint phase fails when that file is not what
 * the migrations give); this file names them as the code imports them.
 */

export type {
  ApiKeyScope,
  CardType,
  CodeKind,
  HoldStatus,
  InstalmentStatus,
  JobStatus,
  LedgerKind,
  PaymentPlanStatus,
  PaymentProviderKind,
  ProviderPaymentStatus,
  QuestionTiming,
  QuestionType,
  SaleStatus,
  SandboxBankStatus,
  SandboxIntentStatus,
  TicketVoidReason,
  WebhookDeliveryStatus,
  WebhookEventType,
} from './schema.generated';

export type Database = Generated.DB;

export type AfterSaleMessagesTable = Generated.AfterSaleMessages;
export type CodesTable = Generated.Codes;
export type EventDatesTable = Generated.EventDates;
export type EventsTable = Generated.Events;
export type GiftVouchersTable = Generated.GiftVouchers;
export type JobsTable = Generated.Jobs;
export type LedgerEntriesTable = Generated.LedgerEntries;
export type OnsalesTable = Generated.Onsales;
export type OrganiserSubscriptionsTable = Generated.OrganiserSubscriptions;
export type OutboxTable = Generated.Outbox;
export type QuestionsTable = Generated.Questions;
export type QueueEntriesTable = Generated.QueueEntries;
export type SaleLinesTable = Generated.SaleLines;
export type SaleProviderPaymentsTable = Generated.SaleProviderPayments;
export type SalesTable = Generated.Sales;
export type SessionsTable = Generated.Sessions;
export type TicketsTable = Generated.Tickets;
export type TicketTypesTable = Generated.TicketTypes;
export type UserAddressesTable = Generated.UserAddresses;
export type UserPaymentMethodsTable = Generated.UserPaymentMethods;
export type UsersTable = Generated.Users;
export type WaiversTable = Generated.Waivers;
export type WebhookDeliveriesTable = Generated.WebhookDeliveries;
export type WebhookEndpointsTable = Generated.WebhookEndpoints;

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
export type Onsale = Selectable<OnsalesTable>;
export type QueueEntry = Selectable<QueueEntriesTable>;

/** The event types a webhook can subscribe to, in the order the API documents them: the CHECK constraint's values. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'sale.expired',
] as const satisfies readonly Generated.WebhookEventType[];

/** None: an event type the database allows but the list above leaves out fails to compile here, named. */
type NoneLeftOut<Missing extends never> = Missing;
export type WebhookEventTypesLeftOut = NoneLeftOut<
  Exclude<Generated.WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[number]>
>;
