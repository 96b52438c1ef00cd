import * as z from 'zod/mini';
import { TICKET_CODE_PATTERN } from '../tickets/codes';
import { HttpError } from '../http/errors';
import { createApiKey, revokeApiKey } from '../organiser-api/keys';
import { defineOperation, idParam, notFound } from '../organiser-api/operation';
import { pageLimit, pageQuery, pageSchema, toPage } from '../organiser-api/pagination';
import { named } from '../organiser-api/schemas';
import { checkIn } from './check-in';
import { doorMessages } from './messages';

export const DOOR_PAGE_PATH = '/door/';
const HOUR = 60 * 60 * 1000;

/** A code as printed ('ABCD EFGH …'), read from a QR code or typed in lower case: the same code. */
export const normaliseTicketCode = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

const TicketCodeSchema = z.string().check(
  z.maxLength(64),
  z.overwrite(normaliseTicketCode),
  z.refine((value) => TICKET_CODE_PATTERN.test(value), doorMessages.badCode),
);

const DoorName = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

const AdmittedTicketSchema = named(
  z.object({
    id: z.number(),
    code: z.string(),
    ticket_type: z.string(),
    position: z.number(),
    seat: z.nullable(z.string()),
    event: z.object({ id: z.number(), title: z.string() }),
    date: z.object({ id: z.number(), starts_at: z.string(), label: z.string() }),
    holder: z.object({ name: z.nullable(z.string()), email: z.nullable(z.string()) }),
    admitted_at: z.string(),
    door: z.nullable(z.string()),
  }),
  'AdmittedTicket',
  'A ticket just admitted at the door: what it is for, its seat and who holds it',
);

const CheckInSchema = named(
  z.object({ result: z.literal('admitted'), ticket: AdmittedTicketSchema }),
  'CheckIn',
  'A ticket admitted: a second scan of its code is refused with 409 and the time it was admitted',
);

const CheckInLogEntrySchema = named(
  z.object({
    id: z.number(),
    code: z.string(),
    ticket_type: z.string(),
    event_id: z.number(),
    admitted_at: z.string(),
    door: z.nullable(z.string()),
  }),
  'CheckInLogEntry',
  'An admitted ticket, in the check-in log (id is the ticket id)',
);

const DoorTokenSchema = named(
  z.object({
    id: z.number(),
    name: z.string(),
    event_id: z.nullable(z.number()),
    token: z.string(),
    door_url: z.string(),
    expires_at: z.string(),
  }),
  'DoorToken',
  'A door token, shown once: it can only check tickets in, and expires. door_url opens the scanner page with it',
);

const DoorSchema = named(
  z.object({
    name: z.string(),
    organiser_name: z.string(),
    event: z.nullable(z.object({ id: z.number(), title: z.string() })),
    expires_at: z.nullable(z.string()),
  }),
  'Door',
  'The calling door token: the door it names, its organiser and event, and when it stops working',
);

export const doorOperations = [
  defineOperation({
    method: 'POST',
    path: '/check-ins',
    operationId: 'checkIn',
    summary: 'Admit a ticket by its code',
    description:
      'Admits the ticket once: a second scan is refused (409) saying when and at which door it was admitted, and so ' +
      'is a refunded or transferred-away code. Spaces and lower case in the code are ignored. Door tokens and ' +
      'read-write keys may call it.',
    tag: 'check-ins',
    scope: 'door',
    body: z.object({ code: TicketCodeSchema, door: z.optional(DoorName) }),
    response: CheckInSchema,
    async handler({ deps, organiserId, body, request }) {
      const key = request.organiserKey;
      // A door token is its door; a key names the door in the body, or none.
      const door = body.door ?? (key?.scope === 'door' ? key.name : null);
      const ticket = await checkIn(
        deps.db,
        { organiserId, eventId: key?.eventId ?? null, code: body.code, door },
        deps.clock.now(),
      );
      return { result: 'admitted' as const, ticket };
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/check-ins',
    operationId: 'listCheckIns',
    summary: 'The admitted tickets, in ticket order',
    tag: 'check-ins',
    scope: 'read',
    query: z.object({ ...pageQuery, event_id: z.optional(idParam) }),
    response: pageSchema(CheckInLogEntrySchema),
    async handler({ deps, organiserId, query }) {
      let rows = deps.db
        .selectFrom('tickets')
        .innerJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
        .innerJoin('events', 'events.id', 'ticket_types.event_id')
        .select([
          'tickets.id',
          'tickets.code',
          'ticket_types.name as ticket_type',
          'events.id as event_id',
          'tickets.checked_in_at',
          'tickets.checked_in_by',
        ])
        .where('events.organiser_id', '=', organiserId)
        .where('tickets.checked_in_at', 'is not', null)
        .where('tickets.id', '>', query.after ?? 0)
        .orderBy('tickets.id')
        .limit(pageLimit(query));
      if (query.event_id !== undefined) rows = rows.where('events.id', '=', query.event_id);
      const page = toPage(await rows.execute(), query);
      return {
        data: page.data.map((row) => ({
          id: row.id,
          code: row.code,
          ticket_type: row.ticket_type,
          event_id: row.event_id,
          admitted_at: (row.checked_in_at ?? new Date(0)).toISOString(),
          door: row.checked_in_by,
        })),
        next_cursor: page.next_cursor,
      };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/door-tokens',
    operationId: 'createDoorToken',
    summary: 'Make a door token for the scanner page',
    description:
      'A token for door staff: it can only check tickets in (and read GET /door/me), for one event when event_id is ' +
      'given, and expires after expires_in_hours (1 to 72, 24 by default). Open door_url on the phone at the door; ' +
      'the token travels in the URL fragment, which browsers never send to the server.',
    tag: 'check-ins',
    scope: 'write',
    status: 201,
    body: z.object({
      name: DoorName,
      event_id: z.optional(idParam),
      expires_in_hours: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(72))),
    }),
    response: DoorTokenSchema,
    async handler({ deps, organiserId, body }) {
      if (body.event_id !== undefined) {
        const event = await deps.db
          .selectFrom('events')
          .select('id')
          .where('id', '=', body.event_id)
          .where('organiser_id', '=', organiserId)
          .executeTakeFirst();
        if (!event) throw new HttpError(404, doorMessages.noEvent, { event_id: doorMessages.noEvent }, 'not_found');
      }
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + (body.expires_in_hours ?? 24) * HOUR);
      const created = await createApiKey(
        deps.db,
        {
          organiserId,
          scope: 'door',
          name: body.name,
          expiresAt,
          ...(body.event_id === undefined ? {} : { eventId: body.event_id }),
        },
        now,
      );
      return {
        id: created.keyId,
        name: body.name,
        event_id: created.eventId,
        token: created.key,
        door_url: `${DOOR_PAGE_PATH}#token=${created.key}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/door-tokens/:id',
    operationId: 'revokeDoorToken',
    summary: 'Revoke a door token',
    tag: 'check-ins',
    scope: 'write',
    status: 204,
    params: z.object({ id: idParam }),
    response: z.undefined(),
    async handler({ deps, organiserId, params }) {
      if (!(await revokeApiKey(deps.db, organiserId, params.id, deps.clock.now(), 'door')))
        throw notFound('live door token');
      return undefined;
    },
  }),

  defineOperation({
    method: 'GET',
    path: '/door/me',
    operationId: 'getDoor',
    summary: 'The calling door token',
    description: 'What the scanner page shows at the top: the door, the organiser and the event it admits to.',
    tag: 'check-ins',
    scope: 'door',
    response: DoorSchema,
    async handler({ deps, organiserId, request }) {
      const key = request.organiserKey;
      const organiser = await deps.db
        .selectFrom('organisers')
        .select('name')
        .where('id', '=', organiserId)
        .executeTakeFirstOrThrow();
      const event =
        key === undefined || key.eventId === null
          ? undefined
          : await deps.db.selectFrom('events').select(['id', 'title']).where('id', '=', key.eventId).executeTakeFirst();
      return {
        name: key?.name ?? '',
        organiser_name: organiser.name,
        event: event ?? null,
        expires_at: key?.expiresAt?.toISOString() ?? null,
      };
    },
  }),
];
