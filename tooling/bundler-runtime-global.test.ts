import type { Federation } from '@module-federation/webpack-bundler-runtime';
import type * as BundlerRuntimeGlobal from './bundler-runtime-global';
import type { ProvidedBundlerRuntime } from './bundler-runtime-global';

// What tooling/webpack.cjs defines in both builds from the installed package.
const scope = globalThis as typeof globalThis & {
  FEDERATION_BUNDLER_RUNTIME_VERSION?: string;
  _FEDERATION_BUNDLER_RUNTIME?: ProvidedBundlerRuntime;
};

/** A stand-in for the shell's bundler runtime: only its identity matters here. */
function shellsBundlerRuntime(): Omit<ProvidedBundlerRuntime, 'version'> {
  const consumes = jest.fn();
  return {
    bundlerRuntime: { consumes, S: { default: {} } } as unknown as ProvidedBundlerRuntime['bundlerRuntime'],
    attachShareScopeMap: jest.fn(),
  };
}

function load<T>(module: string): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(module) as T;
  });
  return loaded as T;
}

type Global = typeof BundlerRuntimeGlobal;

beforeEach(() => {
  scope.FEDERATION_BUNDLER_RUNTIME_VERSION = '2.9.2';
  delete scope._FEDERATION_BUNDLER_RUNTIME;
});
afterAll(() => {
  delete scope.FEDERATION_BUNDLER_RUNTIME_VERSION;
  delete scope._FEDERATION_BUNDLER_RUNTIME;
});

describe("the shell's bundler runtime lent to the remotes", () => {
  test('a remote takes the one the shell published, of its own version', () => {
    const shell = shellsBundlerRuntime();
    load<Global>('./bundler-runtime-global').publishBundlerRuntime(shell);
    const provided = load<Global>('./bundler-runtime-global').providedBundlerRuntime();
    expect(provided.bundlerRuntime).toBe(shell.bundlerRuntime);
    expect(provided.version).toBe('2.9.2');
  });

  test('no shell on the page: the remote refuses to start, saying why', () => {
    expect(() => load<Global>('./bundler-runtime-global').providedBundlerRuntime()).toThrow(
      'this remote runs inside the checkout shell only',
    );
  });

  test('a shell built with another version: refused, naming both', () => {
    scope.FEDERATION_BUNDLER_RUNTIME_VERSION = '2.8.0';
    load<Global>('./bundler-runtime-global').publishBundlerRuntime(shellsBundlerRuntime());
    scope.FEDERATION_BUNDLER_RUNTIME_VERSION = '2.9.2';
    expect(() => load<Global>('./bundler-runtime-global').providedBundlerRuntime()).toThrow(
      "The shell's federation bundler runtime is 2.8.0, this remote was built with 2.9.2",
    );
  });

  test("the remote's federation object: the shell's functions, its own share scopes and its own runtime init", () => {
    const shell = shellsBundlerRuntime();
    load<Global>('./bundler-runtime-global').publishBundlerRuntime(shell);
    const federation = load<{ default: Federation }>('./borrow-bundler-runtime').default;
    expect(federation.bundlerRuntime?.consumes).toBe(shell.bundlerRuntime.consumes);
    expect(federation.attachShareScopeMap).toBe(shell.attachShareScopeMap);
    expect(federation.bundlerRuntime?.S).toEqual({});
    expect(federation.bundlerRuntime?.S).not.toBe(shell.bundlerRuntime.S);
    expect(typeof federation.runtime?.init).toBe('function');
  });
});
