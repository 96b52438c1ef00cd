#!/usr/bin/env node
// `npm test`: every check and suite, in phases, then a table of seconds and test counts per phase and the total.
//
// The machine CI runs on has two cores, so phases that do not need each other run side by side: lint beside the
// build, type check and unit suite; the server suite's PGlite and PostgreSQL passes in one
// run with two workers (scripts/test-server.mjs); reliability files two at a time (reliability/run.ts); end-to-end with two workers, each
// against a stack of its own. The build comes before every suite that needs it and is made once: the e2e phase and the
// server-render test use it.
//
// The first failing phase stops the run (its table is still printed). Seconds measured by .ci/run before this command
// (CI_PHASE_SECONDS, 'name=seconds,…': the installs, the compose check) head the table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.cjs';

requireNode('npm test (scripts/test.mjs)', { announce: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const rows = [];
const started = Date.now();

for (const entry of (process.env.CI_PHASE_SECONDS ?? '').split(',').filter(Boolean)) {
  const [name, seconds] = entry.split('=');
  rows.push({ name, seconds: Number(seconds), counts: null, note: 'in .ci/run', ok: true, before: true });
}

/** Runs a command; its output is streamed, or kept and printed once it ends (for commands that run side by side). */
function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: process.env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      if (quiet && output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code ?? 1);
    });
  });
}

const npm = (script, options) => run('npm', ['run', '--silent', script], options);

/**
 * Counts from jest's --json files: passed, failed, skipped (skipped and todo). A file that is missing (its run never
 * started, or died before writing it) leaves the row marked incomplete rather than counted as nothing failed.
 */
function jestCounts(...files) {
  const counts = { passed: 0, failed: 0, skipped: 0, incomplete: false };
  for (const file of files) {
    const full = path.join(results, file);
    if (!existsSync(full)) {
      counts.incomplete = true;
      continue;
    }
    const report = JSON.parse(readFileSync(full, 'utf8'));
    counts.passed += report.numPassedTests;
    // A file that failed before any test ran (a syntax error, a hook) counts as one failure.
    counts.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
    counts.skipped += report.numPendingTests + report.numTodoTests;
  }
  return counts;
}

/** Counts from Playwright's JSON report. */
function playwrightCounts(file) {
  const full = path.join(results, file);
  if (!existsSync(full)) return null;
  const { stats } = JSON.parse(readFileSync(full, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/** Runs the steps of one phase in order; its row records the seconds it took and what it counted. */
async function phase(name, steps, counts = () => null, note = '') {
  const from = Date.now();
  let status = 0;
  for (const step of steps) {
    status = await step();
    if (status !== 0) break;
  }
  const row = { name, seconds: Math.round((Date.now() - from) / 1000), counts: counts(), note, ok: status === 0 };
  rows.push(row);
  console.log(`== ${name}: ${row.ok ? 'passed' : 'FAILED'} in ${row.seconds} s`);
  return row.ok;
}

function table() {
  const total =
    Math.round((Date.now() - started) / 1000) +
    rows.filter((row) => row.before).reduce((sum, row) => sum + row.seconds, 0);
  const sum = { passed: 0, failed: 0, skipped: 0 };
  const lines = [['phase', 'seconds', 'passed', 'failed', 'skipped', 'note']];
  for (const row of rows) {
    for (const key of Object.keys(sum)) sum[key] += row.counts?.[key] ?? 0;
    lines.push([
      `${row.name}${row.ok ? '' : ' (FAILED)'}`,
      String(row.seconds),
      ...(row.counts ? [row.counts.passed, row.counts.failed, row.counts.skipped].map(String) : ['', '', '']),
      row.counts?.incomplete ? `${row.note ? `${row.note}; ` : ''}INCOMPLETE: not every run reported` : row.note,
    ]);
  }
  lines.push(['total', String(total), String(sum.passed), String(sum.failed), String(sum.skipped), '']);
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  console.log('\n== seconds and tests per phase (budget: 1800 s on two cores)');
  for (const [index, line] of lines.entries()) {
    if (index === lines.length - 1) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    console.log(
      line
        .map((cell, column) =>
          column >= 1 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
        )
        .join('  ')
        .trimEnd(),
    );
  }
  console.log(`\ntests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
}

async function main() {
  // Two lanes, one per core, each mostly one process's work: lint (the longest, type-aware ESLint) in one; the build,
  // the type check and the unit suite (which needs neither the build nor the lint) in the other.
  const unit = () =>
    phase(
      'unit',
      [
        () =>
          run(process.execPath, [
            'node_modules/jest/bin/jest.js',
            '--selectProjects',
            'unit',
            '--maxWorkers=2',
            '--json',
            `--outputFile=${path.join(results, 'unit.json')}`,
          ]),
      ],
      () => jestCounts('unit.json'),
      'after the typecheck, beside lint',
    );
  const [checked, built] = await Promise.all([
    phase(
      'lint',
      [
        () => npm('lint', { quiet: true }),
        () => npm('lint:deps', { quiet: true }),
        () => npm('lint:openapi', { quiet: true }),
      ],
      () => null,
      'beside the build, typecheck and unit',
    ),
    (async () =>
      (await phase('build', [() => npm('build', { quiet: true })])) &&
      (await phase('typecheck', [() => npm('typecheck', { quiet: true })])) &&
      unit())(),
  ]);
  if (!built || !checked) return false;
  // One row per database pass: both run in one jest run (scripts/test-server.mjs), each row with its files' seconds.
  const passes = [['pglite', 'PGlite'], ...(process.env.DATABASE_URL ? [['postgres', 'PostgreSQL']] : [])];
  const serverOk = await phase('server', [() => npm('test:server')]);
  const server = rows.pop();
  for (const [file, label] of passes) {
    const seconds = path.join(results, `server-${file}.seconds`);
    rows.push({
      name: `server ${label}`,
      seconds: existsSync(seconds) ? Number(readFileSync(seconds, 'utf8')) : server.seconds,
      counts: jestCounts(`server-${file}.json`),
      note:
        passes.length > 1
          ? `one run, two workers: ${server.seconds} s for both (seconds: its files', summed)`
          : 'no DATABASE_URL: PGlite only',
      ok: server.ok,
    });
  }
  if (!serverOk) return false;
  if (
    !(await phase(
      'reliability',
      [() => npm('test:reliability')],
      () => jestCounts('reliability-together.json', 'reliability-alone.json'),
      'two files at a time, then the timed ones alone',
    ))
  )
    return false;
  if (
    !(await phase(
      'e2e',
      [() => run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'])],
      () => playwrightCounts('e2e.json'),
      'two workers, a stack each',
    ))
  )
    return false;
  // The compose stack in real containers needs a Docker engine: CI always has one (.ci/run starts it); a developer's
  // machine without one skips it, saying so.
  if (!process.env.CI && !(await dockerAnswers())) {
    console.warn(
      'SKIPPED compose: no Docker engine answers (`docker info`); CI runs it. `npm run test:compose` alone.',
    );
    return true;
  }
  return phase(
    'compose',
    [
      () =>
        run(process.execPath, [
          'node_modules/@playwright/test/cli.js',
          'test',
          '-c',
          'deploy/test/playwright.config.ts',
        ]),
    ],
    () => playwrightCounts('compose.json'),
    'base images from Debian, build, real containers',
  );
}

function dockerAnswers() {
  return new Promise((resolve) => {
    const child = spawn('docker', ['info'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const ok = await main();
table();
process.exit(ok ? 0 : 1);
