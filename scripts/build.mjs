#!/usr/bin/env node
// `npm run build`: the shell, the four remotes and the api, as many at a time as the machine has cores (BUILD_JOBS to
// choose): each webpack build is mostly one core's work. Each build's output is printed whole once it ends, so two
// builds' lines never interleave; the first failure stops the rest and fails the command.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The largest first, so the last to start is a short one.
const workspaces = ['shell', 'mf-payment', 'mf-account', 'mf-basket', 'mf-post-sale', 'api'];
const jobs = Math.max(1, Number(process.env.BUILD_JOBS) || os.availableParallelism());

const children = new Set();
let failed = false;

function build(workspace) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'build', '-w', workspace], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        process.stdout.write(output);
        console.log(`== built ${workspace} in ${seconds} s`);
      } else if (!failed) {
        failed = true;
        process.stdout.write(output);
        console.error(`== building ${workspace} FAILED (${code})`);
        for (const other of children) other.kill('SIGTERM');
      }
      resolve();
    });
  });
}

const queue = [...workspaces];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    while (queue.length > 0 && !failed) await build(queue.shift());
  }),
);
process.exit(failed ? 1 : 0);
