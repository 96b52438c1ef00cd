import * as z from 'zod/mini';
import { queuePaths } from '@checkout/shared';
import type { DbOrTx, Onsale } from '../../db/schema';
import { admissionOf, isEnded } from '../../waiting-room/admission';
import {
  changeOnsale,
  createOnsale,
  deleteOnsale,
  gatedTypesOf,
  ownEvent,
  ownOnsale,
  ownTicketTypes,
} from '../../waiting-room/onsales';
import { onsaleFigures } from '../../waiting-room/queue';
import { defineOperation, idParam, notFound } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';

/**
 * On-sales: a waiting room in front of an event's tickets (or some ticket types). From the opening, buyers of those
 * tickets queue; places are admitted at the on-sale's rate, and an admitted buyer has a short-lived pass to reserve.
 */

const timestamp = z.iso.datetime({ offset: true });
const rate = z.number().check(z.gt(0, { message: 'Admissions per second: more than 0.' }), z.lte(10_000));
const passSeconds = z.int().check(z.minimum(60), z.maximum(3600));
const ticketTypeIds = z.array(idParam).check(z.minLength(1), z.maxLength(1000));

export const OnsaleCreateSchema = named(
  z
    .strictObject({
      /** The whole event is gated: every ticket type of it. */
      event_id: z.optional(idParam),
      /** Or only these ticket types (of any of the organiser's events). */
      ticket_type_ids: z.optional(ticketTypeIds),
      opens_at: timestamp,
      admission_per_second: rate,
      pass_seconds: z.optional(passSeconds),
      ends_at: z.optional(z.nullable(timestamp)),
    })
    .check(
      z.refine((body) => (body.event_id === undefined) !== (body.ticket_type_ids === undefined), {
        message: "Name either 'event_id' or 'ticket_type_ids' (one of the two).",
        path: ['event_id'],
      }),
    ),
  'OnsaleCreate',
  'A waiting room for an event or some ticket types: its opening, the admissions per second, and optionally how long an admitted buyer has to reserve (pass_seconds, 60 to 3600, 600 by default) and when the queue ends',
);

export const OnsalePatchSchema = named(
  z.strictObject({
    opens_at: z.optional(timestamp),
    admission_per_second: z.optional(rate),
    pass_seconds: z.optional(passSeconds),
    ends_at: z.optional(z.nullable(timestamp)),
    ticket_type_ids: z.optional(ticketTypeIds),
  }),
  'OnsalePatch',
  'The fields of an on-sale to change; the others stay as they are',
);

const FiguresSchema = z.object({
  /** In the queue, not yet admitted. */
  queued: z.number(),
  admitted: z.number(),
  /** Admitted buyers who reserved with their pass. */
  passes_used: z.number(),
  /** Admitted buyers whose pass ran out unused. */
  turns_lost: z.number(),
});

const onsaleFields = {
  id: z.number(),
  event_id: z.nullable(z.number()),
  /** The gated ticket types (an event's: every ticket type it has now). */
  ticket_type_ids: z.array(z.number()),
  opens_at: z.string(),
  ends_at: z.nullable(z.string()),
  admission_per_second: z.number(),
  pass_seconds: z.number(),
  state: z.enum(['scheduled', 'open', 'ended']),
  /** The buyers' queue page. */
  queue_url: z.string(),
};

export const OnsaleViewSchema = named(z.object(onsaleFields), 'Onsale', 'An on-sale and the tickets it gates');
export const OnsaleWithFiguresSchema = named(
  z.object({ ...onsaleFields, figures: FiguresSchema }),
  'OnsaleWithFigures',
  'An on-sale with its live figures: queued, admitted so far, passes used, turns lost',
);

async function onsaleView(db: DbOrTx, row: Onsale, now: Date): Promise<z.input<typeof OnsaleViewSchema>> {
  const admission = admissionOf(row);
  const state = isEnded(admission, now) ? 'ended' : now.getTime() < row.opens_at.getTime() ? 'scheduled' : 'open';
  return {
    id: row.id,
    event_id: row.event_id,
    ticket_type_ids: await gatedTypesOf(db, row),
    opens_at: row.opens_at.toISOString(),
    ends_at: row.ends_at ? row.ends_at.toISOString() : null,
    admission_per_second: admission.ratePerSecond,
    pass_seconds: row.pass_seconds,
    state,
    queue_url: queuePaths.page(row.id),
  };
}

const readOnsale = (db: DbOrTx, id: number) =>
  db.selectFrom('onsales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const onsaleOperations = [
  defineOperation({
    method: 'GET',
    path: '/onsales',
    operationId: 'listOnsales',
    summary: 'The organiser’s on-sales (waiting rooms), page by page',
    tag: 'on-sales',
    scope: 'read',
    query: z.strictObject({ ...pageQuery }),
    response: pageSchema(OnsaleViewSchema),
    async handler({ deps, organiserId, query }) {
      const rows = await deps.db
        .selectFrom('onsales')
        .selectAll()
        .where('organiser_id', '=', organiserId)
        .$call(pageRows(query))
        .execute();
      const page = toPage(rows, query);
      const now = deps.clock.now();
      const data = [];
      for (const row of page.data) data.push(await onsaleView(deps.db, row, now));
      return { data, next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/onsales',
    operationId: 'createOnsale',
    summary: 'Put an event, or some ticket types, on sale through a queue',
    description:
      'From `opens_at`, buyers of those tickets queue on `queue_url`; arrivals before the opening get a random place ' +
      'among the early arrivals, later ones join in order. Places are admitted at `admission_per_second`; an admitted ' +
      'buyer has `pass_seconds` to reserve, once. Before the opening no one can reserve them. `ends_at` lifts the ' +
      'queue. Another organiser’s event or ticket type: 404. A ticket type already in a live on-sale’s queue: 409. ' +
      'The gated ticket types’ stock is spread over 16 rows, so the on-sale’s reservations do not queue on one.',
    tag: 'on-sales',
    scope: 'write',
    body: OnsaleCreateSchema,
    response: OnsaleViewSchema,
    status: 201,
    async handler({ deps, organiserId, body }) {
      const now = deps.clock.now();
      const row = await deps.db.transaction().execute(async (tx) => {
        if (body.event_id !== undefined) await ownEvent(tx, organiserId, body.event_id);
        await ownTicketTypes(tx, organiserId, body.ticket_type_ids ?? []);
        const id = await createOnsale(
          tx,
          organiserId,
          {
            eventId: body.event_id ?? null,
            ticketTypeIds: body.ticket_type_ids ?? [],
            opensAt: new Date(body.opens_at),
            endsAt: body.ends_at ? new Date(body.ends_at) : null,
            ratePerSecond: body.admission_per_second,
            passSeconds: body.pass_seconds ?? 600,
          },
          now,
        );
        return readOnsale(tx, id);
      });
      return onsaleView(deps.db, row, now);
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/onsales/:id',
    operationId: 'getOnsale',
    summary: 'An on-sale with its live figures',
    description:
      '`figures`: buyers queued and not yet admitted, admitted so far, passes used to reserve, and turns lost ' +
      '(admitted, but the pass ran out unused).',
    tag: 'on-sales',
    scope: 'read',
    params: z.object({ id: idParam }),
    response: OnsaleWithFiguresSchema,
    async handler({ deps, organiserId, params }) {
      const row = await deps.db
        .selectFrom('onsales')
        .selectAll()
        .where('id', '=', params.id)
        .where('organiser_id', '=', organiserId)
        .executeTakeFirst();
      if (!row) throw notFound('on-sale');
      const now = deps.clock.now();
      const figures = await onsaleFigures(deps.db, row, now);
      return {
        ...(await onsaleView(deps.db, row, now)),
        figures: {
          queued: figures.queued,
          admitted: figures.admitted,
          passes_used: figures.passesUsed,
          turns_lost: figures.turnsLost,
        },
      };
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/onsales/:id',
    operationId: 'updateOnsale',
    summary: 'Change an on-sale: its rate, pass time, end; its opening before it opens',
    description:
      'A new `admission_per_second` counts from now: everyone admitted stays admitted. `opens_at` (and ' +
      '`ticket_type_ids`) change only before the opening: 409 after. Set `ends_at` to now to end the queue; the ' +
      'tickets are then sold without one.',
    tag: 'on-sales',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: OnsalePatchSchema,
    response: OnsaleViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const now = deps.clock.now();
      const row = await deps.db.transaction().execute(async (tx) => {
        const stored = await ownOnsale(tx, organiserId, params.id);
        if (!stored) throw notFound('on-sale');
        if (body.ticket_type_ids !== undefined) await ownTicketTypes(tx, organiserId, body.ticket_type_ids);
        await changeOnsale(
          tx,
          stored,
          {
            ...(body.opens_at === undefined ? {} : { opensAt: new Date(body.opens_at) }),
            ...(body.ends_at === undefined ? {} : { endsAt: body.ends_at === null ? null : new Date(body.ends_at) }),
            ...(body.admission_per_second === undefined ? {} : { ratePerSecond: body.admission_per_second }),
            ...(body.pass_seconds === undefined ? {} : { passSeconds: body.pass_seconds }),
            ...(body.ticket_type_ids === undefined ? {} : { ticketTypeIds: body.ticket_type_ids }),
          },
          now,
        );
        return readOnsale(tx, stored.id);
      });
      return onsaleView(deps.db, row, now);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/onsales/:id',
    operationId: 'deleteOnsale',
    summary: 'Delete an on-sale that has not opened',
    description: 'Once it has opened: 409. End it instead (`PATCH /onsales/{id}` with `ends_at` set to now).',
    tag: 'on-sales',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        const stored = await ownOnsale(tx, organiserId, params.id);
        if (!stored) throw notFound('on-sale');
        await deleteOnsale(tx, stored, deps.clock.now());
      });
      return undefined;
    },
  }),
];
