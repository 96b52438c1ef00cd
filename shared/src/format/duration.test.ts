import { formatClock, formatDuration } from './duration';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

describe('formatDuration', () => {
  test.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [14 * MINUTE + 5, '14 minutes 5 seconds'],
    [15 * MINUTE, '15 minutes'],
    [HOUR, '1 hour'],
    [2 * HOUR + 30 * MINUTE, '2 hours 30 minutes'],
    [DAY + 1, '1 day 1 second'],
    [3 * DAY, '3 days'],
    [WEEK, '1 week'],
    [2 * WEEK + DAY + HOUR + MINUTE + 1, '2 weeks 1 day 1 hour 1 minute 1 second'],
    [12.9, '12 seconds'],
    [-5, '0 seconds'],
    [Number.NaN, '0 seconds'],
  ])('%p seconds is %p', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatClock', () => {
  test.each([
    [0, '00:00'],
    [5, '00:05'],
    [65, '01:05'],
    [14 * MINUTE + 5, '14:05'],
    [59 * MINUTE + 59, '59:59'],
    [HOUR, '1:00:00'],
    [HOUR + 2 * MINUTE + 5, '1:02:05'],
    [26 * HOUR, '26:00:00'],
    [9.7, '00:09'],
    [-3, '00:00'],
  ])('%p seconds is %p', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });
});
