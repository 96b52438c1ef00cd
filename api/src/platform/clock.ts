/** Time as a dependency: the server reads the time only through a Clock, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move (tests). */
export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = '2030-01-01T12:00:00Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
