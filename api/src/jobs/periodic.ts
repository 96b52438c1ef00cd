/** A task run every `intervalMs` and on demand, never two runs at once in one process. */
export interface Periodic<T> {
  /** Runs the task now (or joins the run already going). */
  sweepNow(): Promise<T>;
  stop(): Promise<void>;
}

export interface PeriodicOptions<T> {
  run: () => Promise<T>;
  intervalMs: number;
  onError: (error: unknown) => void;
  /** Told of a run's result when `worthTelling` says it did something. */
  onResult?: (result: T) => void;
  worthTelling?: (result: T) => boolean;
}

/** The timer does not keep the process alive; stop() waits for a run in progress. */
export function startPeriodic<T>(options: PeriodicOptions<T>): Periodic<T> {
  let running: Promise<T> | undefined;
  let stopped = false;

  const sweepNow = (): Promise<T> => {
    running ??= options
      .run()
      .then((result) => {
        if (options.worthTelling?.(result) ?? true) options.onResult?.(result);
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
