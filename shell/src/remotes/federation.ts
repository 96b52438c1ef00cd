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

/**
 * A server-rendered page carries the first step's stylesheet inline, as `<style data-href="<its URL>">`
 * (api/src/pages/inline-styles.ts). webpack's CSS chunk loading takes that for the stylesheet; the federation
 * runtime, which links a remote's stylesheets from its manifest when it loads the remote, looks only for <link>
 * elements: this leaves the inlined ones out of what it loads, so they are not downloaded a second time.
 */
export function inlinedStylesPlugin(document: Pick<Document, 'querySelectorAll'>): ModuleFederationRuntimePlugin {
  const inlined = (url: string) =>
    [...document.querySelectorAll('style[data-href]')].some((style) => style.getAttribute('data-href') === url);
  return {
    name: 'checkout-inlined-styles',
    beforePreloadRemote({ preloadOps }) {
      for (const op of preloadOps) {
        const { filter } = op;
        op.filter = (url) => !inlined(url) && (filter ? filter(url) : true);
      }
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
  registerPlugins([offlineFallbackPlugin(), inlinedStylesPlugin(document)]);
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
