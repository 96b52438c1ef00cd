/**
 * The database keeps money in integer minor units (pence, cents); the API speaks decimals (10.5 = £10.50).
 * Every currency sold here has two decimals.
 */
export function toDecimal(minor: number): number {
  return Math.round(minor) / 100;
}

export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

const SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

export const DEFAULT_CURRENCY = 'GBP';

export function currencyOf(code: string | null | undefined): { symbol: string; code: string } {
  const normalised = (code ?? DEFAULT_CURRENCY).trim().toUpperCase();
  return { code: normalised, symbol: SYMBOLS[normalised] ?? `${normalised} ` };
}
