import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type * as Schema from './schema.generated';

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

export type Database = Schema.DB;

export type AfterSaleMessagesTable = Schema.AfterSaleMessages;
export type CodesTable = Schema.Codes;
export type EventDatesTable = Schema.EventDates;
export type EventsTable = Schema.Events;
export type GiftVouchersTable = Schema.GiftVouchers;
export type JobsTable = Schema.Jobs;
export type LedgerEntriesTable = Schema.LedgerEntries;
export type OnsalesTable = Schema.Onsales;
export type OrganiserSubscriptionsTable = Schema.OrganiserSubscriptions;
export type OutboxTable = Schema.Outbox;
export type QuestionsTable = Schema.Questions;
export type QueueEntriesTable = Schema.QueueEntries;
export type SaleLinesTable = Schema.SaleLines;
export type SaleProviderPaymentsTable = Schema.SaleProviderPayments;
export type SalesTable = Schema.Sales;
export type SessionsTable = Schema.Sessions;
export type TicketsTable = Schema.Tickets;
export type TicketTypesTable = Schema.TicketTypes;
export type UserAddressesTable = Schema.UserAddresses;
export type UserPaymentMethodsTable = Schema.UserPaymentMethods;
export type UsersTable = Schema.Users;
export type WaiversTable = Schema.Waivers;
export type WebhookDeliveriesTable = Schema.WebhookDeliveries;
export type WebhookEndpointsTable = Schema.WebhookEndpoints;

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
] as const satisfies readonly Schema.WebhookEventType[];

/** None: an event type the database allows but the list above leaves out fails to compile here, named. */
type NoneLeftOut<Missing extends never> = Missing;
export type WebhookEventTypesLeftOut = NoneLeftOut<
  Exclude<Schema.WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[number]>
>;
