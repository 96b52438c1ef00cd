import { wallClock } from '../catalogue/dates';

/** The checkout is a UK product: a scheduled gift's date and time are UK wall-clock time (GMT in winter, BST in summer). */
export const GIFT_TIME_ZONE = 'Europe/London';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A scheduled gift's moment from the page's dd/MM/yyyy and HH:mm, read as UK local time. undefined when the
 * date does not exist (31/02/2027), the time is out of range, or the clocks skip it (01:30 on the last Sunday of March).
 * An hour the clocks go through twice (01:30 on the last Sunday of October) is its first, BST, occurrence.
 */
export function deliveryMoment(date: string, time: string, timeZone = GIFT_TIME_ZONE): Date | undefined {
  const [day, month, year] = date.split('/').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  if (day === undefined || month === undefined || year === undefined || hours === undefined || minutes === undefined)
    return undefined;
  if (hours > 23 || minutes > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  const wanted = `${year}-${pad(month)}-${pad(day)} ${pad(hours)}:${pad(minutes)}:00`;
  // The zone's offset is at most a day either side: try the offsets in force around that moment, earliest first.
  const offsetAt = (at: number) => Date.parse(`${wallClock(new Date(at), timeZone).replace(' ', 'T')}Z`) - at;
  const candidates = [...new Set([offsetAt(asUtc - 86_400_000), offsetAt(asUtc), offsetAt(asUtc + 86_400_000)])]
    .map((offset) => asUtc - offset)
    .sort((a, b) => a - b);
  const at = candidates.find((candidate) => wallClock(new Date(candidate), timeZone) === wanted);
  return at === undefined ? undefined : new Date(at);
}
