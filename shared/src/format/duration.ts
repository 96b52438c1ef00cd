import { plural } from './count';

const UNITS = [
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
] as const;

/** Whole seconds, never below zero (the countdown never shows negative time). */
function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
}

/**
 * A duration in words (weeks, days, hours, minutes, seconds), zero parts left out:
 * 845 -> '14 minutes 5 seconds', 3600 -> '1 hour', 0 -> '0 seconds'.
 */
export function formatDuration(seconds: number): string {
  let left = wholeSeconds(seconds);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(left / size);
    left -= amount * size;
    if (amount > 0) parts.push(`${amount} ${plural(unit, amount)}`);
  }
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The mobile countdown clock: 845 -> '14:05', 65 -> '01:05', 3725 -> '1:02:05'. */
export function formatClock(seconds: number): string {
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}
