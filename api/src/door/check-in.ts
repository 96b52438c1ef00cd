import type { DbOrTx, Db } from '../db/schema';
import { niceDate } from '../catalogue/dates';
import { publish } from '../domain-events/publish';
import { HttpError, refused } from '../http/errors';
import { doorMessages } from './messages';

export interface CheckInRequest {
  organiserId: number;
  /** A door token limited to one event admits that event's tickets only. */
  eventId: number | null;
  /** A normalised ticket code (TICKET_CODE_PATTERN). */
  code: string;
  /** Who admitted: the door's name, shown when the code is scanned again. */
  door: string | null;
}

/** A ticket as the door shows it once admitted (and as the ticket.checked_in webhook carries it). */
export interface AdmittedTicket {
  id: number;
  code: string;
  ticket_type: string;
  position: number;
  seat: string | null;
  event: { id: number; title: string };
  date: { id: number; starts_at: string; label: string };
  holder: { name: string | null; email: string | null };
  admitted_at: string;
  door: string | null;
}

/** Already admitted: the 409 carries the moment too, for a scanner to show in its own words. */
export class AlreadyAdmitted extends HttpError {
  constructor(
    message: string,
    readonly admittedAt: Date,
  ) {
    super(409, message, undefined, 'already_admitted');
  }

  override get body() {
    return { ...super.body, admitted_at: this.admittedAt.toISOString() };
  }
}

/** The event dates of the organiser (of one event when the door is limited to it). */
function organiserDates(db: DbOrTx, organiserId: number, eventId: number | null) {
  let dates = db
    .selectFrom('event_dates')
    .innerJoin('events', 'events.id', 'event_dates.event_id')
    .select('event_dates.id')
    .where('events.organiser_id', '=', organiserId);
  if (eventId !== null) dates = dates.where('events.id', '=', eventId);
  return dates;
}

export async function admittedTicket(db: DbOrTx, ticketId: number): Promise<AdmittedTicket> {
  const row = await db
    .selectFrom('tickets')
    .innerJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .innerJoin('event_dates', 'event_dates.id', 'tickets.event_date_id')
    .innerJoin('events', 'events.id', 'event_dates.event_id')
    .innerJoin('sales', 'sales.id', 'tickets.sale_id')
    .select((eb) => [
      'tickets.id',
      'tickets.code',
      'tickets.position',
      'tickets.seat_label',
      'tickets.owner_email',
      'tickets.checked_in_at',
      'tickets.checked_in_by',
      'ticket_types.name as ticket_type',
      'events.id as event_id',
      'events.title',
      'events.timezone',
      'event_dates.id as date_id',
      'event_dates.starts_at',
      'sales.full_name',
      'sales.email',
      // A transferred ticket is held by whoever accepted it last.
      eb
        .selectFrom('transfer_tickets')
        .innerJoin('ticket_transfers', 'ticket_transfers.id', 'transfer_tickets.transfer_id')
        .select('ticket_transfers.recipient_name')
        .whereRef('transfer_tickets.ticket_id', '=', 'tickets.id')
        .where('ticket_transfers.accepted_at', 'is not', null)
        .orderBy('ticket_transfers.accepted_at', 'desc')
        .limit(1)
        .as('recipient_name'),
    ])
    .where('tickets.id', '=', ticketId)
    .executeTakeFirstOrThrow();
  const transferred = row.recipient_name !== null;
  return {
    id: row.id,
    code: row.code,
    ticket_type: row.ticket_type,
    position: row.position,
    seat: row.seat_label,
    event: { id: row.event_id, title: row.title },
    date: { id: row.date_id, starts_at: row.starts_at.toISOString(), label: niceDate(row.starts_at, row.timezone) },
    holder: {
      name: transferred ? row.recipient_name : row.full_name,
      email: row.owner_email ?? (transferred ? null : row.email),
    },
    admitted_at: (row.checked_in_at ?? new Date(0)).toISOString(),
    door: row.checked_in_by,
  };
}

/**
 * Admits a ticket once. One conditional update claims it (not yet admitted, not void, one of the organiser's events),
 * so among any number of scans of one code at once, at several doors, exactly one admits: PostgreSQL makes the others
 * wait for the row and re-check the condition, which no longer holds. ticket.checked_in is published in the same
 * transaction. A ticket of a past or later date is still admitted: the organiser decides at the door (a door token may
 * be limited to one event).
 *
 * When nothing was claimed the code is read again to say why, and another organiser's ticket reads as no ticket at
 * all, so a key never learns that it exists.
 */
export async function checkIn(db: Db, request: CheckInRequest, now: Date): Promise<AdmittedTicket> {
  const admitted = await db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('tickets')
      .set({ checked_in_at: now, checked_in_by: request.door })
      .where('code', '=', request.code)
      .where('checked_in_at', 'is', null)
      .where('voided_at', 'is', null)
      .where('event_date_id', 'in', organiserDates(tx, request.organiserId, request.eventId))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await publish(tx, { type: 'ticket.checked_in', organiserId: request.organiserId, ticketId: claimed.id }, now);
    return admittedTicket(tx, claimed.id);
  });
  if (admitted) return admitted;
  throw await refusal(db, request);
}

async function refusal(db: Db, request: CheckInRequest): Promise<HttpError> {
  const ticket = await db
    .selectFrom('tickets')
    .innerJoin('event_dates', 'event_dates.id', 'tickets.event_date_id')
    .innerJoin('events', 'events.id', 'event_dates.event_id')
    .select([
      'tickets.checked_in_at',
      'tickets.checked_in_by',
      'tickets.void_reason',
      'events.id as event_id',
      'events.title',
      'events.timezone',
    ])
    .where('tickets.code', '=', request.code)
    .where('events.organiser_id', '=', request.organiserId)
    .executeTakeFirst();
  if (!ticket) {
    const retired = await db
      .selectFrom('retired_ticket_codes')
      .select('retired_ticket_codes.reason')
      .innerJoin('tickets', 'tickets.id', 'retired_ticket_codes.ticket_id')
      .where('retired_ticket_codes.code', '=', request.code)
      .where('tickets.event_date_id', 'in', organiserDates(db, request.organiserId, null))
      .executeTakeFirst();
    if (retired) return refused(doorMessages.transferred);
    return new HttpError(404, doorMessages.unknownCode, undefined, 'not_found');
  }
  if (request.eventId !== null && ticket.event_id !== request.eventId)
    return refused(doorMessages.otherEvent(ticket.title));
  if (ticket.void_reason === 'refunded') return refused(doorMessages.refunded);
  if (ticket.void_reason === 'transferred') return refused(doorMessages.transferred);
  if (ticket.checked_in_at !== null)
    return new AlreadyAdmitted(
      doorMessages.alreadyAdmitted(ticket.checked_in_at, ticket.timezone, ticket.checked_in_by),
      ticket.checked_in_at,
    );
  return refused(doorMessages.changed);
}
