/**
 * `npm run test:reliability`: runs the jest project `reliability` (reliability/**\/*.test.ts), the files that time
 * nothing two at a time and then the timed ones alone, then folds the figures
 * the tests recorded (reliability/support/figures.ts) into reliability/results/latest.json and prints them.
 * Extra arguments go to jest (e.g. a path filter), and the files they name run in band. Exits with jest's status.
 *
 * The api processes the files start run the built bundle (reliability/support/api-process.ts): it is rebuilt first
 * (about a second), so an edit to the source is always what runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FIGURES_FILE, LATEST_FILE, RESULTS_DIR, readFigureRecords, summariseFigures } from './support/figures';

const root = path.resolve(__dirname, '..');
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.rmSync(FIGURES_FILE, { force: true });

const started = Date.now();
const built = spawnSync('npm', ['run', '--silent', 'build', '-w', 'api'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (built.status !== 0) {
  console.error('reliability: building the api bundle failed');
  process.exit(built.status ?? 1);
}
const results = path.join(root, '.test-results');
fs.mkdirSync(results, { recursive: true });

/**
 * Files whose assertions read the clock (medians of answer times, admissions against wall-clock deadlines, a recovery
 * or an answer within so many seconds) run alone, after the rest, so a neighbour's load never lands on their
 * measurements. Every other file runs two at a time: each starts its own api processes on a database of its own
 * (reliability/support), on ports the system gives it.
 */
const TIMED = [
  'reliability/hostile/identity-timing.test.ts',
  'reliability/load/waiting-room.test.ts',
  'reliability/faults/database-outage.test.ts',
  'reliability/faults/mail-outage.test.ts',
];
for (const file of TIMED)
  if (!fs.existsSync(path.join(root, file))) throw new Error(`reliability/run.ts names ${file}, which is not there`);

function jest(name: string, args: string[]): number {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      'reliability',
      '--json',
      `--outputFile=${path.join(results, `reliability-${name}.json`)}`,
      ...args,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  return result.status ?? 1;
}

const timedPattern = TIMED.map((file) => file.replace(/[.]/g, '\\.')).join('|');
function runAll(): number {
  // A developer's filter (extra arguments): the files it names, in band.
  if (process.argv.length > 2) return jest('filtered', ['--runInBand']);
  const together = jest('together', [
    '--maxWorkers=2',
    '--testPathIgnorePatterns',
    '/node_modules/',
    timedPattern,
    '--passWithNoTests',
  ]);
  if (together !== 0) return together;
  return jest('alone', ['--runInBand', '--testPathPatterns', timedPattern, '--passWithNoTests']);
}
const status = runAll();

const figures = summariseFigures(readFigureRecords());
const summary = {
  finishedAt: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  passed: status === 0,
  database: process.env.RELIABILITY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  figures,
};
fs.writeFileSync(LATEST_FILE, `${JSON.stringify(summary, null, 2)}\n`);

const width = Math.max(10, ...Object.keys(figures).map((name) => name.length));
console.log(
  `\n== reliability figures (${summary.passed ? 'passed' : 'FAILED'}, ${summary.seconds} s) → ${path.relative(root, LATEST_FILE)}`,
);
if (Object.keys(figures).length === 0) console.log('   (no figures recorded)');
for (const [name, figure] of Object.entries(figures))
  console.log(`   ${name.padEnd(width)} ${String(figure.value).padStart(8)}  ${figure.description}`);
process.exit(status);
