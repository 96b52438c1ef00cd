import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { EventsTable, Tx } from '../../db/schema';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueWriter, hasSales, lockCatalogue } from './writer';
import { EventFieldsSchema, type EventFieldsInput } from './schemas';
import { eventView, EventViewSchema } from './views';

/**
 * The organiser API's changes to an event's own fields, and its delete. They go through the import's code (CatalogueImporter), so a
 * change here and an import apply the same rules; what was sold or is in a basket is never deleted.
 */

export const EventPatchSchema = named(
  z.partial(EventFieldsSchema),
  'EventPatch',
  'The fields of an event to change; the others stay as they are. `venue`, when given, replaces the whole venue',
);

const eventLabel = (event: { id: number; external_id: string | null }) => `Event '${event.external_id ?? event.id}'`;

/** The organiser's event, locked for the change, or a 404 (another organiser's is not found). */
async function ownEvent(tx: Tx, organiserId: number, id: number): Promise<Selectable<EventsTable>> {
  const event = await tx
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .forUpdate()
    .executeTakeFirst();
  if (!event) throw notFound('event');
  return event;
}

/** The ticket types of an event or of one date, locked: a checkout holding them waits until the delete is decided. */
export async function lockedTypes(tx: Tx, column: 'event_id' | 'event_date_id', id: number) {
  return tx.selectFrom('ticket_types').select(['id', 'name']).where(column, '=', id).forUpdate().execute();
}

/** The first of `types` anything was ever sold or held of, or that is in a basket now. */
export async function firstSold(tx: Tx, types: readonly { id: number; name: string }[]) {
  for (const type of types) if (await hasSales(tx, type.id)) return type;
  return undefined;
}

/** An event's own fields as the import's schema has them, so a change is the stored event with the body over it. */
function eventFields(row: Selectable<EventsTable>): Omit<EventFieldsInput, 'external_id'> & {
  external_id: string | null;
} {
  return {
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
    ga: row.ga,
    ga_conversion_id: row.ga_conversion_id,
    fb_pixel: row.fb_pixel,
    reward_text: row.reward_text,
    reward_short_text: row.reward_short_text,
    published: row.published,
  };
}

export const eventWriteOperations = [
  defineOperation({
    method: 'PATCH',
    path: '/events/:id',
    operationId: 'updateEvent',
    summary: 'Change an event’s own fields (title, venue, settings, published…)',
    description:
      'Its dates, ticket types, questions and messages are changed through their own operations. A slug another ' +
      'event has, or an external id another of the organiser’s events has: 409.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: EventPatchSchema,
    response: EventViewSchema,
    async handler({ deps, organiserId, params, body }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const stored = await ownEvent(tx, organiserId, params.id);
        const importer = new CatalogueWriter(tx, { now: deps.clock.now() });
        await importer.saveEvent(eventLabel(stored), organiserId, stored, { ...eventFields(stored), ...body });
      });
      const event = await eventView(deps.db, organiserId, params.id);
      if (!event) throw notFound('event');
      return event;
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/events/:id',
    operationId: 'deleteEvent',
    summary: 'Delete an event that has never sold a ticket, with everything it holds',
    description:
      'Removes the event with its dates, ticket types, questions, after-sale messages and the codes that apply to ' +
      'it alone. Refused (409) once any of its ticket types was sold or held or is in a basket, or one of its codes ' +
      'was used: unpublish it instead (`PATCH /events/{id}` with `published: false`), so its buyers keep their tickets.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx, organiserId);
        const event = await ownEvent(tx, organiserId, params.id);
        const label = eventLabel(event);
        const sold = await firstSold(tx, await lockedTypes(tx, 'event_id', event.id));
        if (sold)
          throw refused(
            `${label} has tickets sold, held or in a basket (${sold.name}): it cannot be deleted. ` +
              "Set 'published' to false instead.",
          );
        const codes = await tx
          .selectFrom('codes as c')
          .select(['c.id', 'c.code', 'c.uses'])
          .select((eb) => eb.exists(eb.selectFrom('sale_codes as s').whereRef('s.code_id', '=', 'c.id')).as('in_sale'))
          .where('c.event_id', '=', event.id)
          .forUpdate()
          .execute();
        const used = codes.find((code) => code.uses > 0 || Boolean(code.in_sale));
        if (used)
          throw refused(
            `${label}: its code '${used.code}' has been used, so it cannot be deleted. Set 'published' to false instead.`,
          );
        await guarded(label, async () => {
          if (codes.length > 0)
            await tx
              .deleteFrom('codes')
              .where(
                'id',
                'in',
                codes.map((code) => code.id),
              )
              .execute();
          // Dates, ticket types (with their companion rules), questions and messages go with the event.
          await tx.deleteFrom('events').where('id', '=', event.id).execute();
        });
      });
      return undefined;
    },
  }),
];
