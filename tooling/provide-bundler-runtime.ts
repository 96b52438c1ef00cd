import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { publishBundlerRuntime } from './bundler-runtime-global';

/**
 * The shell's runtime plugin that lends its webpack bundler runtime to the remotes, as the inject-external-runtime-core
 * plugin lends the runtime core: a remote's remoteEntry.js then carries neither (borrow-bundler-runtime.ts).
 */
export default function provideBundlerRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'checkout-provide-bundler-runtime',
    beforeInit(args) {
      // The shell exposes nothing, so its build leaves initContainerEntry out of its bundler runtime: a remote needs it.
      publishBundlerRuntime({ bundlerRuntime: { ...bundlerRuntime, initContainerEntry }, attachShareScopeMap });
      return args;
    },
  };
}
