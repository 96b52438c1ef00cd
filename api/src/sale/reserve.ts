import { messages, type ReserveTicketsResponse } from '@checkout/shared';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db, Sale, Tx } from '../db/schema';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../identity/session';
import { endHolds, expireHolds, StockShortage, takeHolds } from '../inventory/holds';
import { lockCurrentSale, reservationLapsed, secondsRemaining } from './current';

/** A refusal the buyer can act on: answered as { error } (spec 4: the page shows it and reloads the basket). */
class Refusal extends Error {}

interface ReserveOptions {
  db: Db;
  clock: Clock;
  holdSeconds: number;
}

/** Every line of the basket with what the rules need, in one query (a transaction is one connection: few trips). */
async function basketLines(tx: Tx, saleId: number) {
  const rows = await tx
    .selectFrom('sale_lines as l')
    .leftJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .select([
      'l.qty',
      'l.gift_voucher_id',
      't.id',
      't.name',
      't.max_per_customer',
      't.min_per_customer',
      sql<number[][] | null>`(select jsonb_agg(r.required_ticket_type_ids) from ticket_requirements r where r.ticket_type_id = t.id)`.as('requirements'),
    ])
    .where('l.sale_id', '=', saleId)
    .orderBy('l.id')
    .execute();
  const tickets = rows.flatMap((row) =>
    row.id === null || row.name === null || row.max_per_customer === null || row.min_per_customer === null
      ? []
      : [{ qty: row.qty, id: row.id, name: row.name, max_per_customer: row.max_per_customer, min_per_customer: row.min_per_customer, requirements: row.requirements ?? [] }],
  );
  return { tickets, voucherLines: rows.length - tickets.length };
}

/** The basket rules the page also shows (spec 5), enforced here because the page is not trusted. */
function checkRules(lines: Awaited<ReturnType<typeof basketLines>>): void {
  if (lines.tickets.length === 0 && lines.voucherLines === 0) throw new Refusal(serverMessages.emptyBasket);
  for (const line of lines.tickets) {
    if (line.qty > line.max_per_customer) throw new Refusal(messages.canOnlyReserve(line.max_per_customer));
    if (line.qty < line.min_per_customer) throw new Refusal(messages.minimumPurchase(line.min_per_customer));
  }
  const inBasket = new Set(lines.tickets.map((line) => line.id));
  for (const line of lines.tickets) {
    for (const alternatives of line.requirements) {
      if (!alternatives.some((id) => inBasket.has(id))) throw new Refusal(messages.requiredTicketsMissing);
    }
  }
}

/** 'again': a lapsed reservation was ended (committed on its own, keeping the lock order); reserve afresh. */
async function attempt(options: ReserveOptions, session: SessionHandle, now: Date): Promise<ReserveTicketsResponse | 'again'> {
  return options.db.transaction().execute(async (tx) => {
    const sessionRow = await session.lock(tx);
    const sale: Sale | undefined = await lockCurrentSale(tx, sessionRow);
    if (!sale) throw new Refusal(serverMessages.emptyBasket);
    if (sale.status === 'paid') throw new Refusal(serverMessages.alreadyPaid);
    if (sale.status === 'reserved' && !reservationLapsed(sale, now)) {
      // Pressing Reserve again (a second tab, a retry) keeps the reservation and its clock: nothing is held twice.
      return { reserved: true, sale_reference: sale.reference, fresh_reservation: false, checkout_time: secondsRemaining(sale, now) };
    }
    if (sale.status === 'reserved') {
      await endHolds(tx, sale.id, 'expired', now);
      await tx.updateTable('sales').set({ status: 'expired', updated_at: now }).where('id', '=', sale.id).execute();
      return 'again';
    }

    const lines = await basketLines(tx, sale.id);
    checkRules(lines);
    const expiresAt = new Date(now.getTime() + options.holdSeconds * 1000);
    // The sale row is ours already; the hot ticket rows are locked last, so they stay locked for as short as can be.
    await tx
      .updateTable('sales')
      .set({ status: 'reserved', hold_expires_at: expiresAt, reserved_at: now, reserving_error: null, updated_at: now })
      .where('id', '=', sale.id)
      .execute();
    await takeHolds(
      tx,
      sale.id,
      lines.tickets.map((line) => ({ ticketTypeId: line.id, qty: line.qty, name: line.name })),
      now,
      expiresAt,
    );
    return { reserved: true, sale_reference: sale.reference, fresh_reservation: true, checkout_time: options.holdSeconds };
  });
}

/**
 * Reserves the whole basket or nothing: every ticket line's hold is taken in one transaction, and one line short of
 * stock rolls all of them back. When stock is short, lapsed holds are swept once and the reservation tried again,
 * so stock waiting for the periodic sweeper is never refused.
 */
export async function reserveTickets(options: ReserveOptions, session: SessionHandle): Promise<ReserveTicketsResponse> {
  const now = options.clock.now();
  let swept = false;
  for (;;) {
    try {
      const outcome = await attempt(options, session, now);
      if (outcome !== 'again') return outcome;
    } catch (error) {
      if (error instanceof Refusal) return { reserved: false, error: error.message };
      if (!(error instanceof StockShortage)) throw error;
      if (!swept) {
        swept = true;
        if ((await expireHolds(options.db, now)).tickets > 0) continue;
      }
      return { reserved: false, error: serverMessages.notEnoughTickets(error.ticketName, error.available) };
    } finally {
      session.forget();
    }
  }
}
