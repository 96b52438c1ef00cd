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

/**
 * What one ticket costs the buyer, fees included: its price plus its booking fee, unless the organiser absorbs the
 * fee (it is then inside the price). The first price a buyer sees is this one, never a price that grows on the way to
 * the basket (the UK's Digital Markets, Competition and Consumers Act 2024 and the US FTC's rule on live-event fees
 * both ask for the total price up front).
 */
export function allInPriceMinor(ticket: {
  price_minor: number;
  booking_fee_minor: number;
  absorb_fee: boolean;
}): number {
  return Math.max(0, ticket.price_minor) + (ticket.absorb_fee ? 0 : Math.max(0, ticket.booking_fee_minor));
}
