/**
 * Figures of a reliability run (races run, faults injected, requests fuzzed…), shared by every reliability test.
 *
 * Jest runs test files in separate workers, so a figure is not kept in memory: each call appends one JSON line to
 * `reliability/results/figures.jsonl`. `scripts/test-reliability.mjs` empties that file before the run, and after it
 * folds the lines into `reliability/results/latest.json` and prints them (see `summariseFigures`).
 *
 * Usage in a test:
 *   countFigure('load.onsale.reservations', 200, 'concurrent reservations in the on-sale race');
 *   highestFigure('load.onsale.oversold', oversold, 'tickets held or sold beyond the capacity (must be 0)');
 */
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(__dirname, '..', 'results');
export const FIGURES_FILE = path.join(RESULTS_DIR, 'figures.jsonl');
export const LATEST_FILE = path.join(RESULTS_DIR, 'latest.json');

/** How repeated records of one figure combine: summed (counts), or the highest / lowest value seen (gauges). */
export type Combine = 'sum' | 'max' | 'min';

export interface FigureRecord {
  name: string;
  value: number;
  combine: Combine;
  description: string;
}

export interface Figure {
  value: number;
  description: string;
}

function record(entry: FigureRecord): void {
  if (!Number.isFinite(entry.value)) throw new Error(`figure ${entry.name}: ${entry.value} is not a number`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  // One short line per append (O_APPEND): workers writing at once do not interleave.
  fs.appendFileSync(FIGURES_FILE, `${JSON.stringify(entry)}\n`);
}

/** Adds `amount` to a count (requests fuzzed, races run, faults injected…). Names are dotted: `area.test.what`. */
export function countFigure(name: string, amount: number, description: string): void {
  record({ name, value: amount, combine: 'sum', description });
}

/** Keeps the highest value seen (worst oversell, longest recovery in ms…). */
export function highestFigure(name: string, value: number, description: string): void {
  record({ name, value, combine: 'max', description });
}

/** Keeps the lowest value seen. */
export function lowestFigure(name: string, value: number, description: string): void {
  record({ name, value, combine: 'min', description });
}

/** Folds records into one value per figure, sorted by name (the runner writes this to latest.json). */
export function summariseFigures(records: readonly FigureRecord[]): Record<string, Figure> {
  const folded = new Map<string, Figure & { combine: Combine }>();
  for (const entry of records) {
    const seen = folded.get(entry.name);
    if (!seen) {
      folded.set(entry.name, { value: entry.value, description: entry.description, combine: entry.combine });
      continue;
    }
    if (seen.combine !== entry.combine)
      throw new Error(`figure ${entry.name} is recorded both as ${seen.combine} and ${entry.combine}`);
    seen.value =
      entry.combine === 'sum'
        ? seen.value + entry.value
        : entry.combine === 'max'
          ? Math.max(seen.value, entry.value)
          : Math.min(seen.value, entry.value);
  }
  return Object.fromEntries(
    [...folded.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { value, description }]) => [name, { value, description }]),
  );
}

/** Reads the records of the current run (none when no test recorded any). */
export function readFigureRecords(file = FIGURES_FILE): FigureRecord[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FigureRecord);
}
