import type { Onsale, QueueEntry } from '../db/schema';

/**
 * Who an on-sale has admitted, computed from its row and the clock alone: no background job, so every api replica
 * gives the same answer. Positions are 1-based; the first place is admitted at the opening.
 */
export interface Admission {
  opensAt: Date;
  endsAt: Date | null;
  ratePerSecond: number;
  passSeconds: number;
  /** The moment and the (real) admitted count the rate counts on from; a rate change moves them. */
  baseAt: Date;
  baseCount: number;
}

export function admissionOf(
  row: Pick<
    Onsale,
    'opens_at' | 'ends_at' | 'admission_per_second' | 'pass_seconds' | 'admission_base_at' | 'admission_base_count'
  >,
): Admission {
  return {
    opensAt: row.opens_at,
    endsAt: row.ends_at,
    ratePerSecond: Number(row.admission_per_second),
    passSeconds: row.pass_seconds,
    baseAt: row.admission_base_at,
    baseCount: Number(row.admission_base_count),
  };
}

/** The admitted count as a real number (0 before the opening): the base for a rate change. */
export function admittedCount(a: Admission, now: Date): number {
  if (now.getTime() < a.opensAt.getTime()) return 0;
  const elapsed = Math.max(0, now.getTime() - a.baseAt.getTime()) / 1000;
  return a.baseCount + elapsed * a.ratePerSecond;
}

/** Every position up to this one is admitted. */
export function admittedThrough(a: Admission, now: Date): number {
  // The rounding guard keeps 0.1 × 30 from landing just under 3.
  return Math.floor(admittedCount(a, now) + 1e-9);
}

export function isEnded(a: Admission, now: Date): boolean {
  return a.endsAt !== null && a.endsAt.getTime() <= now.getTime();
}

/**
 * When position p is (or was) admitted: its turn by the rate, or its arrival when the queue had already moved past
 * it (an arrival at a short queue is admitted at once). A place admitted before the last rate change counts from
 * that change: its real moment is not kept, and an organiser's change should not cost anyone the turn.
 */
export function admissionTimeOf(a: Admission, position: number, joinedAt?: Date): Date {
  const seconds = Math.max(0, position - a.baseCount) / a.ratePerSecond;
  const byRate = a.baseAt.getTime() + Math.ceil(seconds * 1000);
  return new Date(Math.max(byRate, joinedAt?.getTime() ?? byRate));
}

/** The pass of position p lapses this long after its admission. */
export function passExpiryOf(a: Admission, position: number, joinedAt?: Date): Date {
  return new Date(admissionTimeOf(a, position, joinedAt).getTime() + a.passSeconds * 1000);
}

/** Seconds until an unadmitted position is admitted, rounded up. */
export function estimatedWaitSeconds(a: Admission, position: number, now: Date): number {
  const elapsed = (now.getTime() - a.baseAt.getTime()) / 1000;
  return Math.max(0, Math.ceil((position - a.baseCount) / a.ratePerSecond - elapsed - 1e-9));
}

/**
 * The on-sale's admission after the organiser sets a new rate at `now`: from the opening on, the count admitted so far
 * becomes the base, so no one admitted is un-admitted; before the opening only the rate changes.
 */
export function rebased(a: Admission, ratePerSecond: number, now: Date): Admission {
  if (now.getTime() < a.opensAt.getTime()) return { ...a, ratePerSecond };
  return { ...a, ratePerSecond, baseAt: now, baseCount: admittedCount(a, now) };
}

/** What the queue page shows (the shared zod schema `queueStatus` describes the same answer). */
export type QueueStatus =
  | { state: 'before_opening'; opens_at: string; early: true }
  | { state: 'waiting'; position: number; ahead: number; estimated_wait_seconds: number }
  | { state: 'admitted'; pass_expires_at: string; return_url: '/checkout/' }
  | { state: 'turn_lost' }
  | { state: 'ended' };

export type QueuePlace = Pick<QueueEntry, 'position' | 'joined_at' | 'pass_expires_at' | 'pass_used_at'>;

/**
 * A browser's status from its entry, the on-sale and the clock. An entry not yet placed (an early arrival before the
 * opening placed everyone) shows the opening. A pass used by a reservation ends the turn: a buyer whose reservation
 * lapsed or was given back queues again.
 */
export function statusFor(a: Admission, entry: QueuePlace, now: Date): QueueStatus {
  if (isEnded(a, now)) return { state: 'ended' };
  if (entry.position === null || now.getTime() < a.opensAt.getTime())
    return { state: 'before_opening', opens_at: a.opensAt.toISOString(), early: true };
  const through = admittedThrough(a, now);
  if (entry.position > through) {
    return {
      state: 'waiting',
      position: entry.position,
      ahead: Math.max(0, entry.position - 1 - through),
      estimated_wait_seconds: estimatedWaitSeconds(a, entry.position, now),
    };
  }
  if (entry.pass_used_at !== null) return { state: 'turn_lost' };
  const expires = entry.pass_expires_at ?? passExpiryOf(a, entry.position, entry.joined_at);
  if (now.getTime() >= expires.getTime()) return { state: 'turn_lost' };
  return { state: 'admitted', pass_expires_at: expires.toISOString(), return_url: '/checkout/' };
}
