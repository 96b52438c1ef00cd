import type { DbOrTx } from '../db/schema';
import { activeHeld } from '../inventory/holds';

/** A ticket type that can go in a basket now: on sale, its event published, its date still ahead. */
export function ticketOnSale(db: DbOrTx, ticketTypeId: number, now: Date) {
  return db
    .selectFrom('ticket_types as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .select([
      't.id',
      't.name',
      't.currency',
      't.max_per_customer',
      't.min_per_customer',
      't.capacity',
      't.sold',
      activeHeld('t').as('held'),
      'e.title as event_title',
    ])
    .where('t.id', '=', ticketTypeId)
    .where('t.on_sale', '=', true)
    .where('e.published', '=', true)
    .where('d.starts_at', '>', now)
    .executeTakeFirst();
}

export function giftVoucherOnSale(db: DbOrTx, giftVoucherId: number) {
  return db
    .selectFrom('gift_vouchers')
    .select(['id', 'name', 'currency', 'values_minor', 'min_value_minor', 'max_value_minor', 'max_per_customer'])
    .where('id', '=', giftVoucherId)
    .where('on_sale', '=', true)
    .executeTakeFirst();
}

/** A voucher value is allowed when it is one of the preset values or inside the voucher's custom range. */
export function voucherValueAllowed(
  voucher: { values_minor: number[]; min_value_minor: number | null; max_value_minor: number | null },
  valueMinor: number,
): boolean {
  if (voucher.values_minor.includes(valueMinor)) return true;
  return (
    voucher.min_value_minor !== null &&
    voucher.max_value_minor !== null &&
    valueMinor >= voucher.min_value_minor &&
    valueMinor <= voucher.max_value_minor
  );
}
