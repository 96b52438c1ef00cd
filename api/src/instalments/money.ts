import { formatMoney } from '@checkout/shared';
import { currencyOf, toDecimal } from '../catalogue/money';

/** '£66.33' from pence. */
export const formatMoneyMinor = (minor: number, currency: string): string =>
  formatMoney(toDecimal(minor), currencyOf(currency).symbol);
