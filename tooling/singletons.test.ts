import { readFileSync } from 'node:fs';
import path from 'node:path';

// The webpack config is CommonJS shared by every build; jest's swc transform loads it like any module.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SINGLETONS, sharedSingletons } = require('./webpack.cjs') as {
  SINGLETONS: string[];
  sharedSingletons: (
    dir: string,
  ) => Record<string, { requiredVersion: string; singleton: boolean; strictVersion: boolean }>;
};

const root = path.resolve(__dirname, '..');
const PAGE_BUILDS = ['shell', 'mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale'];
const dependencies = (workspace: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    }
  ).dependencies ?? {};

describe('Module Federation singletons', () => {
  test.each(PAGE_BUILDS)('%s pins every singleton at the version the shell pins', (workspace) => {
    const shell = dependencies('shell');
    for (const name of SINGLETONS) expect(`${name}@${dependencies(workspace)[name]}`).toBe(`${name}@${shell[name]}`);
  });

  test('@checkout/shared asks the page for the same versions', () => {
    const shared = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    for (const name of SINGLETONS)
      expect(`${name}@${shared.peerDependencies[name]}`).toBe(`${name}@${dependencies('shell')[name]}`);
  });

  test('each build shares them strictly, at its own exact pin', () => {
    const shared = sharedSingletons(path.join(root, 'mf-payment'));
    // react is preact/compat on the page: shared at Preact's pin, with each of Preact's entry points named (a prefix
    // key would share them without the singleton rule).
    const onPreact = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'preact', 'preact/hooks'];
    for (const key of [...onPreact, 'preact/jsx-runtime'])
      expect(shared[key]).toMatchObject({
        singleton: true,
        strictVersion: true,
        requiredVersion: dependencies('mf-payment').preact,
      });
    expect(shared.effector).toMatchObject({ requiredVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/) as unknown });
  });

  test('a build whose package.json does not pin a singleton exactly fails loudly', () => {
    expect(() => sharedSingletons(path.join(root, 'bench'))).toThrow(/must be pinned to an exact version/);
  });
});
