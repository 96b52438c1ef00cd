#!/usr/bin/env node
// Every workspace declares exactly what it imports, and the root only the tooling it runs: depcheck reads each
// workspace's sources (tests included) and fails on a package imported but not declared, or declared but never used.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import depcheck from 'depcheck';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/**
 * What depcheck cannot see: loaders named as strings in the webpack config, the jest environment named in
 * jest.config.js, the CLIs the workspaces' scripts call, a plugin and the bundler runtime that ship inside
 * @module-federation/enhanced at its own version (tooling/ uses both), and the redocly CLI that npm run lint:openapi
 * starts from node_modules/.bin; and the packages tooling/ resolves for the page builds.
 */
const ROOT_IGNORES = [
  'css-loader',
  'style-loader',
  'swc-loader',
  'jest-environment-jsdom',
  'webpack-cli',
  'webpack-dev-server',
  '@module-federation/inject-external-runtime-core-plugin',
  '@module-federation/webpack-bundler-runtime',
  '@redocly/cli',
  // The page builds' configuration names React's and Preact's files for the workspace it builds (the react-dom shim,
  // the server build's one Preact): each page workspace declares them.
  'react',
  'preact',
  'preact-render-to-string',
];

/**
 * Per workspace, what only a dependency loads: the shell's renderer imports react-dom/server, which is preact/compat's
 * (tooling/webpack.cjs), and that requires preact-render-to-string.
 */
const WORKSPACE_IGNORES = { shell: ['preact-render-to-string'] };

const options = (ignores = [], ignorePatterns = []) => ({
  ignoreBinPackage: false,
  skipMissing: false,
  ignoreMatches: ignores,
  ignorePatterns: ['node_modules', 'dist', '.data', 'test-results', 'playwright-report', ...ignorePatterns],
});

const problems = [];
async function check(label, dir, opts) {
  const result = await depcheck(dir, opts);
  const unused = [...result.dependencies, ...result.devDependencies];
  const missing = Object.entries(result.missing).map(([name, files]) => `${name} (${path.relative(root, files[0])})`);
  if (unused.length) problems.push(`${label}: declared but never imported: ${unused.join(', ')}`);
  if (missing.length) problems.push(`${label}: imported but not declared: ${missing.join(', ')}`);
}

for (const workspace of workspaces)
  await check(workspace, path.join(root, workspace), options(WORKSPACE_IGNORES[workspace]));
await check('root', root, options(ROOT_IGNORES, workspaces));

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`dependencies: ${workspaces.length} workspaces and the root declare exactly what they import`);
