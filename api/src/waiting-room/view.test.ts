import { gzipSync } from 'node:zlib';
import * as messages from '@checkout/shared/messages/queue';
import { pageScript } from '../web/page-scripts';
import { announcement, formatOpening, formatQueueTime, formatWait, queueView } from './view';

const waiting = (ahead: number, wait: number) =>
  queueView({ state: 'waiting', position: ahead + 1, ahead, estimated_wait_seconds: wait });

test.each([
  [0, 'less than a minute'],
  [59, 'less than a minute'],
  [60, 'about 1 minute'],
  [61, 'about 2 minutes'],
  [59 * 60, 'about 59 minutes'],
  [60 * 60, 'about 1 hour'],
  [2 * 3600 + 5 * 60, 'about 2 hours 5 minutes'],
])('a wait of %i s reads %s', (seconds, words) => {
  expect(formatWait(seconds)).toBe(words);
});

test('times are worded in the house style with their zone', () => {
  expect(formatOpening('2030-07-01T09:05:00Z', { timeZone: 'Europe/London' })).toBe('Monday 1 July at 10:05am BST');
  expect(formatQueueTime('2030-01-01T12:00:00Z', { timeZone: 'Europe/London' })).toBe('12:00pm GMT');
  expect(formatOpening('not a date')).toBe('');
});

test('each state has its heading, sentence and one action', () => {
  expect(
    queueView({ state: 'before_opening', opens_at: '2030-01-01T12:00:00Z', early: true }, { timeZone: 'UTC' }),
  ).toMatchObject({
    heading: messages.queueHeading,
    message:
      'Sales open at Tuesday 1 January at 12:00pm UTC. Everyone here before then gets a random place in the queue.',
    figures: null,
    action: null,
    final: false,
  });
  expect(waiting(1233, 200)).toMatchObject({
    figures: { position: '1,234', ahead: '1,233', wait: 'about 4 minutes' },
    progress: { value: 0, max: 1234 },
    message: '1,233 people ahead of you. Estimated wait about 4 minutes.',
  });
  expect(waiting(1, 5).message).toBe('1 person ahead of you. Estimated wait less than a minute.');
  expect(waiting(0, 5).message).toBe('No one ahead of you. Estimated wait less than a minute.');
  expect(
    queueView(
      { state: 'admitted', pass_expires_at: '2030-01-01T12:10:00Z', return_url: '/checkout/' },
      { timeZone: 'UTC' },
    ),
  ).toMatchObject({
    heading: "It's your turn",
    action: 'continue',
    note: 'Your turn is kept until 12:10pm UTC.',
    final: true,
    returnUrl: '/checkout/',
  });
  expect(queueView({ state: 'turn_lost' })).toMatchObject({ action: 'rejoin', final: true, returnUrl: null });
  expect(queueView({ state: 'ended' })).toMatchObject({ action: 'checkout', final: true, returnUrl: '/checkout/' });
});

describe('the live region', () => {
  test('speaks on every change of state', () => {
    const turn = queueView({ state: 'admitted', pass_expires_at: '2030-01-01T12:10:00Z', return_url: '/checkout/' });
    expect(announcement(waiting(3, 30), turn, 1)).toBe(`It's your turn. ${messages.queueAdmitted}`);
  });

  test('stays quiet while only the figures move, and tells a changed wait at most once a minute', () => {
    const said = waiting(100, 600);
    expect(announcement(said, waiting(99, 594), 1)).toBeNull();
    expect(announcement(said, waiting(90, 540), 30)).toBeNull();
    expect(announcement(said, waiting(90, 540), 61)).toBe('90 people ahead of you. Estimated wait about 9 minutes.');
  });
});

test('the queue page script is at most 10 KiB gzipped (built with the production options)', () => {
  const script = pageScript(__dirname, 'queue');
  const gzipped = gzipSync(script.body, { level: 9 }).length;
  expect(gzipped).toBeLessThanOrEqual(10 * 1024);
  // Neither React nor zod ride along: the page is the smallest thing a buyer on an on-sale's day downloads.
  expect(script.body).not.toMatch(/react|ZodError/i);
});
