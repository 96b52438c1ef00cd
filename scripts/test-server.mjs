#!/usr/bin/env node
// Runs the server suite on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL: one jest run of the
// projects `server` and `server-postgres` (jest.config.js) with two workers, which take the next file of either pass, so
// both cores stay busy until the last file (two passes side by side, one worker each, left one core idle for the
// minutes the slower PGlite pass ran on alone). Counts go to .test-results/server.json (jest --json), read by `npm
// test`'s summary (scripts/test.mjs). Extra arguments go to jest (a path pattern).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.cjs';

requireNode('npm run test:server (scripts/test-server.mjs)');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
mkdirSync(results, { recursive: true });

if (process.env.CI && !process.env.DATABASE_URL) {
  // .ci/run always provides PostgreSQL: a suite that ran on PGlite alone would hide what only PostgreSQL shows.
  console.error('CI needs DATABASE_URL: the server suite runs on PGlite and on PostgreSQL');
  process.exit(1);
}
const projects = ['server', ...(process.env.DATABASE_URL ? ['server-postgres'] : [])];
console.log(`== server tests on ${projects.length > 1 ? 'PGlite (embedded) and PostgreSQL' : 'PGlite (embedded)'}`);

// Jest replaces a worker once its heap passes 600 MB: every test file starts apps on PGlite (PostgreSQL in
// WebAssembly), whose memory a long run in one process never gets back (19 GB of 24 by three quarters of the suite, in
// band); replaced, a worker stays near 3 GB, so two fit.
const child = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    ...projects,
    '--maxWorkers=2',
    '--workerIdleMemoryLimit=600MB',
    '--json',
    `--outputFile=${path.join(results, 'server.json')}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, env: process.env, stdio: 'inherit' },
);
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
