import type { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

/**
 * Where the shell publishes its webpack bundler runtime for the remotes (provide-bundler-runtime.ts), and how a remote
 * takes it (borrow-bundler-runtime.ts). The bundler runtime is the set of functions webpack's federation runtime
 * modules call (consumes, remotes, initializeSharing, initContainerEntry, init); they keep no state of their own, each
 * is handed the calling build's __webpack_require__, so one copy serves every build on the page.
 */

/** The version both builds were made with (tooling/webpack.cjs defines it from the installed package). */
declare const FEDERATION_BUNDLER_RUNTIME_VERSION: string;

export interface ProvidedBundlerRuntime {
  version: string;
  bundlerRuntime: typeof bundlerRuntime;
  attachShareScopeMap: typeof attachShareScopeMap;
}

const KEY = '_FEDERATION_BUNDLER_RUNTIME';

type WithProvided = typeof globalThis & { [KEY]?: ProvidedBundlerRuntime };

export function publishBundlerRuntime(provided: Omit<ProvidedBundlerRuntime, 'version'>): void {
  (globalThis as WithProvided)[KEY] ??= { version: FEDERATION_BUNDLER_RUNTIME_VERSION, ...provided };
}

/**
 * The shell's bundler runtime. Throws when there is none or it is another version: the remote's entry then fails to
 * start, and the shell shows its 'could not be loaded' panel rather than running a runtime the remote was not built for.
 */
export function providedBundlerRuntime(): ProvidedBundlerRuntime {
  const provided = (globalThis as WithProvided)[KEY];
  if (!provided)
    throw new Error('No federation bundler runtime on the page: this remote runs inside the checkout shell only');
  if (provided.version !== FEDERATION_BUNDLER_RUNTIME_VERSION)
    throw new Error(
      `The shell's federation bundler runtime is ${provided.version}, this remote was built with ${FEDERATION_BUNDLER_RUNTIME_VERSION}`,
    );
  return provided;
}
