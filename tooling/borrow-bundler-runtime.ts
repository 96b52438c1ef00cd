import { init } from '@module-federation/enhanced/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
import { providedBundlerRuntime } from './bundler-runtime-global';

/**
 * What a remote's federation entry imports in place of @module-federation/webpack-bundler-runtime (tooling/webpack.cjs
 * swaps it in): the same object, built on the shell's bundler runtime. The remote keeps its own `init` of
 * @module-federation/runtime (all the bundler runtime calls of it): that module remembers the instance it creates, and
 * the shell's must stay the shell's.
 */
const provided = providedBundlerRuntime();

const federation: Omit<Federation, 'runtime'> & { runtime: Pick<NonNullable<Federation['runtime']>, 'init'> } = {
  runtime: { init },
  instance: undefined,
  initOptions: undefined,
  // S is the one field of the bundler runtime that is state: this build's own, as the package gives every build.
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
