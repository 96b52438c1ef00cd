import { formatDateLong, formatDateNumeric, formatDateShort, formatTime, parseServerDate } from '@checkout/shared';
import { format } from 'date-fns/format';
import { enGB } from 'date-fns/locale/en-GB';

/**
 * Event dates are instants in the database and wall-clock times for buyers: shown in the event's own zone whatever
 * the server's zone is. The shared formatters read a zone-less string as wall time, so we hand them one.
 */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** '2026-12-05 19:30:00' in `timeZone`. */
export function wallClock(at: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export const niceDate = (at: Date, timeZone: string): string => formatDateLong(wallClock(at, timeZone));
export const shortDate = (at: Date, timeZone: string): string => formatDateShort(wallClock(at, timeZone));
export const niceTime = (at: Date, timeZone: string): string => formatTime(wallClock(at, timeZone));
export const ukDate = (at: Date, timeZone = 'Europe/London'): string => formatDateNumeric(wallClock(at, timeZone));
/** The day alone, long form: 'Saturday 5 December 2026'. */
export function niceDay(at: Date, timeZone: string): string {
  const wall = parseServerDate(wallClock(at, timeZone));
  return wall ? format(wall, 'EEEE d MMMM yyyy', { locale: enGB }) : '';
}
