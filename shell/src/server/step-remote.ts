import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as effector from 'effector';
import * as effectorReact from 'effector-react';
import * as singleSpaReact from 'single-spa-react';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import {
  createInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { StepLocation } from '@checkout/shared';
import shellPackage from '../../package.json';

/**
 * The share scope the remotes' server builds take their singletons from: this renderer's own copies, so the step and
 * the shell's frame render with one React and one effector (a step's units in the shell's scope), as on the page.
 */
function sharedSingletons() {
  const pinned = shellPackage.dependencies;
  const share = (version: string, lib: unknown) => ({
    version,
    lib: () => lib,
    shareConfig: { singleton: true, requiredVersion: version, strictVersion: true },
  });
  return {
    react: share(pinned.react, React),
    'react/jsx-runtime': share(pinned.react, ReactJsxRuntime),
    'react-dom': share(pinned['react-dom'], ReactDOM),
    'react-dom/client': share(pinned['react-dom'], ReactDOMClient),
    effector: share(pinned.effector, effector),
    'effector-react': share(pinned['effector-react'], effectorReact),
    'single-spa-react': share(pinned['single-spa-react'], singleSpaReact),
  };
}

/**
 * Fetches a remote's server container and evaluates it as the CommonJS module it is built as (what the runtime's own
 * Node loader does, but through `node:vm` imported here: the runtime's loader reaches `vm` and `path` with a dynamic
 * import(), which fails inside a vm context such as the server tests'). The fetch has the page's time limit.
 */
export function nodeEntryLoader(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'checkout-node-entry-loader',
    async loadEntry({ remoteInfo }) {
      // Code that will run in this process comes from the configured address only, never from where a redirect points.
      const response = await fetch(remoteInfo.entry, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (!response.ok) throw new Error(`${remoteInfo.entry}: HTTP ${response.status}`);
      const source = await response.text();
      const module: { exports: unknown } = { exports: {} };
      // The container as webpack writes a CommonJS module: a function of (exports, module, require).
      type CommonJsBody = (exports: unknown, module: { exports: unknown }, require: NodeJS.Require) => void;
      const evaluate = new Script(`(function (exports, module, require) {${source}\n})`, {
        filename: remoteInfo.entry,
      }).runInThisContext() as CommonJsBody;
      evaluate(module.exports, module, createRequire(`${process.cwd()}/`));
      return module.exports as ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>;
    },
  };
}

export interface StepRemoteOptions {
  /** How long a request waits for a remote not loaded yet; the page is served without the step after that. */
  timeoutMs?: number;
  /** After a failure, how long before the remote is tried again (meanwhile pages are served without asking). */
  retryAfterMs?: number;
  now?: () => number;
}

export type StepModuleResult = { kind: 'loaded'; module: unknown } | { kind: 'failed'; reason: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loads a step's module from a remote's server build (its remoteEntry.js for Node, fetched and evaluated by the
 * federation runtime's Node loader) and keeps it for every later page. A remote's new URL (a deployment) is loaded
 * afresh; a failure is remembered for `retryAfterMs`, so a remote that is down costs one wait, not one per page.
 */
export function createStepRemote(options: StepRemoteOptions = {}) {
  const { timeoutMs = 1500, retryAfterMs = 30_000, now = Date.now } = options;
  let federation: ModuleFederation | null = null;
  /** Each remote's address now, and the name its deployment is registered under. */
  const current = new Map<string, { entry: string; name: string }>();
  let deployments = 0;
  const loaded = new Map<string, Promise<unknown>>();
  const failed = new Map<string, { at: number; reason: string }>();

  /**
   * The federation name of this deployment of the remote. Each deployment has its own, never re-registered over: a
   * page still waiting on the deployment before must get that deployment's step (the one its browser will load), not
   * the new one's, which the runtime would hand it had the name been moved to the new address.
   */
  function register(location: StepLocation, entry: string): { federation: ModuleFederation; name: string } {
    federation ??= createInstance({
      name: 'checkout_server',
      remotes: [],
      shared: sharedSingletons(),
      plugins: [nodeEntryLoader(timeoutMs)],
    });
    const known = current.get(location.remote);
    if (known?.entry === entry) return { federation, name: known.name };
    deployments += 1;
    const name = `${location.remote}_deployment_${deployments}`;
    federation.registerRemotes([{ name, entry }]);
    current.set(location.remote, { entry, name });
    // The deployment before is not asked for again: its modules and failures go, so a remote deployed every day
    // does not keep every version it ever served.
    if (known)
      for (const cache of [loaded, failed])
        for (const key of cache.keys()) if (key.startsWith(`${known.entry}#`)) cache.delete(key);
    return { federation, name };
  }

  return async function load(location: StepLocation, entry: string): Promise<StepModuleResult> {
    const key = `${entry}#${location.module}`;
    const failure = failed.get(key);
    if (failure && now() - failure.at < retryAfterMs) return { kind: 'failed', reason: failure.reason };
    let loading = loaded.get(key);
    if (!loading) {
      const { federation: instance, name } = register(location, entry);
      // The runtime remembers a container that failed to load: registered again, it is fetched afresh.
      if (failure) instance.registerRemotes([{ name, entry }], { force: true });
      loading = instance.loadRemote<unknown>(`${name}/${location.module.replace(/^\.\//, '')}`);
      loaded.set(key, loading);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not loaded within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const module = await Promise.race([loading, timeout]);
      if (module === null || module === undefined) throw new Error('the remote answered no module');
      failed.delete(key);
      return { kind: 'loaded', module };
    } catch (error) {
      const reason = `${location.remote} ${location.module} from ${entry}: ${describe(error)}`;
      // Only this load's own record: a page waiting on an older load must not drop a newer one, nor a deployment's.
      if (loaded.get(key) === loading) loaded.delete(key);
      if (current.get(location.remote)?.entry === entry) failed.set(key, { at: now(), reason });
      return { kind: 'failed', reason };
    } finally {
      clearTimeout(timer);
    }
  };
}
