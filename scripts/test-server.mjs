#!/usr/bin/env node
// Runs the server suite on the embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const jest = ['node_modules/jest/bin/jest.js', '--selectProjects', 'server', '--runInBand', ...process.argv.slice(2)];
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
