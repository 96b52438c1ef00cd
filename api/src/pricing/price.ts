import { currencyOf } from '../catalogue/money';
import type { DbOrTx, Sale } from '../db/schema';
import { loadSaleTotals, type SaleTotals } from './amounts';
import type { CodeAmount } from './totals';

/** One line of the basket as priced: a ticket type or a gift voucher, with what one of it costs. */
export interface PricedLine {
  kind: 'ticket' | 'voucher';
  /** The ticket type's or gift voucher's id. */
  id: number;
  qty: number;
  /** One ticket's price as sent (net of an absorbed fee), or one voucher's value. */
  unit_price_minor: number;
  unit_fee_minor: number;
  unit_discount_minor: number;
}

/**
 * Everything the total of a sale is made of, in minor units: what a payment is created for, what settling compares,
 * what the settlement keeps and what reconcile adds up again. Plain JSON, compared as a string.
 */
export interface PriceComponents {
  currency: string;
  lines: PricedLine[];
  tickets_minor: number;
  discounts: CodeAmount[];
  discounts_minor: number;
  booking_fees_minor: number;
  vouchers_minor: number;
  delivery_minor: number;
  refund_protection_minor: number;
  donation_minor: number;
  donation_fee_minor: number;
  charity_id: number | null;
  gift_aid: boolean;
  gift_voucher_codes: CodeAmount[];
  gift_vouchers_applied_minor: number;
  total_minor: number;
}

export interface PriceSnapshot {
  basketVersion: number;
  components: PriceComponents;
  /** The totals the components were read from (which code took what, for counting code uses). */
  totals: SaleTotals;
}

type PricedSale = Pick<
  Sale,
  | 'id'
  | 'currency'
  | 'basket_version'
  | 'refund_protection'
  | 'donation_minor'
  | 'donation_fee_minor'
  | 'charity_id'
  | 'is_gift_aid'
>;

/** The sale's price now, from its rows and the catalogue (read under the sale's lock when it matters). */
export async function priceSnapshot(
  db: DbOrTx,
  sale: PricedSale,
  refundProtectionBp: number,
  now: Date,
): Promise<PriceSnapshot> {
  const [totals, rows] = await Promise.all([
    loadSaleTotals(db, sale, refundProtectionBp, now),
    db
      .selectFrom('sale_lines')
      .select(['ticket_type_id', 'gift_voucher_id', 'qty', 'value_minor'])
      .where('sale_id', '=', sale.id)
      .orderBy('id')
      .execute(),
  ]);
  // loadSaleTotals lists ticket lines, then voucher lines, each in line order: the same order as here.
  const tickets = rows.filter((row) => row.ticket_type_id !== null);
  const vouchers = rows.filter((row) => row.ticket_type_id === null && row.gift_voucher_id !== null);
  const lines: PricedLine[] = [
    ...tickets.map((row, index) => {
      const amounts = totals.lines[index];
      return {
        kind: 'ticket' as const,
        id: row.ticket_type_id ?? 0,
        qty: row.qty,
        unit_price_minor: amounts?.unitPriceMinor ?? 0,
        unit_fee_minor: amounts?.unitFeeMinor ?? 0,
        unit_discount_minor: amounts?.unitDiscountMinor ?? 0,
      };
    }),
    ...vouchers.map((row) => ({
      kind: 'voucher' as const,
      id: row.gift_voucher_id ?? 0,
      qty: row.qty,
      unit_price_minor: row.value_minor ?? 0,
      unit_fee_minor: 0,
      unit_discount_minor: 0,
    })),
  ];
  return {
    basketVersion: sale.basket_version,
    totals,
    components: {
      currency: currencyOf(sale.currency).code,
      lines,
      tickets_minor: totals.ticketsMinor,
      discounts: totals.discounts,
      discounts_minor: totals.discountsMinor,
      booking_fees_minor: totals.bookingFeesMinor,
      vouchers_minor: totals.vouchersMinor,
      delivery_minor: totals.deliveryMinor,
      refund_protection_minor: totals.refundProtectionMinor,
      donation_minor: sale.donation_minor,
      donation_fee_minor: sale.donation_fee_minor,
      charity_id: sale.donation_minor > 0 ? sale.charity_id : null,
      gift_aid: sale.donation_minor > 0 && sale.is_gift_aid,
      gift_voucher_codes: totals.giftVouchers,
      gift_vouchers_applied_minor: totals.giftVouchersAppliedMinor,
      total_minor: totals.basketTotalMinor,
    },
  };
}

/** The one written form of a snapshot's components: equal strings are equal prices. */
export const componentsText = (components: PriceComponents): string => JSON.stringify(components);

/** Components as componentsText wrote them; null for a row written before components were recorded, or not JSON. */
export function parseComponents(text: string): PriceComponents | null {
  try {
    const parsed = JSON.parse(text) as PriceComponents | null;
    return parsed !== null && typeof parsed === 'object' && Array.isArray(parsed.lines) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * What the components add up to, and where they disagree with themselves (reconcile): the lines against the
 * subtotals, the subtotals against the total.
 */
export function checkComponents(components: PriceComponents): { totalMinor: number; problems: string[] } {
  const problems: string[] = [];
  const sum = (kind: PricedLine['kind'], pick: (line: PricedLine) => number) =>
    components.lines.filter((line) => line.kind === kind).reduce((total, line) => total + pick(line) * line.qty, 0);
  const expect = (what: string, actual: number, wanted: number) => {
    if (actual !== wanted) problems.push(`${what} ${actual} ≠ ${wanted}`);
  };
  expect(
    'ticket lines',
    sum('ticket', (line) => line.unit_price_minor),
    components.tickets_minor,
  );
  expect(
    'booking fees of the lines',
    sum('ticket', (line) => line.unit_fee_minor),
    components.booking_fees_minor,
  );
  expect(
    'discounts of the lines',
    sum('ticket', (line) => line.unit_discount_minor),
    components.discounts_minor,
  );
  expect(
    'discount codes',
    components.discounts.reduce((total, code) => total + code.amountMinor, 0),
    components.discounts_minor,
  );
  expect(
    'voucher lines',
    sum('voucher', (line) => line.unit_price_minor),
    components.vouchers_minor,
  );
  expect(
    'gift voucher codes',
    components.gift_voucher_codes.reduce((total, code) => total + code.amountMinor, 0),
    components.gift_vouchers_applied_minor,
  );
  const totalMinor =
    components.tickets_minor -
    components.discounts_minor +
    components.booking_fees_minor +
    components.vouchers_minor +
    components.delivery_minor +
    components.refund_protection_minor +
    components.donation_minor +
    components.donation_fee_minor -
    components.gift_vouchers_applied_minor;
  expect('total', totalMinor, components.total_minor);
  if (components.total_minor < 0) problems.push(`negative total ${components.total_minor}`);
  return { totalMinor, problems };
}
