import type { Moment } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Moment of the import file as a Date: a timestamp as it is, a relative moment from `now` (see MomentSchema). */
export function resolveMoment(moment: Moment, now: Date): Date {
  if (typeof moment === 'string') return new Date(moment);
  const date = new Date(now.getTime() + moment.days_from_now * DAY_MS);
  if (moment.at !== undefined) {
    const [hours, minutes] = moment.at.split(':').map(Number);
    date.setUTCHours(hours ?? 0, minutes ?? 0, 0, 0);
  }
  return date;
}
