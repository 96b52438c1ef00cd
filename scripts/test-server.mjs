#!/usr/bin/env node
// Runs the server suite on the embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

// One file at a time, in one worker that jest replaces once its heap passes 600 MB: every test file starts apps on
// PGlite (PostgreSQL in WebAssembly), whose memory a long run in one process never gets back (19 GB of 24 by three
// quarters of the suite, in band); replaced, the worker stays near 3 GB.
const jest = [
  'node_modules/jest/bin/jest.js',
  '--selectProjects',
  'server',
  '--maxWorkers=1',
  '--workerIdleMemoryLimit=600MB',
  ...process.argv.slice(2),
];
const { DATABASE_URL, ...embedded } = process.env;

function run(label, env) {
  console.log(`\n== server tests on ${label}`);
  const result = spawnSync(process.execPath, jest, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.CI && !DATABASE_URL) {
  // .ci/run always provides PostgreSQL: a suite that ran on PGlite alone would hide what only PostgreSQL shows.
  console.error('CI needs DATABASE_URL: the server suite runs on PGlite and on PostgreSQL');
  process.exit(1);
}
run('PGlite (embedded)', embedded);
if (DATABASE_URL) run(`PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, process.env);
