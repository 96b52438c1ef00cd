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

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * A formatter of instants in a zone, remembering what it wrote: the checkout writes the same few event dates on every
 * read, and formatting (Intl's parts, then the shared formatters) costs more than the rest of building the answer.
 * Bounded: past `limit` different instants it starts again.
 */
function remembered(write: (at: Date, timeZone: string) => string, { dateOnly = false, limit = 5_000 } = {}) {
  const written = new Map<string, string>();
  return (at: Date, timeZone: string): string => {
    // A day's name changes only at a local midnight, which falls on a quarter hour of UTC in every zone's offsets
    // since the 1970s: a date-only text is the same for the whole quarter hour (the payment plans' due dates, a new
    // instant on every read, then hit).
    const key = `${timeZone} ${dateOnly ? Math.floor(at.getTime() / QUARTER_HOUR_MS) : at.getTime()}`;
    let text = written.get(key);
    if (text === undefined) {
      text = write(at, timeZone);
      if (written.size >= limit) written.clear();
      written.set(key, text);
    }
    return text;
  };
}

export const niceDate = remembered((at, timeZone) => formatDateLong(wallClock(at, timeZone)));
export const shortDate = remembered((at, timeZone) => formatDateShort(wallClock(at, timeZone)), { dateOnly: true });
export const niceTime = remembered((at, timeZone) => formatTime(wallClock(at, timeZone)));
const ukDateIn = remembered((at, timeZone) => formatDateNumeric(wallClock(at, timeZone)), { dateOnly: true });
export const ukDate = (at: Date, timeZone = 'Europe/London'): string => ukDateIn(at, timeZone);
/** The day alone, long form: 'Saturday 5 December 2026'. */
export const niceDay = remembered(
  (at, timeZone) => {
    const wall = parseServerDate(wallClock(at, timeZone));
    return wall ? format(wall, 'EEEE d MMMM yyyy', { locale: enGB }) : '';
  },
  { dateOnly: true },
);
