import { parseServerDate } from '@checkout/shared';
import { format } from 'date-fns/format';
import { wallClock } from '../catalogue/dates';

/** '19:04 on 12 March 2031' in the event's zone: what the door staff's clocks say. */
export function doorMoment(at: Date, timeZone: string): string {
  const wall = parseServerDate(wallClock(at, timeZone));
  return wall ? format(wall, "HH:mm 'on' d MMMM yyyy") : at.toISOString();
}

/** The door's sentences: the scanner page shows them as they are, in big type. */
export const doorMessages = {
  unknownCode: 'No ticket has this code.',
  badCode: 'is not a ticket code: 20 letters and digits 2 to 7, as printed under the QR code',
  alreadyAdmitted: (at: Date, timeZone: string, door: string | null) =>
    `Already admitted at ${doorMoment(at, timeZone)}${door ? ` (${door})` : ''}.`,
  refunded: 'This ticket was refunded: do not admit.',
  transferred: 'This ticket was transferred to someone else: ask for their new ticket.',
  otherEvent: (title: string) => `This ticket is for ${title}, not this event: do not admit here.`,
  changed: 'This ticket changed while it was being checked in: scan it again.',
  noEvent: 'There is no event with that id.',
} as const;
