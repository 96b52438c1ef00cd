import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as effector from 'effector';
import * as effectorReact from 'effector-react';
import * as singleSpaReact from 'single-spa-react';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import {
  createInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { StepLocation } from '@checkout/shared';
import { IntegrityError, verifiedBytes } from './integrity';
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
  // react and react-dom are preact/compat here as on the page (tooling/webpack.cjs), shared at Preact's version.
  return {
    react: share(pinned.preact, React),
    'react/jsx-runtime': share(pinned.preact, ReactJsxRuntime),
    'react-dom': share(pinned.preact, ReactDOM),
    'react-dom/client': share(pinned.preact, ReactDOMClient),
    effector: share(pinned.effector, effector),
    'effector-react': share(pinned['effector-react'], effectorReact),
    'single-spa-react': share(pinned['single-spa-react'], singleSpaReact),
  };
}

/**
 * What a deployment's server build is trusted as: the bytes its pin names (`sha384-…` of its remoteEntry.js, the one
 * file the container is), or, where the operator opted out of pinning, whatever its URL serves.
 */
export type ServerBuildPin = { integrity: string } | { unpinned: true };

/** The pins of the registered deployments, and where a refusal is told (the runtime may wrap the loader's error). */
export interface ServerBuildPins {
  pinOf(name: string): ServerBuildPin | undefined;
  refused(name: string, error: IntegrityError): IntegrityError;
}

/**
 * Fetches a remote's server container, checks its bytes against the deployment's pin, and only then evaluates them as
 * the CommonJS module it is built as (what the runtime's own Node loader does, but through `node:vm` imported here: the
 * runtime's loader reaches `vm` and `path` with a dynamic import(), which fails inside a vm context such as the server
 * tests'). The code runs in this process, beside its secrets and database: bytes that are not the pinned build are
 * never evaluated, and a container registered without a pin is not loaded at all. The fetch has the page's time limit.
 */
export function nodeEntryLoader(timeoutMs: number, builds: ServerBuildPins): ModuleFederationRuntimePlugin {
  return {
    name: 'checkout-node-entry-loader',
    async loadEntry({ remoteInfo }) {
      const pin = builds.pinOf(remoteInfo.name);
      if (!pin) throw builds.refused(remoteInfo.name, new IntegrityError(`${remoteInfo.entry}: no pin`));
      // Code that will run in this process comes from the configured address only, never from where a redirect points.
      const response = await fetch(remoteInfo.entry, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (!response.ok) throw new Error(`${remoteInfo.entry}: HTTP ${response.status}`);
      const fetched = new Uint8Array(await response.arrayBuffer());
      let bytes: Uint8Array = fetched;
      try {
        if ('integrity' in pin) bytes = verifiedBytes(fetched, pin.integrity, remoteInfo.entry);
      } catch (error) {
        throw builds.refused(remoteInfo.name, error as IntegrityError);
      }
      const source = new TextDecoder().decode(bytes);
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

/** `refused`: the remote served a build that is not the pinned one (nothing of it ran). */
export type StepModuleResult =
  { kind: 'loaded'; module: unknown } | { kind: 'failed'; reason: string } | { kind: 'refused'; reason: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const pinKey = (pin: ServerBuildPin) => ('integrity' in pin ? pin.integrity : 'unpinned');

/**
 * Loads a step's module from a remote's server build (its remoteEntry.js for Node, fetched, checked against its pin and
 * evaluated by the federation runtime's Node loader) and keeps it for every later page. A remote's new URL or new pin
 * (a deployment) is loaded afresh; a failure is remembered for `retryAfterMs`, so a remote that is down costs one
 * wait, not one per page, and a build refused for its bytes is fetched again no more often.
 */
export function createStepRemote(options: StepRemoteOptions = {}) {
  const { timeoutMs = 1500, retryAfterMs = 30_000, now = Date.now } = options;
  let federation: ModuleFederation | null = null;
  /** Each remote's deployment now (its address and pin), and the name it is registered under. */
  const current = new Map<string, { deployment: string; name: string }>();
  /** Each registered name's pin, which the loader checks the fetched bytes against, and its deployment. */
  const pins = new Map<string, { pin: ServerBuildPin; deployment: string }>();
  /** The deployments whose fetched bytes were refused, with why. */
  const refusals = new Map<string, string>();
  let deployments = 0;
  // The runtime keeps loaded containers process-wide by name and address: a name of this loader's own, so a container
  // another loader took with another pin (or none) is never handed to this one.
  const loader = randomBytes(6).toString('hex');
  const loaded = new Map<string, Promise<unknown>>();
  const failed = new Map<string, { at: number; result: Extract<StepModuleResult, { reason: string }> }>();

  /**
   * The federation name of this deployment of the remote. Each deployment has its own, never re-registered over: a
   * page still waiting on the deployment before must get that deployment's step (the one its browser will load), not
   * the new one's, which the runtime would hand it had the name been moved to the new address.
   */
  function register(location: StepLocation, entry: string, pin: ServerBuildPin, deployment: string) {
    federation ??= createInstance({
      name: 'checkout_server',
      remotes: [],
      shared: sharedSingletons(),
      plugins: [
        nodeEntryLoader(timeoutMs, {
          pinOf: (name) => pins.get(name)?.pin,
          refused: (name, error) => {
            const registered = pins.get(name);
            if (registered) refusals.set(registered.deployment, error.message);
            return error;
          },
        }),
      ],
    });
    const known = current.get(location.remote);
    if (known?.deployment === deployment) return { federation, name: known.name };
    deployments += 1;
    const name = `${location.remote}_${loader}_deployment_${deployments}`;
    pins.set(name, { pin, deployment });
    federation.registerRemotes([{ name, entry }]);
    current.set(location.remote, { deployment, name });
    // The deployment before is not asked for again: its modules and failures go, so a remote deployed every day
    // does not keep every version it ever served.
    if (known)
      for (const cache of [loaded, failed])
        for (const key of cache.keys()) if (key.startsWith(`${known.deployment}#`)) cache.delete(key);
    return { federation, name };
  }

  return async function load(location: StepLocation, entry: string, pin: ServerBuildPin): Promise<StepModuleResult> {
    const deployment = `${entry} ${pinKey(pin)}`;
    const key = `${deployment}#${location.module}`;
    const failure = failed.get(key);
    if (failure && now() - failure.at < retryAfterMs) return failure.result;
    let loading = loaded.get(key);
    if (!loading) {
      const { federation: instance, name } = register(location, entry, pin, deployment);
      // The runtime remembers a container that failed to load: registered again, it is fetched afresh.
      if (failure) instance.registerRemotes([{ name, entry }], { force: true });
      refusals.delete(deployment);
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
      const refusal = refusals.get(deployment);
      const reason = `${location.remote} ${location.module} from ${entry}: ${refusal ?? describe(error)}`;
      const result = refusal ? ({ kind: 'refused', reason } as const) : ({ kind: 'failed', reason } as const);
      // Only this load's own record: a page waiting on an older load must not drop a newer one, nor a deployment's.
      if (loaded.get(key) === loading) loaded.delete(key);
      if (current.get(location.remote)?.deployment === deployment) failed.set(key, { at: now(), result });
      return result;
    } finally {
      clearTimeout(timer);
    }
  };
}
