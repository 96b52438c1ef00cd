import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { parseISO } from 'date-fns/parseISO';
import { enGB } from 'date-fns/locale/en-GB';

/** A date as the server sends it, or one already parsed. */
export type DateInput = Date | string;

/**
 * Server dates are wall-clock strings such as '2026-12-05 19:30:00'; the space becomes 'T' before parsing.
 * parseISO (not `new Date`) so that a date-only string is local midnight rather than UTC midnight, and a string without
 * an offset is read as local wall time: what the organiser typed is what the buyer sees, in any time zone.
 * Returns null for anything unparseable, so callers can decide what to show.
 */
export function parseServerDate(value: string): Date | null {
  const date = parseISO(value.trim().replace(/ +/g, 'T'));
  return isValid(date) ? date : null;
}

function toDate(value: DateInput): Date | null {
  if (typeof value === 'string') return parseServerDate(value);
  return isValid(value) ? value : null;
}

function formatWith(value: DateInput, pattern: string): string {
  const date = toDate(value);
  return date ? format(date, pattern, { locale: enGB }) : '';
}

/** Long form (date 'at' 12-hour time): 'Saturday 5 December 2026 at 7:30pm'. '' when invalid. */
export function formatDateLong(value: DateInput): string {
  return formatWith(value, "EEEE d MMMM yyyy 'at' h:mmaaa");
}

/** Short date for compact places (summary lines, tiles): 'Sat 5 Dec 2026'. '' when invalid. */
export function formatDateShort(value: DateInput): string {
  return formatWith(value, 'EEE d MMM yyyy');
}

/** 12-hour time alone: '7:30pm'. '' when invalid. */
export function formatTime(value: DateInput): string {
  return formatWith(value, 'h:mmaaa');
}

/** The transfer form's date format: dd/MM/yyyy, e.g. '05/12/2026'. '' when invalid. */
export function formatDateNumeric(value: DateInput): string {
  return formatWith(value, 'dd/MM/yyyy');
}

/** Reads a dd/MM/yyyy date typed in the transfer form as local midnight; null unless it is a real calendar date. */
export function parseDateNumeric(value: string): Date | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value.trim())) return null;
  const date = parse(value.trim(), 'dd/MM/yyyy', new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}
