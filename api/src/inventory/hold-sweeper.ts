import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { expireHolds, type SweepResult } from './holds';
import { type Periodic, startPeriodic } from '../jobs/periodic';

export type HoldSweeper = Periodic<SweepResult>;

export interface HoldSweeperOptions {
  db: Db;
  clock: Clock;
  intervalMs: number;
  onError: (error: unknown) => void;
  onSwept?: (result: SweepResult) => void;
}

/** Expires lapsed holds every `intervalMs`; runs never overlap within one process (replicas are safe anyway). */
export function startHoldSweeper(options: HoldSweeperOptions): HoldSweeper {
  return startPeriodic({
    run: () => expireHolds(options.db, options.clock.now()),
    intervalMs: options.intervalMs,
    onError: options.onError,
    onResult: options.onSwept,
    worthTelling: (result) => result.tickets > 0,
  });
}
