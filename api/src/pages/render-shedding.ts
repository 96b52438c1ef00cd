import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';

/**
 * Whether this page may be rendered on the server now. Rendering runs on the api's event loop, and on an on-sale every
 * page is a basket page: under that load the server render is the first thing to give up, since the browser renders
 * the same page anyway. It is refused while too many renders are already waiting (a remote's server build loading,
 * say), or while the event loop is running late (its delay over the last window), so reservations keep the loop.
 */
export interface RenderShedding {
  /** A release function when the render may go ahead (call it once the render is over), or null: serve it plain. */
  admit(): (() => void) | null;
  /** Stops sampling the event loop (the app's close). */
  stop(): void;
}

export interface RenderSheddingOptions {
  /** Renders at once; past it the page is served for the browser to render. */
  maxInFlight?: number;
  /** The event loop's delay (p99 over the last window, ms) past which renders are refused. */
  maxLagMs?: number;
  /** How often the delay is read and its window restarted. */
  windowMs?: number;
  /** The delay source (tests give their own); by default perf_hooks' monitorEventLoopDelay. */
  lagP99Ms?: () => number;
}

/** The p99 of the event loop's delay over windows of `windowMs`, from Node's own histogram. */
function eventLoopLag(windowMs: number): { read(): number; stop(): void } {
  const histogram: ELDHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = 0;
  const timer = setInterval(() => {
    // Nanoseconds; the histogram's floor is its resolution, so an idle loop reads about 10 ms.
    last = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    read: () => last,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export function createRenderShedding(options: RenderSheddingOptions = {}): RenderShedding {
  const maxInFlight = options.maxInFlight ?? 8;
  const maxLagMs = options.maxLagMs ?? 100;
  const lag = options.lagP99Ms
    ? { read: options.lagP99Ms, stop: () => undefined }
    : eventLoopLag(options.windowMs ?? 1000);
  let inFlight = 0;
  return {
    admit() {
      if (inFlight >= maxInFlight || lag.read() > maxLagMs) return null;
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
      };
    },
    stop: () => lag.stop(),
  };
}
