import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { DbOrTx, EventDatesTable, EventsTable, TicketTypesTable } from '../../db/schema';
import { parkedStock } from '../../inventory/holds';
import { named } from '../schemas';

/**
 * The catalogue as the organiser API answers it: the import's field names, plus database ids, and the stock of each
 * ticket type (sold, held, what is left).
 */

const nullableText = z.nullable(z.string());

export const EventDateViewSchema = named(
  z.object({
    id: z.number(),
    external_id: nullableText,
    starts_at: z.string(),
    ends_at: nullableText,
  }),
  'EventDateView',
  'A date of an event, with its id',
);

export const TicketTypeViewSchema = named(
  z.object({
    id: z.number(),
    external_id: nullableText,
    date_id: z.number(),
    name: z.string(),
    description: z.string(),
    price_minor: z.number(),
    currency: z.string(),
    booking_fee_minor: z.number(),
    absorb_fee: z.boolean(),
    hide_booking_fee: z.boolean(),
    capacity: z.number(),
    sold: z.number(),
    held: z.number(),
    /** capacity − sold − held: what a buyer can still take. */
    available: z.number(),
    min_per_customer: z.number(),
    max_per_customer: z.number(),
    non_refundable: z.boolean(),
    seated: z.boolean(),
    waiver_id: z.nullable(z.number()),
    sort_order: z.number(),
    on_sale: z.boolean(),
    /** How many rows the free stock is spread over (1: one row); see the write's stock_buckets. */
    stock_buckets: z.number(),
  }),
  'TicketTypeView',
  'A ticket type with its id and stock: capacity, sold, held in baskets, available',
);

const eventViewFields = {
  id: z.number(),
  external_id: nullableText,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: nullableText,
  timezone: z.string(),
  venue: z.object({
    location: z.string(),
    full_address: nullableText,
    map_address: nullableText,
    map_checkin: nullableText,
  }),
  has_livestream: z.boolean(),
  access_online: nullableText,
  refund_protection: z.boolean(),
  timeslot_warning_message: nullableText,
  captcha_required: z.boolean(),
  require_phone_number: z.boolean(),
  require_delivery_address: z.boolean(),
  delivery_fee_minor: z.number(),
  transfers_allowed: z.boolean(),
  payment_plans_enabled: z.boolean(),
  hold_extension_minutes: z.number(),
  fundraising_contact_notice: z.boolean(),
  published: z.boolean(),
  dates: z.array(EventDateViewSchema),
};

export const EventSummarySchema = named(
  z.object(eventViewFields),
  'EventSummary',
  'An event with its dates, as the list of events gives it',
);

export const EventViewSchema = named(
  z.object({ ...eventViewFields, ticket_types: z.array(TicketTypeViewSchema) }),
  'EventView',
  'An event with its dates and ticket types (with their stock)',
);

export function dateView(row: Selectable<EventDatesTable>): z.input<typeof EventDateViewSchema> {
  return {
    id: row.id,
    external_id: row.external_id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at ? row.ends_at.toISOString() : null,
  };
}

/** `parked`: the type's stock parked in its buckets (inventory/holds.ts parkedStock), free though counted in held. */
export function ticketTypeView(
  row: Selectable<TicketTypesTable> & { parked: number },
): z.input<typeof TicketTypeViewSchema> {
  return {
    id: row.id,
    external_id: row.external_id,
    date_id: row.event_date_id,
    name: row.name,
    description: row.description,
    price_minor: row.price_minor,
    currency: row.currency.trimEnd(),
    booking_fee_minor: row.booking_fee_minor,
    absorb_fee: row.absorb_fee,
    hide_booking_fee: row.hide_booking_fee,
    capacity: row.capacity,
    sold: row.sold,
    held: row.held - row.parked,
    available: Math.max(0, row.capacity - row.sold - row.held + row.parked),
    min_per_customer: row.min_per_customer,
    max_per_customer: row.max_per_customer,
    non_refundable: row.non_refundable,
    seated: row.seated,
    waiver_id: row.waiver_id,
    sort_order: row.sort_order,
    on_sale: row.on_sale,
    stock_buckets: row.stock_buckets,
  };
}

export function eventSummary(
  row: Selectable<EventsTable>,
  dates: readonly Selectable<EventDatesTable>[],
): z.input<typeof EventSummarySchema> {
  return {
    id: row.id,
    external_id: row.external_id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    timezone: row.timezone,
    venue: {
      location: row.location,
      full_address: row.venue_full_address,
      map_address: row.venue_map_address,
      map_checkin: row.venue_map_checkin,
    },
    has_livestream: row.has_livestream,
    access_online: row.access_online,
    refund_protection: row.refund_protection,
    timeslot_warning_message: row.timeslot_warning_message,
    captcha_required: row.captcha_required,
    require_phone_number: row.require_phone_number,
    require_delivery_address: row.require_delivery_address,
    delivery_fee_minor: row.delivery_fee_minor,
    transfers_allowed: row.transfers_allowed,
    payment_plans_enabled: row.payment_plans_enabled,
    hold_extension_minutes: row.hold_extension_minutes,
    fundraising_contact_notice: row.fundraising_contact_notice,
    published: row.published,
    dates: dates.filter((date) => date.event_id === row.id).map(dateView),
  };
}

/** The dates of some events, by start. */
export async function datesOf(db: DbOrTx, eventIds: readonly number[]): Promise<Selectable<EventDatesTable>[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_dates')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** One event of the organiser with its dates and ticket types, or undefined (another organiser's is not found). */
export async function eventView(
  db: DbOrTx,
  organiserId: number,
  eventId: number,
): Promise<z.input<typeof EventViewSchema> | undefined> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!row) return undefined;
  const types = await db
    .selectFrom('ticket_types')
    .selectAll()
    .select(parkedStock().as('parked'))
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { ...eventSummary(row, await datesOf(db, [eventId])), ticket_types: types.map(ticketTypeView) };
}
