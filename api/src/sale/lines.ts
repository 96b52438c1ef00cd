import * as messages from '@checkout/shared/messages/basket';
import type { Clock } from '../platform/clock';
import { toMinor } from '../catalogue/money';
import type { Db } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { activeHeld, availableOf } from '../inventory/holds';
import { changeBasket } from './change';
import { basketChanged, reopenBasket } from './current';
import { saleMessages } from './messages';

/**
 * Quantity changes and removals. The page's rules are enforced here too, because the page is not trusted:
 * - a quantity is at least 1 (the contract refuses 0: removing is its own call);
 * - never above the ticket's per-customer maximum, nor raised above the stock left ('You can only reserve N tickets of
 *   this type'); lowering is always allowed down to the minimum;
 * - never below a minimum per customer above 1 ('You must purchase a minimum of N tickets of this type');
 * - seated tickets keep their quantity.
 * A refusal is a 409 with the reason and changes nothing. Any change of a reserved basket's lines gives its holds back
 * at once and returns it to the basket (reopenBasket): the buyer reserves the new basket again. A change to the same
 * quantity changes nothing (and keeps a reservation). Removing what is not in the basket succeeds (a double click).
 */
export async function updateTicketQuantity(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  ticketId: number,
  quantity: number,
): Promise<{ success: boolean }> {
  return changeBasket(db, clock, session, async ({ tx, sale, now }) => {
    const line = await tx
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .select(['l.id', 'l.qty', 't.name', 't.seated', 't.max_per_customer', 't.min_per_customer'])
      .where('l.sale_id', '=', sale.id)
      .where('l.ticket_type_id', '=', ticketId)
      .executeTakeFirst();
    if (!line) throw new HttpError(404, saleMessages.ticketNotInBasket);
    if (quantity === line.qty) return { success: true };
    if (line.seated) throw new HttpError(409, saleMessages.quantityFixed);
    if (quantity > line.max_per_customer) throw new HttpError(409, messages.canOnlyReserve(line.max_per_customer));
    if (line.min_per_customer > 1 && quantity < line.min_per_customer)
      throw new HttpError(409, messages.minimumPurchase(line.min_per_customer));

    // The stock as it is once this sale's own holds are given back.
    await reopenBasket(tx, sale, now);
    if (quantity > line.qty) {
      const stock = await tx
        .selectFrom('ticket_types')
        .select(['capacity', 'sold', activeHeld().as('held')])
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow();
      const available = availableOf(stock);
      if (quantity > available) {
        throw new HttpError(
          409,
          available > 0
            ? messages.canOnlyReserve(Math.min(available, line.max_per_customer))
            : serverMessages.notEnoughTickets(line.name, 0),
        );
      }
    }
    await tx.updateTable('sale_lines').set({ qty: quantity }).where('id', '=', line.id).execute();
    await basketChanged(tx, sale.id, now);
    return { success: true };
  });
}

export async function updateGiftVoucherQuantity(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: { gift_voucher_id: number; qty: number; value: number },
): Promise<{ success: boolean }> {
  return changeBasket(db, clock, session, async ({ tx, sale, now }) => {
    const line = await tx
      .selectFrom('sale_lines as l')
      .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
      .select(['l.id', 'l.qty', 'g.max_per_customer'])
      .where('l.sale_id', '=', sale.id)
      .where('l.gift_voucher_id', '=', input.gift_voucher_id)
      .where('l.value_minor', '=', toMinor(input.value))
      .executeTakeFirst();
    if (!line) throw new HttpError(404, saleMessages.giftVoucherNotInBasket);
    if (input.qty === line.qty) return { success: true };
    if (input.qty > line.max_per_customer)
      throw new HttpError(409, serverMessages.giftVoucherLimit(line.max_per_customer));
    await reopenBasket(tx, sale, now);
    await tx.updateTable('sale_lines').set({ qty: input.qty }).where('id', '=', line.id).execute();
    await basketChanged(tx, sale.id, now);
    return { success: true };
  });
}

/** Ticket lines are keyed by ticket type; gift voucher lines by voucher and value. */
type LineKey = { ticketTypeId: number } | { giftVoucherId: number; valueMinor: number };

export function removeFromBasket(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  ticketId: number,
): Promise<{ success: boolean }> {
  return removeLine(db, clock, session, { ticketTypeId: ticketId });
}

export function removeGiftVoucherFromBasket(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: { gift_voucher_id: number; value: number },
): Promise<{ success: boolean }> {
  return removeLine(db, clock, session, { giftVoucherId: input.gift_voucher_id, valueMinor: toMinor(input.value) });
}

/** Removes a line; nothing to remove (no basket, or not in it) is a success that changes nothing. */
function removeLine(db: Db, clock: Clock, session: SessionHandle, key: LineKey): Promise<{ success: boolean }> {
  return changeBasket(
    db,
    clock,
    session,
    async ({ tx, sale, now }) => {
      let query = tx.selectFrom('sale_lines').select('id').where('sale_id', '=', sale.id);
      query =
        'ticketTypeId' in key
          ? query.where('ticket_type_id', '=', key.ticketTypeId)
          : query.where('gift_voucher_id', '=', key.giftVoucherId).where('value_minor', '=', key.valueMinor);
      const line = await query.executeTakeFirst();
      if (!line) return { success: true };
      await reopenBasket(tx, sale, now);
      await tx.deleteFrom('sale_lines').where('id', '=', line.id).execute();
      await basketChanged(tx, sale.id, now);
      return { success: true };
    },
    () => ({ success: true }),
  );
}
