import {
  type Admission,
  admissionTimeOf,
  admittedThrough,
  estimatedWaitSeconds,
  passExpiryOf,
  rebased,
  statusFor,
} from './admission';

const OPENS = new Date('2030-01-01T12:00:00Z');
const at = (seconds: number) => new Date(OPENS.getTime() + seconds * 1000);

function admission(rate: number, more: Partial<Admission> = {}): Admission {
  return { opensAt: OPENS, endsAt: null, ratePerSecond: rate, passSeconds: 600, baseAt: OPENS, baseCount: 1, ...more };
}

test.each([
  // rate, seconds after the opening, admitted through
  [10, -0.001, 0],
  [10, -60, 0],
  [10, 0, 1],
  [10, 0.099, 1],
  [10, 0.1, 2],
  [10, 1, 11],
  [0.5, 0, 1],
  [0.5, 1.999, 1],
  [0.5, 2, 2],
  [0.1, 30, 4],
  [10000, 1, 10001],
])('at %p per second, %p s after the opening, places up to %p are admitted', (rate, seconds, through) => {
  expect(admittedThrough(admission(rate), at(seconds))).toBe(through);
});

test.each([
  // rate, position, seconds after the opening it is admitted
  [10, 1, 0],
  [10, 2, 0.1],
  [10, 11, 1],
  [2, 5, 2],
])('at %p per second, place %p is admitted %p s after the opening', (rate, position, seconds) => {
  const a = admission(rate);
  expect(admissionTimeOf(a, position).getTime()).toBe(at(seconds).getTime());
  expect(admittedThrough(a, admissionTimeOf(a, position))).toBeGreaterThanOrEqual(position);
  expect(passExpiryOf(a, position).getTime()).toBe(at(seconds + 600).getTime());
});

test.each([
  // rate, position, seconds after the opening, estimated wait
  [10, 101, 0, 10],
  [10, 101, 5, 5],
  [10, 101, 9.95, 1],
  [3, 11, 0, 4],
])('at %p per second, place %p, %p s after the opening, waits about %p s', (rate, position, seconds, wait) => {
  expect(estimatedWaitSeconds(admission(rate), position, at(seconds))).toBe(wait);
});

describe('a rate change', () => {
  test.each([
    // old rate, new rate, seconds after the opening of the change
    [10, 1, 7.35],
    [1, 100, 3],
    [2.5, 0.1, 12.2],
    [100, 100, 0],
  ])('from %p to %p per second at %p s un-admits no one and counts on at the new rate', (from, to, seconds) => {
    const before = admission(from);
    const change = at(seconds);
    const after = rebased(before, to, change);
    expect(admittedThrough(after, change)).toBe(admittedThrough(before, change));
    for (const later of [0.001, 0.5, 1, 10, 100]) {
      const t = new Date(change.getTime() + later * 1000);
      expect(admittedThrough(after, t)).toBeGreaterThanOrEqual(admittedThrough(before, change));
      expect(admittedThrough(after, t)).toBe(Math.floor(after.baseCount + later * to + 1e-9));
    }
  });

  test('before the opening changes the rate only', () => {
    const after = rebased(admission(10), 2, at(-30));
    expect(after).toEqual(admission(2));
  });

  test('a place admitted before the change keeps its pass window from the change at least', () => {
    const after = rebased(admission(100), 1, at(50));
    // Place 4,000 was admitted at about 40 s at the old rate; it is counted from the change, never before the base.
    expect(admissionTimeOf(after, 4000).getTime()).toBe(at(50).getTime());
  });
});

describe('the status of a place', () => {
  const entry = (position: number | null, more: { pass_expires_at?: Date; pass_used_at?: Date } = {}) => ({
    position,
    joined_at: at(-100),
    pass_expires_at: more.pass_expires_at ?? null,
    pass_used_at: more.pass_used_at ?? null,
  });
  const a = admission(10, { passSeconds: 60 });

  test.each([
    ['before the opening', entry(null), -5, { state: 'before_opening', opens_at: OPENS.toISOString(), early: true }],
    ['waiting', entry(51), 2, { state: 'waiting', position: 51, ahead: 29, estimated_wait_seconds: 3 }],
    ['admitted', entry(21), 2, { state: 'admitted', pass_expires_at: at(62).toISOString(), return_url: '/checkout/' }],
    ['turn lost', entry(21), 62, { state: 'turn_lost' }],
    ['issued pass keeps its expiry', entry(21, { pass_expires_at: at(70) }), 65, { state: 'admitted' }],
    ['used pass', entry(21, { pass_expires_at: at(70), pass_used_at: at(3) }), 4, { state: 'turn_lost' }],
    ['ended', entry(21), -5, { state: 'ended' }],
    [
      'late arrival at a short queue: its window from its arrival',
      { ...entry(21), joined_at: at(30) },
      89,
      { state: 'admitted', pass_expires_at: at(90).toISOString() },
    ],
  ])('%s', (_name, place, seconds, expected) => {
    const onsale = _name === 'ended' ? { ...a, endsAt: at(-10) } : a;
    expect(statusFor(onsale, place, at(seconds))).toMatchObject(expected);
  });
});
