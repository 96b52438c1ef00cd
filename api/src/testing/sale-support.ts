import { calls } from '@checkout/shared';
import { sql } from 'kysely';
import { activeHeld, parkedStock } from '../inventory/holds';
import { SEED } from '../seed/catalogue';
import type { TestApp } from './test-app';
import type { Visitor } from './visitor';

/** Helpers the sale domain's server tests share (no tests here). */

export const salePaths = {
  get: calls.getCheckout.path,
  add: calls.addToBasket.path,
  quantity: calls.updateTicketQuantity.path,
  voucherQuantity: calls.updateGiftVoucherQuantity.path,
  refundProtection: calls.updateRefundProtection.path,
  code: calls.setCode.path,
  remove: calls.removeFromBasket.path,
  removeVoucher: calls.removeGiftVoucherFromBasket.path,
  reserve: calls.reserveTickets.path,
  destroy: calls.destroySale.path,
  state: calls.updateBasketState.path,
  extend: calls.extendReservation.path,
} as const;

/**
 * A ticket type's stock, and the sum of its active holds (which `held` must equal). `held` is read as buyers mean it
 * (active holds; the row's column also counts the stock parked in buckets, `parked`).
 */
export async function stockOf(t: TestApp, ticketTypeId: number) {
  const row = await t.db
    .selectFrom('ticket_types')
    .select(['capacity', 'sold', activeHeld().as('held'), parkedStock().as('parked')])
    .where('id', '=', ticketTypeId)
    .executeTakeFirstOrThrow();
  const active = await t.db
    .selectFrom('holds')
    .select(sql<number>`coalesce(sum(qty), 0)::int`.as('qty'))
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { ...row, activeHolds: active.qty };
}

let nextId = 60_000;
/** A fresh GBP ticket type of the 'On-sale test' event (its own stock, so tests do not share counts). */
export async function freshTicketType(
  t: TestApp,
  capacity: number,
  extra: {
    max_per_customer?: number;
    min_per_customer?: number;
    price_minor?: number;
    booking_fee_minor?: number;
    seated?: boolean;
  } = {},
): Promise<number> {
  nextId += 1;
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: SEED.event.onSale,
      event_date_id: 101,
      name: `Test ticket ${nextId}`,
      price_minor: 1000,
      currency: 'GBP',
      capacity,
      ...extra,
    })
    .execute();
  return nextId;
}

/** A visitor whose basket holds `quantity` of `ticketTypeId`. */
export async function buyerOf(t: TestApp, ticketTypeId: number, quantity: number): Promise<Visitor> {
  const visitor = await t.visitor();
  const added = await visitor.post(salePaths.add, { ticket_id: ticketTypeId, quantity });
  if (added.json().success !== true) throw new Error(`add_to_basket refused: ${added.body}`);
  return visitor;
}

/** The visitor's sale row. */
export async function saleOf(t: TestApp, visitor: Visitor) {
  const reference = (await visitor.get(salePaths.get)).json().sale_reference as string | null;
  if (!reference) throw new Error('the visitor has no sale');
  return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}
