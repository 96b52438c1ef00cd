import { formatDateNumeric, formatDateShort, parseServerDate } from '@checkout/shared';
import { format } from 'date-fns/format';
import { enGB } from 'date-fns/locale/en-GB';
import { niceDay, shortDate, ukDate, wallClock } from './dates';

const MINUTE = 60 * 1000;

test('the remembered date-only texts are what writing them afresh gives, across midnights and clock changes', () => {
  // Days with a clock change or a quarter-hour offset: London's spring and autumn, Kathmandu (+5:45), Chatham Islands
  // (+12:45/+13:45), Kolkata (+5:30), Adelaide (+9:30/+10:30).
  const days: [string, string][] = [
    ['Europe/London', '2030-03-31'],
    ['Europe/London', '2030-10-27'],
    ['Asia/Kathmandu', '2030-06-01'],
    ['Pacific/Chatham', '2030-04-07'],
    ['Asia/Kolkata', '2030-06-01'],
    ['Australia/Adelaide', '2030-10-06'],
  ];
  for (const [zone, day] of days) {
    const from = Date.parse(`${day}T00:00:00Z`) - 36 * 60 * MINUTE;
    // Every 7 minutes over three days: the first instant of each quarter hour fills the memory, the next ones read it.
    for (let at = from; at < from + 72 * 60 * MINUTE; at += 7 * MINUTE) {
      const instant = new Date(at);
      const wall = wallClock(instant, zone);
      expect([zone, instant.toISOString(), ukDate(instant, zone)]).toEqual([
        zone,
        instant.toISOString(),
        formatDateNumeric(wall),
      ]);
      expect(shortDate(instant, zone)).toBe(formatDateShort(wall));
      const parsed = parseServerDate(wall);
      expect(niceDay(instant, zone)).toBe(parsed ? format(parsed, 'EEEE d MMMM yyyy', { locale: enGB }) : '');
    }
  }
});
