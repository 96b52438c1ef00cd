/** One printed figure of `npm run bench`, with its target and verdict. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: number;
  /** 'max': the value must not exceed the target; 'min': it must reach it; 'info': shown without a target. */
  kind: 'max' | 'min' | 'info';
  /** A peer's figure measured the same way, printed beside ours for comparison (no verdict of its own). */
  reference?: string;
}

export type Verdict = 'PASS' | 'MISS' | 'INFO';

export function verdictOf(figure: Figure): Verdict {
  if (figure.kind === 'info' || figure.target === undefined) return 'INFO';
  return (figure.kind === 'max' ? figure.value <= figure.target : figure.value >= figure.target) ? 'PASS' : 'MISS';
}

/** Decimals printed per unit: counts and whole milliseconds have none. */
const digits = (unit: string) =>
  unit === 'KiB' || unit === '' ? 2 : ['/s', 'ms', 'MiB', '/100', 'requests'].includes(unit) ? 0 : 1;

export function formatFigure(figure: Figure): string {
  const verdict = verdictOf(figure);
  const value = `${figure.value.toFixed(digits(figure.unit))}${figure.unit ? ` ${figure.unit}` : ''}`;
  const reference = figure.reference ? ` [${figure.reference}]` : '';
  if (verdict === 'INFO') return `INFO  ${figure.name}: ${value}${reference}`;
  const bound = figure.kind === 'max' ? '≤' : '≥';
  return `${verdict}  ${figure.name}: ${value} (target ${bound} ${figure.target}${figure.unit ? ` ${figure.unit}` : ''})${reference}`;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p95 of 20 samples is the 19th smallest). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
