/**
 * `npm run test:reliability`: runs the jest project `reliability` (reliability/**\/*.test.ts), then folds the figures
 * the tests recorded (reliability/support/figures.ts) into reliability/results/latest.json and prints them.
 * Extra arguments go to jest (e.g. a path filter). Exits with jest's status.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FIGURES_FILE, LATEST_FILE, RESULTS_DIR, readFigureRecords, summariseFigures } from './support/figures';

const root = path.resolve(__dirname, '..');
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.rmSync(FIGURES_FILE, { force: true });

const started = Date.now();
const jest = [
  path.join(root, 'node_modules/jest/bin/jest.js'),
  '--selectProjects',
  'reliability',
  '--runInBand',
  ...process.argv.slice(2),
];
const result = spawnSync(process.execPath, jest, { cwd: root, stdio: 'inherit', env: process.env });
const status = result.status ?? 1;

const figures = summariseFigures(readFigureRecords());
const summary = {
  finishedAt: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  passed: status === 0,
  database: process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432',
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
