import type { Clock } from '../clock';
import type { Db } from '../db/schema';
import { expireHolds, type SweepResult } from '../inventory/holds';

export interface HoldSweeper {
  /** Runs a sweep now (or joins the one already running). */
  sweepNow(): Promise<SweepResult>;
  stop(): Promise<void>;
}

export interface HoldSweeperOptions {
  db: Db;
  clock: Clock;
  intervalMs: number;
  onError: (error: unknown) => void;
  onSwept?: (result: SweepResult) => void;
}

/** Expires lapsed holds every `intervalMs`; runs never overlap within one process (replicas are safe anyway). */
export function startHoldSweeper(options: HoldSweeperOptions): HoldSweeper {
  let running: Promise<SweepResult> | undefined;
  let stopped = false;

  const sweepNow = (): Promise<SweepResult> => {
    running ??= expireHolds(options.db, options.clock.now())
      .then((result) => {
        if (result.tickets > 0) options.onSwept?.(result);
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (stopped) return;
    sweepNow().catch(options.onError);
  }, options.intervalMs);
  timer.unref();

  return {
    sweepNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
