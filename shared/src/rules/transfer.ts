import type { TicketLine } from '../contract/entities';
import * as messages from '../messages/order-completed';
import { isValidEmail } from './account';

/**
 * Ticket transfer from the order-completed page:
 * which ticket types can be transferred, what a row needs, and how far the quantities may go. Pure functions: the
 * page's model and its tests read the same rules.
 */

export type GiftTiming = 'Schedule' | 'Send now';
export const GIFT_TIMINGS: readonly GiftTiming[] = ['Schedule', 'Send now'];

/** The transfer date is shown and typed as dd/MM/yyyy; the time picker moves in 5-minute steps. */
export const TRANSFER_DATE_FORMAT = 'dd/MM/yyyy';
export const TRANSFER_TIME_STEP_MINUTES = 5;
/** The date picker's year range. */
export const TRANSFER_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** One row of the transfer form as the buyer edits it (text fields as typed). */
export interface TransferDraft {
  ticket_id: number;
  qty: number;
  is_gift: boolean;
  send_gift: GiftTiming;
  name: string;
  email: string;
  /** dd/MM/yyyy */
  delivery_date: string;
  /** HH:mm */
  delivery_time: string;
  message: string;
}

export type TransferField = 'name' | 'email' | 'delivery_date' | 'delivery_time';
export type TransferRowErrors = Partial<Record<TransferField, string>>;

/** A ticket type the buyer may transfer: its line, and how many were bought. */
export interface TransferableType {
  ticket_id: number;
  /** 'event name - ticket name' (the accordion's heading). */
  title: string;
  purchased: number;
}

/** Only tickets without seats are offered; one accordion per ticket type. */
export function transferableTypes(
  tickets: readonly Pick<TicketLine, 'ticket_id' | 'event_name' | 'ticket_name' | 'qty' | 'seats'>[],
): TransferableType[] {
  const byType = new Map<number, TransferableType>();
  for (const line of tickets) {
    if (line.seats.length > 0 || line.qty <= 0) continue;
    const known = byType.get(line.ticket_id);
    if (known) known.purchased += line.qty;
    else
      byType.set(line.ticket_id, {
        ticket_id: line.ticket_id,
        title: `${line.event_name} - ${line.ticket_name}`,
        purchased: line.qty,
      });
  }
  return [...byType.values()];
}

/** Transfer is offered unless every ticket has seats, and no longer after a successful send. */
export function isTransferAllowed(
  tickets: Parameters<typeof transferableTypes>[0],
  alreadyTransferred: boolean,
): boolean {
  return !alreadyTransferred && transferableTypes(tickets).length > 0;
}

export function emptyTransferRow(ticketId: number): TransferDraft {
  return {
    ticket_id: ticketId,
    qty: 0,
    is_gift: false,
    send_gift: 'Schedule',
    name: '',
    email: '',
    delivery_date: '',
    delivery_time: '',
    message: '',
  };
}

const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** dd/MM/yyyy as a calendar day (local midnight), or null when it is not one (31/02/2030, 1/2/2030, year 2101). */
export function parseTransferDate(text: string): Date | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < TRANSFER_YEAR_RANGE.min || year > TRANSFER_YEAR_RANGE.max) return null;
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The day as the transfer form shows it: dd/MM/yyyy. */
export function formatTransferDate(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}

/** Every time the picker offers: 00:00, 00:05 … 23:55 (5-minute steps). */
export function transferTimeOptions(): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += TRANSFER_TIME_STEP_MINUTES) {
    options.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return options;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** hh:mm as minutes after midnight (the text already matched TIME_PATTERN). */
function minutesOf(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function isOnTimeStep(text: string): boolean {
  const match = TIME_PATTERN.exec(text);
  return !!match && Number(match[2]) % TRANSFER_TIME_STEP_MINUTES === 0;
}

/** A gift for later: the only kind of row that needs a delivery date and time. */
export function isScheduledGift(row: Pick<TransferDraft, 'is_gift' | 'send_gift'>): boolean {
  return row.is_gift && row.send_gift === 'Schedule';
}

/**
 * A row needs a name, an email and, for a gift scheduled for later, a delivery date (not before today: a day
 * already past says so) and a time (today: later than now). An address the server could not deliver to counts as missing (the same pattern the server checks).
 */
export function transferRowErrors(row: TransferDraft, today: Date): TransferRowErrors {
  const errors: TransferRowErrors = {};
  if (row.name.trim() === '') errors.name = messages.transferNameRequired;
  if (!isValidEmail(row.email)) errors.email = messages.transferEmailRequired;
  if (isScheduledGift(row)) {
    const day = parseTransferDate(row.delivery_date);
    const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
    if (!day) errors.delivery_date = messages.transferDateRequired;
    else if (day.getTime() < startOfToday.getTime()) errors.delivery_date = messages.transferDatePast;
    if (!isOnTimeStep(row.delivery_time)) errors.delivery_time = messages.transferTimeRequired;
    else if (
      day &&
      day.getTime() === startOfToday.getTime() &&
      minutesOf(row.delivery_time) <= today.getHours() * 60 + today.getMinutes()
    ) {
      // Today, at a time already gone: the server would refuse it (it schedules only in the future).
      errors.delivery_time = messages.transferTimePast;
    }
  }
  return errors;
}

/** A row is valid only if its quantity is not 0 and nothing is missing. */
export function isTransferRowValid(row: TransferDraft, today: Date): boolean {
  return row.qty !== 0 && Object.keys(transferRowErrors(row, today)).length === 0;
}

/** Rows with quantity 0 are skipped: they are neither checked nor sent. */
export function rowsToSend(rows: readonly TransferDraft[]): TransferDraft[] {
  return rows.filter((row) => row.qty > 0);
}

/** How many of a ticket type the rows transfer together. */
export function totalTransferred(rows: readonly TransferDraft[], ticketId: number): number {
  return rows.reduce((sum, row) => (row.ticket_id === ticketId ? sum + Math.max(0, row.qty) : sum), 0);
}

/**
 * The rows of a type together never go past what was bought, and no row below 0. At the limit the plus
 * (a row's increment, and adding a row) is disabled. Returns the quantity a row may take when the buyer asks for `wanted`.
 */
export function clampTransferQty(
  rows: readonly TransferDraft[],
  index: number,
  wanted: number,
  purchased: number,
): number {
  const row = rows[index];
  if (!row) return 0;
  const others = totalTransferred(rows, row.ticket_id) - Math.max(0, row.qty);
  const room = Math.max(0, purchased - others);
  return Math.max(0, Math.min(Math.floor(wanted), room));
}

/** The plus is disabled once the rows of the type have reached what was bought. */
export function isAtTransferLimit(rows: readonly TransferDraft[], ticketId: number, purchased: number): boolean {
  return totalTransferred(rows, ticketId) >= purchased;
}

/** Within the limit: no type's rows together exceed what was bought. */
export function withinTransferLimits(rows: readonly TransferDraft[], types: readonly TransferableType[]): boolean {
  return types.every((type) => totalTransferred(rows, type.ticket_id) <= type.purchased);
}

/**
 * Send tickets is enabled when something is being sent, every row that is sent is valid, and no type goes past what
 * was bought.
 */
export function canSendTransfers(
  rows: readonly TransferDraft[],
  types: readonly TransferableType[],
  today: Date,
): boolean {
  const sending = rowsToSend(rows);
  return (
    sending.length > 0 && sending.every((row) => isTransferRowValid(row, today)) && withinTransferLimits(rows, types)
  );
}

/** On Send the first ticket type (in the accordions' order) with an invalid row is opened. */
export function firstInvalidTicketType(
  rows: readonly TransferDraft[],
  types: readonly TransferableType[],
  today: Date,
): number | null {
  for (const type of types) {
    const ofType = rows.filter((row) => row.ticket_id === type.ticket_id);
    const invalid =
      rowsToSend(ofType).some((row) => !isTransferRowValid(row, today)) ||
      totalTransferred(ofType, type.ticket_id) > type.purchased;
    if (invalid) return type.ticket_id;
  }
  return null;
}

/** What set_transfers is sent: the rows with a quantity, text trimmed, schedule fields only for a scheduled gift. */
export function transferPayload(rows: readonly TransferDraft[]): {
  ticket_id: number;
  name: string;
  email: string;
  qty: number;
  is_gift: boolean;
  send_gift: GiftTiming | undefined;
  delivery_date: string;
  delivery_time: string;
  message: string;
}[] {
  return rowsToSend(rows).map((row) => {
    const scheduled = isScheduledGift(row);
    return {
      ticket_id: row.ticket_id,
      name: row.name.trim(),
      email: row.email.trim(),
      qty: row.qty,
      is_gift: row.is_gift,
      send_gift: row.is_gift ? row.send_gift : undefined,
      delivery_date: scheduled ? row.delivery_date.trim() : '',
      delivery_time: scheduled ? row.delivery_time : '',
      message: row.is_gift ? row.message.trim() : '',
    };
  });
}
