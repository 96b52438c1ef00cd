import { createEvent, type EventAttributes } from 'ics';
import type { MailAttachment } from '../mail/outbox';
import type { ReceiptEvent } from './receipt-data';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** 'folk-by-the-sea-2026-12-05.ics': the event and its day, so two dates of one event do not share a name. */
export function calendarFileName(event: Pick<ReceiptEvent, 'slug' | 'title' | 'startsAt'>): string {
  const base = (event.slug || event.title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'event'}-${event.startsAt.toISOString().slice(0, 10)}.ics`;
}

export interface CalendarContext {
  reference: string;
  /** Where the tickets are (the wallet page). */
  walletUrl: string;
  /** The host of PUBLIC_URL: the events' UIDs are unique under it. */
  host: string;
  now: Date;
}

/**
 * One VEVENT for one date of an event, in UTC (every calendar shows it in its own zone). The UID is the order and the
 * date, so opening the file of a second email updates the entry instead of adding another.
 */
export function calendarFile(event: ReceiptEvent, context: CalendarContext): MailAttachment {
  const tickets = event.tickets.length === 1 ? '1 ticket' : `${event.tickets.length} tickets`;
  const base = {
    start: event.startsAt.getTime(),
    startInputType: 'utc' as const,
    startOutputType: 'utc' as const,
    title: event.title,
    location: event.address ?? event.venue,
    description: `${event.tickets.length ? `${tickets}, order ${context.reference}` : `Order ${context.reference}`}. Organised by ${event.organiser}. Your tickets: ${context.walletUrl}`,
    url: context.walletUrl,
    uid: `${context.reference}-${event.dateId}@${context.host}`,
    productId: `-//${context.host}//Order confirmation//EN`,
    method: 'PUBLISH',
    status: 'CONFIRMED' as const,
    busyStatus: 'BUSY' as const,
    // DTSTAMP: when this file was made (the library would read the system clock).
    timestamp: context.now.getTime(),
  };
  const attributes: EventAttributes & { timestamp: number } = event.endsAt
    ? { ...base, end: event.endsAt.getTime(), endInputType: 'utc', endOutputType: 'utc' }
    : { ...base, duration: { minutes: 0 } };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`calendar file for ${event.title}: ${error?.message ?? 'no output'}`);
  // Without an end the library writes an empty 'DURATION:PT'; an event with a start alone ends when it starts
  // (RFC 5545 3.6.1), so the line is left out.
  const content = event.endsAt ? value : value.replace(/^DURATION:PT\r?\n/m, '');
  return { filename: calendarFileName(event), contentType: CALENDAR_CONTENT_TYPE, content };
}
