/**
 * Money as the page shows it: currency symbol prefix, two decimals, thousands separators.
 * Amounts are decimal numbers (10.5 = £10.50). The minus sign goes before the symbol: -£5.00.
 */
const moneyDigits = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

export function formatMoney(amount: number, currencySymbol: string): string {
  if (!Number.isFinite(amount)) return '';
  const digits = moneyDigits.format(Math.abs(amount));
  // Rounds to 0.00 (e.g. -0.001 or -0) must not print as '-£0.00'.
  const negative = amount < 0 && digits !== '0.00';
  return `${negative ? '-' : ''}${currencySymbol}${digits}`;
}

/**
 * The booking fee total: '(£1.50)' when the organiser absorbs every fee, '+ £1.50' otherwise.
 */
export function formatBookingFee(amount: number, currencySymbol: string, absorbed: boolean): string {
  const money = formatMoney(amount, currencySymbol);
  return absorbed ? `(${money})` : `+ ${money}`;
}
