import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { Tx } from '../../db/schema';
import { parkedStock } from '../../inventory/holds';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueImporter } from './import';
import { CatalogueWriter, hasSales, lockCatalogue, type TicketTypeValues } from './writer';
import { OrganiserViewSchema, organiserView } from './organiser-view';
import {
  CatalogueEventSchema,
  externalIdSchema,
  OrganiserSettingsSchema,
  ticketTypeFields,
  TicketTypeSchema,
} from './schemas';
import { eventView, EventViewSchema, ticketTypeView, TicketTypeViewSchema } from './views';

/**
 * The organiser API's writes of events, ticket types and the organiser's settings. They go through the writer
 * (CatalogueWriter), as the import does, so a write and an import apply the same rules: a capacity never below what is sold or held, a sold ticket type keeps its currency.
 */

export const TicketTypePatchSchema = named(
  z.strictObject({
    external_id: z.optional(z.nullable(externalIdSchema)),
    name: z.optional(ticketTypeFields.name),
    description: ticketTypeFields.description,
    price_minor: z.optional(ticketTypeFields.price_minor),
    currency: z.optional(ticketTypeFields.currency),
    booking_fee_minor: ticketTypeFields.booking_fee_minor,
    absorb_fee: ticketTypeFields.absorb_fee,
    hide_booking_fee: ticketTypeFields.hide_booking_fee,
    capacity: z.optional(ticketTypeFields.capacity),
    min_per_customer: ticketTypeFields.min_per_customer,
    max_per_customer: ticketTypeFields.max_per_customer,
    non_refundable: ticketTypeFields.non_refundable,
    seated: ticketTypeFields.seated,
    sort_order: ticketTypeFields.sort_order,
    on_sale: ticketTypeFields.on_sale,
    date: z.optional(ticketTypeFields.date),
    waiver: ticketTypeFields.waiver,
    requires: ticketTypeFields.requires,
    stock_buckets: ticketTypeFields.stock_buckets,
  }),
  'TicketTypePatch',
  'The fields of a ticket type to change; the others stay as they are',
);

/** The organiser's ticket type, locked for the change, or a 404 (another organiser's is not found). */
async function ownTicketType(tx: Tx, organiserId: number, id: number) {
  const owned = await tx
    .selectFrom('ticket_types as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select('t.id')
    .where('t.id', '=', id)
    .where('e.organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!owned) throw notFound('ticket type');
  return tx.selectFrom('ticket_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** Deletes an unsold ticket type: companion rules of other types that named it lose it; a rule left empty is gone. */
export async function removeTicketType(tx: Tx, id: number): Promise<void> {
  await tx
    .updateTable('ticket_requirements')
    .set({ required_ticket_type_ids: sql`array_remove(required_ticket_type_ids, ${id})` })
    .where(sql<boolean>`${id} = any(required_ticket_type_ids)`)
    .where('ticket_type_id', '<>', id)
    .where(sql<boolean>`cardinality(required_ticket_type_ids) > 1`)
    .execute();
  await tx
    .deleteFrom('ticket_requirements')
    .where(sql<boolean>`required_ticket_type_ids = array[${id}]::integer[]`)
    .execute();
  await tx.deleteFrom('ticket_types').where('id', '=', id).execute();
}

export const catalogueWriteOperations = [
  defineOperation({
    method: 'POST',
    path: '/events',
    operationId: 'createEvent',
    summary: 'Create an event with its dates, ticket types, questions and after-sale messages',
    description: 'The event of a catalogue import, alone. An event with the same external id already exists: 409.',
    tag: 'catalogue',
    scope: 'write',
    body: CatalogueEventSchema,
    response: EventViewSchema,
    status: 201,
    async handler({ deps, organiserId, body }) {
      const eventId = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const existing = await tx
          .selectFrom('events')
          .select('id')
          .where('organiser_id', '=', organiserId)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing)
          throw refused(`Event '${body.external_id}' exists (id ${existing.id}): change it, or import the catalogue.`);
        return (await new CatalogueImporter(tx, { now: deps.clock.now() }).event(organiserId, body)).id;
      });
      const event = await eventView(deps.db, organiserId, eventId);
      if (!event) throw notFound('event');
      return event;
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/events/:id/ticket-types',
    operationId: 'createTicketType',
    summary: 'Add a ticket type to one of the organiser’s events',
    description:
      '`date`, `waiver` and `requires` name the event’s dates, the organiser’s waivers and the event’s ticket types ' +
      'by external id. A ticket type with the same external id in the event already exists: 409. `absorb_fee` with ' +
      'a `booking_fee_minor` above `price_minor`: 400 (an absorbed fee comes out of the price).',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: TicketTypeSchema,
    response: TicketTypeViewSchema,
    status: 201,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const event = await tx
          .selectFrom('events')
          .select(['id', 'external_id'])
          .where('id', '=', params.id)
          .where('organiser_id', '=', organiserId)
          .executeTakeFirst();
        if (!event) throw notFound('event');
        const existing = await tx
          .selectFrom('ticket_types')
          .select('id')
          .where('event_id', '=', event.id)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing)
          throw refused(
            `Ticket type '${body.external_id}' exists in this event (id ${existing.id}): change it instead.`,
          );
        const label = `Event '${event.external_id ?? event.id}'`;
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        const id = await importer.ticketType(organiserId, event.id, label, body);
        await importer.requirements(event.id, label, body);
        return tx
          .selectFrom('ticket_types')
          .selectAll()
          .select(parkedStock().as('parked'))
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      });
      return ticketTypeView(row);
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/ticket-types/:id',
    operationId: 'updateTicketType',
    summary: 'Change a ticket type (price, fee, capacity, limits…)',
    description:
      '`date`, `waiver` and `requires` name the event’s dates, the organiser’s waivers and the event’s ticket types ' +
      'by external id (`requires` replaces the companion rules). Refused (409) when the capacity would go below ' +
      'what is sold or held, the currency or date would change once tickets are sold or in baskets, or the type ' +
      'would absorb a booking fee larger than its price (an absorbed fee comes out of the price).',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: TicketTypePatchSchema,
    response: TicketTypeViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const stored = await ownTicketType(tx, organiserId, params.id);
        const importer = new CatalogueWriter(tx, { now: deps.clock.now() });
        const label = `Ticket type '${body.name ?? stored.name}'`;
        const dateId =
          body.date === undefined ? stored.event_date_id : await importer.dateIdOf(label, stored.event_id, body.date);
        // Tickets already sold carry their date: the type cannot move to another one.
        if (dateId !== stored.event_date_id && (await hasSales(tx, stored.id)))
          throw refused(`${label} has been sold or is in a basket: its date cannot change.`);
        const values: TicketTypeValues = {
          external_id: body.external_id === undefined ? stored.external_id : body.external_id,
          event_date_id: dateId,
          name: body.name ?? stored.name,
          description: body.description ?? stored.description,
          price_minor: body.price_minor ?? stored.price_minor,
          currency: body.currency ?? stored.currency.trimEnd(),
          booking_fee_minor: body.booking_fee_minor ?? stored.booking_fee_minor,
          absorb_fee: body.absorb_fee ?? stored.absorb_fee,
          hide_booking_fee: body.hide_booking_fee ?? stored.hide_booking_fee,
          capacity: body.capacity ?? stored.capacity,
          min_per_customer: body.min_per_customer ?? stored.min_per_customer,
          max_per_customer: body.max_per_customer ?? stored.max_per_customer,
          non_refundable: body.non_refundable ?? stored.non_refundable,
          seated: body.seated ?? stored.seated,
          waiver_id:
            body.waiver === undefined ? stored.waiver_id : await importer.waiverIdOf(label, organiserId, body.waiver),
          sort_order: body.sort_order ?? stored.sort_order,
          on_sale: body.on_sale ?? stored.on_sale,
        };
        if (values.min_per_customer > values.max_per_customer)
          throw refused(`${label}: 'min_per_customer' cannot be more than 'max_per_customer'.`);
        await importer.saveTicketType(label, stored.event_id, stored, values, body.stock_buckets);
        if (body.requires !== undefined) {
          if (values.external_id === null)
            throw refused(`${label} has no external id: give it one ('external_id') to set what it requires.`);
          const event = await tx
            .selectFrom('events')
            .select(['id', 'external_id'])
            .where('id', '=', stored.event_id)
            .executeTakeFirstOrThrow();
          await importer.requirements(stored.event_id, `Event '${event.external_id ?? event.id}'`, {
            external_id: values.external_id,
            requires: body.requires,
          });
        }
        return tx
          .selectFrom('ticket_types')
          .selectAll()
          .select(parkedStock().as('parked'))
          .where('id', '=', stored.id)
          .executeTakeFirstOrThrow();
      });
      return ticketTypeView(row);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/ticket-types/:id',
    operationId: 'deleteTicketType',
    summary: 'Delete a ticket type that has never been sold or held',
    description: 'Refused (409) once anything was sold or held: take it off sale instead (`on_sale: false`).',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const stored = await ownTicketType(tx, organiserId, params.id);
        const label = `Ticket type '${stored.name}'`;
        if (await hasSales(tx, stored.id))
          throw refused(`${label} has been sold or held: it cannot be deleted. Set 'on_sale' to false instead.`);
        await guarded(label, () => removeTicketType(tx, stored.id));
      });
      return undefined;
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/organiser',
    operationId: 'updateOrganiser',
    summary: 'Change the organiser’s marketing signup message, refund policy or diversity notice',
    tag: 'catalogue',
    scope: 'write',
    body: OrganiserSettingsSchema,
    response: OrganiserViewSchema,
    async handler({ deps, organiserId, body }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        await new CatalogueWriter(tx, { now: deps.clock.now() }).organiserSettings(organiserId, body);
      });
      return organiserView(deps.db, organiserId);
    },
  }),
];
