import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { EventDatesTable } from '../../db/schema';
import { refused } from '../operation';
import { named } from '../schemas';
import { firstSold, lockedTypes } from './event-write-operations';
import { catalogueResource, defineResource } from './resource';
import { EventDateSchema } from './schemas';
import { dateView, EventDateViewSchema } from './views';
import { removeTicketType } from './write-operations';

/** The organiser API's dates (performances) of an event: a date something was sold for is never deleted. */

export const EventDatePatchSchema = named(
  z.partial(EventDateSchema),
  'EventDatePatch',
  'The fields of a date to change; the others stay as they are',
);

function dateFields(row: Selectable<EventDatesTable>) {
  return {
    external_id: row.external_id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at ? row.ends_at.toISOString() : null,
  };
}

export const eventDates = defineResource({
  name: 'date',
  noun: 'Date',
  table: 'event_dates',
  parent: 'event',
  segment: '/dates',
  schemas: { create: EventDateSchema, update: EventDatePatchSchema, view: EventDateViewSchema },
  view: dateView,
  operations: {
    create: {
      operationId: 'createEventDate',
      summary: 'Add a date (performance) to one of the organiser’s events',
      description: 'A date with the same external id in the event already exists: 409.',
    },
    update: {
      operationId: 'updateEventDate',
      summary: 'Change a date’s start, end or external id',
      description:
        'Tickets already sold for the date stay valid for its new time. A date ending before it starts, or an ' +
        'external id another date of the event has: 409.',
    },
    delete: {
      operationId: 'deleteEventDate',
      summary: 'Delete a date that has never sold a ticket, with its ticket types',
      description:
        'Its ticket types go with it. Refused (409) while any of them was sold or held or is in a basket, and for ' +
        'the event’s only date (an event keeps at least one: delete the event instead).',
    },
  },
  create: ({ writer, label, event }, body) => writer.saveDate(label, event.id, undefined, body),
  async update({ writer, label, stored }, body) {
    await writer.saveDate(label, stored.event_id, stored, { ...dateFields(stored), ...body });
  },
  async refuseDelete({ tx, label, stored }) {
    const sold = await firstSold(tx, await lockedTypes(tx, 'event_date_id', stored.id));
    if (sold)
      throw refused(
        `${label} has tickets sold, held or in a basket (${sold.name}): it cannot be deleted. ` +
          "Set its ticket types' 'on_sale' to false instead.",
      );
    const others = await tx
      .selectFrom('event_dates')
      .select('id')
      .where('event_id', '=', stored.event_id)
      .where('id', '<>', stored.id)
      .executeTakeFirst();
    if (!others) throw refused(`${label} is the event's only date: delete the event instead.`);
  },
  async remove({ tx, stored }) {
    // Its ticket types (locked by refuseDelete) go with it, with the companion rules that named them.
    for (const type of await lockedTypes(tx, 'event_date_id', stored.id)) await removeTicketType(tx, type.id);
    await tx.deleteFrom('event_dates').where('id', '=', stored.id).execute();
  },
});

export const dateOperations = catalogueResource(eventDates);
