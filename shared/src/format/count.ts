/** Counts are whole numbers with en-GB thousands separators. */
const countDigits = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0, useGrouping: true });

export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return '';
  // Math.round first so -0.4 prints '0', not '-0'.
  return countDigits.format(Math.round(count) || 0);
}

/** The plural adds 's' unless the count is 1. */
export function plural(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}
