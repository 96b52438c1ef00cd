import type { CodeRow } from '../catalogue/codes';
import { saleCodes } from '../catalogue/codes';
import type { DbOrTx, Sale } from '../db/schema';
import { type Totals, type TotalsInput } from './totals';
import { totalsWithVoucherScope } from './voucher-scope';

/** What the totals need of a ticket line (checkout.ts reads more columns; these names are shared). */
export interface TicketTotalsRow {
  qty: number;
  price_minor: number;
  booking_fee_minor: number;
  absorb_fee: boolean;
  event_id: number;
  organiser_id: number;
  /** The event can be covered by refund protection. */
  refund_protection: boolean;
  delivery_fee_minor: number;
}

export interface VoucherTotalsRow {
  qty: number;
  value_minor: number | null;
  organiser_id: number;
}

export interface SaleTotals extends Totals {
  /** Applied codes that have expired since: left out of the totals. */
  expiredCodes: string[];
  /** code id -> minor units it took off (discount) or paid (gift voucher): what payment records. */
  byCodeId: Map<number, number>;
}

/** The totals of a sale from its rows: codes that have expired are left out; delivery is charged once per event. */
export function saleTotals(
  sale: Pick<Sale, 'refund_protection' | 'donation_minor' | 'donation_fee_minor'>,
  tickets: readonly TicketTotalsRow[],
  vouchers: readonly VoucherTotalsRow[],
  codes: readonly CodeRow[],
  refundProtectionBp: number,
  now: Date,
): SaleTotals {
  const live = codes.filter((code) => !code.expires_at || code.expires_at.getTime() > now.getTime());
  const delivery = new Map(
    tickets.map((line) => [line.event_id, { organiserId: line.organiser_id, amountMinor: line.delivery_fee_minor }]),
  );
  const input: TotalsInput = {
    tickets: tickets.map((line) => ({
      eventId: line.event_id,
      organiserId: line.organiser_id,
      qty: line.qty,
      priceMinor: line.price_minor,
      bookingFeeMinor: line.booking_fee_minor,
      absorbFee: line.absorb_fee,
      coverable: line.refund_protection,
    })),
    vouchers: vouchers.map((line) => ({
      organiserId: line.organiser_id,
      qty: line.qty,
      valueMinor: line.value_minor ?? 0,
    })),
    codes: live.map((code) => ({
      code: code.code,
      kind: code.kind,
      percentBp: code.percent_bp,
      amountMinor: code.amount_minor,
      balanceMinor: code.balance_minor,
      eventId: code.event_id,
      organiserId: code.organiser_id,
    })),
    refundProtectionChosen: sale.refund_protection,
    refundProtectionBp,
    donationMinor: sale.donation_minor,
    donationFeeMinor: sale.donation_fee_minor,
    deliveries: [...delivery.values()].filter((entry) => entry.amountMinor > 0),
  };
  const totals = totalsWithVoucherScope(input);
  const idByCode = new Map(live.map((code) => [code.code, code.id]));
  const byCodeId = new Map<number, number>();
  for (const entry of [...totals.discounts, ...totals.giftVouchers]) {
    const id = idByCode.get(entry.code);
    if (id !== undefined) byCodeId.set(id, entry.amountMinor);
  }
  return { ...totals, expiredCodes: codes.filter((code) => !live.includes(code)).map((code) => code.code), byCodeId };
}

/** Loads a sale's lines and codes and computes its totals (refund protection availability, payment). */
export async function loadSaleTotals(
  db: DbOrTx,
  sale: Pick<Sale, 'id' | 'refund_protection' | 'donation_minor' | 'donation_fee_minor'>,
  refundProtectionBp: number,
  now: Date,
): Promise<SaleTotals> {
  const [tickets, vouchers, codes] = await Promise.all([
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .select([
        'l.qty',
        't.price_minor',
        't.booking_fee_minor',
        't.absorb_fee',
        'e.id as event_id',
        'e.organiser_id',
        'e.refund_protection',
        'e.delivery_fee_minor',
      ])
      .where('l.sale_id', '=', sale.id)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
      .select(['l.qty', 'l.value_minor', 'g.organiser_id'])
      .where('l.sale_id', '=', sale.id)
      .orderBy('l.id')
      .execute(),
    saleCodes(db, sale.id),
  ]);
  return saleTotals(sale, tickets, vouchers, codes, refundProtectionBp, now);
}
