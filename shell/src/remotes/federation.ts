import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { describeError, type RemoteLoadFallback } from './failure';

/** Where each remote's manifest lives, from /remotes.json: deploying a remote changes a URL, not the shell. */
export type RemoteEntries = Readonly<Record<string, { entry: string }>>;

/**
 * Module Federation's hook for a remote that fails anywhere on the way (manifest, remoteEntry, chunk): instead of an
 * exception, the load resolves to a tagged fallback the shell turns into its 'could not be loaded' panel.
 */
export function offlineFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'checkout-offline-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Earlier stages expect a manifest or request args back; let them fail on to 'onLoad', the one that takes a module.
      if (lifecycle !== 'onLoad') return undefined;
      const fallback: RemoteLoadFallback = { __remoteLoadFailed: true, id, message: describeError(error) };
      return fallback;
    },
  };
}

/** The page's federation runtime, behind a small interface so the step loader can be tested without one. */
export interface Federation {
  /** Loads `<remote>/<module>`; resolves to the module, or to a RemoteLoadFallback. */
  load(remote: string, module: string): Promise<unknown>;
  /** Forgets everything about a remote (entry, manifest, container) so the next load starts afresh. */
  forget(remote: string): void;
}

export function createFederation(entries: RemoteEntries): Federation {
  registerPlugins([offlineFallbackPlugin()]);
  const remotes = Object.entries(entries).map(([name, { entry }]) => ({ name, entry }));
  registerRemotes(remotes);
  return {
    load: (remote, module) => loadRemote<unknown>(`${remote}/${module.replace(/^\.\//, '')}`),
    forget(remote) {
      const known = remotes.find((r) => r.name === remote);
      // force: the runtime drops the failed entry's caches and container before registering it again.
      if (known) registerRemotes([{ ...known }], { force: true });
    },
  };
}
