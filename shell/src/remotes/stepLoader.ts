import type { StepLocation } from '@checkout/shared';
import type { StepParcel } from '@checkout/shared/parcel';
import { describeError, isRemoteLoadFallback, type StepLoadFailure } from './failure';
import type { Federation } from './federation';

export type StepLoadResult = { kind: 'ready'; parcel: StepParcel } | { kind: 'failed'; failure: StepLoadFailure };

export interface StepLoader {
  /** The step's parcel, trying a few times with backoff; `fresh` first forgets an earlier failed load (Retry). */
  load(location: StepLocation, options?: { fresh?: boolean }): Promise<StepLoadResult>;
  /** Loads the step ahead of time, quietly: the likely next step while the buyer is on the current one. */
  prefetch(location: StepLocation): void;
}

export interface StepLoaderOptions {
  federation: Federation;
  /** The shell's CONTRACT_VERSION: a remote built against another one is refused before it mounts. */
  contractVersion: number;
  /** Tries per load, the first included. */
  attempts?: number;
  /** Wait before the second try; each later wait is three times longer. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onFailure?: (failure: StepLoadFailure) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isParcel(value: unknown): value is StepParcel {
  if (typeof value !== 'object' || value === null) return false;
  const { bootstrap, mount, unmount } = value as Record<string, unknown>;
  return typeof bootstrap === 'function' && typeof mount === 'function' && typeof unmount === 'function';
}

/** The exposed module './basket' exports the parcel `basket` and `contractVersion`. */
function readModule(location: StepLocation, loaded: unknown, contractVersion: number): StepLoadResult {
  const base = { remote: location.remote, module: location.module };
  if (isRemoteLoadFallback(loaded))
    return { kind: 'failed', failure: { kind: 'unavailable', ...base, message: loaded.message } };
  const exports = (typeof loaded === 'object' && loaded !== null ? loaded : {}) as Record<string, unknown>;
  if (exports.contractVersion !== contractVersion) {
    const message = `built against contract ${String(exports.contractVersion)}, the shell speaks ${contractVersion}`;
    return { kind: 'failed', failure: { kind: 'contract', ...base, message } };
  }
  const parcel = exports[location.module.replace(/^\.\//, '')];
  if (!isParcel(parcel))
    return { kind: 'failed', failure: { kind: 'contract', ...base, message: 'no parcel exported for this state' } };
  return { kind: 'ready', parcel };
}

/**
 * The retries are ours rather than @module-federation/retry-plugin's: the registry this project installs from holds
 * that plugin only in 0.13 and 0.17, built for the 0.x federation runtime (ours is 2.9), and a retry here has more to
 * do than fetch again: it forgets the remote's cached entry and manifest (a redeploy may have moved its files) and
 * checks the contract version and the step's parcel of what it loaded.
 */
export function createStepLoader(options: StepLoaderOptions): StepLoader {
  const { federation, contractVersion, attempts = 3, backoffMs = 300, sleep = wait, onFailure } = options;
  const loads = new Map<string, Promise<StepLoadResult>>();
  const failedRemotes = new Set<string>();

  async function attempt(location: StepLocation): Promise<StepLoadResult> {
    let result: StepLoadResult | undefined;
    for (let tried = 0; tried < attempts; tried += 1) {
      if (tried > 0) await sleep(backoffMs * 3 ** (tried - 1));
      if (tried > 0 || failedRemotes.has(location.remote)) federation.forget(location.remote);
      try {
        result = readModule(location, await federation.load(location.remote, location.module), contractVersion);
      } catch (error) {
        result = {
          kind: 'failed',
          failure: {
            kind: 'unavailable',
            remote: location.remote,
            module: location.module,
            message: describeError(error),
          },
        };
      }
      // A remote of the wrong contract will not change by asking again now.
      if (result.kind === 'ready' || result.failure.kind === 'contract') break;
    }
    return (
      result ?? {
        kind: 'failed',
        failure: { kind: 'unavailable', remote: location.remote, module: location.module, message: 'not tried' },
      }
    );
  }

  function load(location: StepLocation, { fresh = false } = {}): Promise<StepLoadResult> {
    const key = `${location.remote}/${location.module}`;
    if (fresh) {
      // Retry: whatever went wrong (the load, or the parcel's mount), the remote may have been redeployed since.
      loads.delete(key);
      failedRemotes.add(location.remote);
    }
    const known = loads.get(key);
    if (known) return known;
    const loading = attempt(location).then((result) => {
      if (result.kind === 'ready') {
        failedRemotes.delete(location.remote);
      } else {
        // Not cached: the next load (Retry, or the step shown again) starts over.
        loads.delete(key);
        failedRemotes.add(location.remote);
        onFailure?.(result.failure);
      }
      return result;
    });
    loads.set(key, loading);
    return loading;
  }

  return {
    load,
    prefetch(location) {
      // The remote's module, then the step's own chunk when the step is split off (lazyStepParcel's preload).
      void load(location).then((result) => {
        if (result.kind !== 'ready') return;
        const { preload } = result.parcel as { preload?: unknown };
        if (typeof preload === 'function') preload.call(result.parcel);
      });
    },
  };
}
