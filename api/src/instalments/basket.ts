import type { Db, Sale } from '../db/schema';
import { loadSaleTotals } from '../pricing/amounts';
import type { Totals } from '../pricing/totals';
import type { PlanBasket } from './schedule';

export interface PlanBasketInput {
  currency: string | null;
  totals: Pick<Totals, 'basketTotalMinor' | 'ticketsMinor' | 'discountsMinor'>;
  ticketDates: readonly Date[];
  voucherLines: number;
  events: readonly { payment_plans_enabled: boolean }[];
  organisers: readonly { payment_provider: string | null }[];
}

/** What the plan rule reads of a basket, from rows the caller already has (the checkout) or loads (planBasketOf). */
export function toPlanBasket(input: PlanBasketInput): PlanBasket {
  const first = input.ticketDates.reduce<Date | null>(
    (min, at) => (min === null || at.getTime() < min.getTime() ? at : min),
    null,
  );
  return {
    currency: input.currency ?? '',
    basketTotalMinor: input.totals.basketTotalMinor,
    ticketsAfterDiscountMinor: input.totals.ticketsMinor - input.totals.discountsMinor,
    hasGiftVouchers: input.voucherLines > 0,
    hasTickets: input.ticketDates.length > 0,
    everyEventAllowsPlans: input.events.length > 0 && input.events.every((event) => event.payment_plans_enabled),
    cardProvider:
      input.organisers.length > 0 && input.organisers.every((organiser) => organiser.payment_provider === 'stripe'),
    firstEventAt: first,
  };
}

/** The sale's basket as the plan rule reads it (pay_with_instalment recomputes what the page was offered). */
export async function planBasketOf(db: Db, sale: Sale, refundProtectionBp: number, now: Date): Promise<PlanBasket> {
  const [totals, tickets, vouchers] = await Promise.all([
    loadSaleTotals(db, sale, refundProtectionBp, now),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
      .select(['d.starts_at', 'e.payment_plans_enabled', 'o.payment_provider'])
      .where('l.sale_id', '=', sale.id)
      .execute(),
    db
      .selectFrom('sale_lines')
      .select('id')
      .where('sale_id', '=', sale.id)
      .where('gift_voucher_id', 'is not', null)
      .execute(),
  ]);
  return toPlanBasket({
    currency: sale.currency,
    totals,
    ticketDates: tickets.map((row) => row.starts_at),
    voucherLines: vouchers.length,
    events: tickets,
    organisers: tickets,
  });
}
