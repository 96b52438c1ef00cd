#!/usr/bin/env node
// Runs the server suite on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL too, on two cores. Each
// pass's counts go to .test-results/server-<database>.json (jest's --json shape), read by `npm test`'s summary
// (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.cjs';

requireNode('npm run test:server (scripts/test-server.mjs)');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
mkdirSync(results, { recursive: true });

// The passes are the jest projects `server` (PGlite, whatever the environment names) and `server-postgres` (the
// PostgreSQL of DATABASE_URL): see jest.config.js. By default each pass runs in a jest of its own, at the same time;
// SERVER_PASSES=together runs both as one jest run with two workers (below; not the default: in a clean CI run it took
// 817 s against 871 s side by side the same hour, but its PGlite pass skipped 20 tests against 7: its files see
// DATABASE_URL, which tests that run only on an embedded-only machine look for), and SERVER_PASSES=sequential one after
// the other.
//
// One file at a time in each pass, in one worker that jest replaces once its heap passes 600 MB: every test file starts
// apps on PGlite (PostgreSQL in WebAssembly), whose memory a long run in one process never gets back (19 GB of 24 by
// three quarters of the suite, in band); replaced, a worker stays near 3 GB, so two passes side by side fit.
const jestArgs = (name, project) => [
  path.join(root, 'node_modules/jest/bin/jest.js'),
  '--selectProjects',
  project,
  '--maxWorkers=1',
  '--workerIdleMemoryLimit=600MB',
  '--json',
  `--outputFile=${path.join(results, `server-${name}.json`)}`,
  ...process.argv.slice(2),
];
const { DATABASE_URL, ...embedded } = process.env;

if (process.env.CI && !DATABASE_URL) {
  // .ci/run always provides PostgreSQL: a suite that ran on PGlite alone would hide what only PostgreSQL shows.
  console.error('CI needs DATABASE_URL: the server suite runs on PGlite and on PostgreSQL');
  process.exit(1);
}

/** Runs one pass; resolves with its exit status. */
function pass(name, project, label, env) {
  console.log(`== server tests on ${label}`);
  const started = Date.now();
  const child = spawn(process.execPath, jestArgs(name, project), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      writeFileSync(path.join(results, `server-${name}.seconds`), `${seconds}\n`);
      console.log(
        `== server tests on ${label}: ${code === 0 ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds} s`,
      );
      resolve(code ?? 1);
    });
  });
}

/**
 * Both databases in one jest run with two workers (one per core): jest hands the next file, of either project, to
 * whichever worker is free, so the longer PGlite pass no longer runs alone on one core once PostgreSQL's is done.
 * Each project's counts and summed file seconds are written by scripts/jest-project-results.cjs.
 */
function together() {
  console.log(
    `== server tests on PGlite (embedded) and PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}), two workers`,
  );
  const started = Date.now();
  // The caller's arguments (paths, -t) come first: --selectProjects and --reporters take every value that follows.
  const args = [
    path.join(root, 'node_modules/jest/bin/jest.js'),
    ...process.argv.slice(2),
    '--selectProjects',
    'server',
    'server-postgres',
    '--maxWorkers=2',
    '--workerIdleMemoryLimit=600MB',
    '--reporters=default',
    `--reporters=${path.join(root, 'scripts/jest-project-results.cjs')}`,
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, JEST_PROJECT_RESULTS_DIR: results },
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `== server tests on both databases: ${code === 0 ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds} s`,
      );
      resolve(code ?? 1);
    });
  });
}

const passes = [() => pass('pglite', 'server', 'PGlite (embedded)', embedded)];
if (DATABASE_URL)
  passes.push(() =>
    pass('postgres', 'server-postgres', `PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, {
      ...process.env,
      DATABASE_URL,
    }),
  );
const mode = process.env.SERVER_PASSES ?? 'side-by-side';
const statuses =
  mode === 'together' && DATABASE_URL
    ? [await together()]
    : mode === 'sequential'
      ? await passes.reduce(async (done, next) => [...(await done), await next()], Promise.resolve([]))
      : await Promise.all(passes.map((run) => run()));
process.exit(statuses.find((status) => status !== 0) ?? 0);
