import * as messages from '@checkout/shared/messages/basket';
import type { Clock } from '../platform/clock';
import { giftVoucherOnSale, ticketOnSale, voucherValueAllowed } from '../catalogue/queries';
import { toMinor } from '../catalogue/money';
import type { Db, Sale, Tx } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { basketChanged, openBasket } from './current';
import { lockCurrentSale } from '../session/current-sale';

export type AddToBasketInput =
  { ticket_id: number; quantity: number } | { gift_voucher_id: number; qty: number; value: number };
export interface AddToBasketResult {
  success: boolean;
  error?: string;
}

/** A basket holds one currency: true when `currency` would be a second one. */
async function otherCurrency(tx: Tx, sale: Sale | undefined, currency: string): Promise<boolean> {
  if (!sale || sale.status === 'paid' || !sale.currency || sale.currency === currency) return false;
  const line = await tx
    .selectFrom('sale_lines')
    .select('id')
    .where('sale_id', '=', sale.id)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

async function refuseCurrency(tx: Tx, sale: Sale, now: Date): Promise<AddToBasketResult> {
  await tx
    .updateTable('sales')
    .set({ had_mismatching_currencies: true, updated_at: now })
    .where('id', '=', sale.id)
    .execute();
  return { success: false, error: messages.differentCurrency };
}

/**
 * Puts a ticket type (with a quantity) or a gift voucher (with a quantity and a value) in the visitor's basket,
 * creating the sale if needed. Refused, with the basket untouched: a second currency (the sale remembers it for the
 * page's notice) and more than the per-customer maximum. An unknown or past item is a 404.
 */
export async function addToBasket(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: AddToBasketInput,
): Promise<AddToBasketResult> {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    const sessionRow = await session.lock(tx);
    const current = await lockCurrentSale(tx, sessionRow);
    const live = current && current.status !== 'paid' ? current : undefined;

    if ('ticket_id' in input) {
      const ticket = await ticketOnSale(tx, input.ticket_id, now);
      if (!ticket) throw new HttpError(404, serverMessages.ticketNotFound);
      if (live && (await otherCurrency(tx, live, ticket.currency))) return refuseCurrency(tx, live, now);
      const existing = live
        ? await tx
            .selectFrom('sale_lines')
            .select(['id', 'qty'])
            .where('sale_id', '=', live.id)
            .where('ticket_type_id', '=', ticket.id)
            .executeTakeFirst()
        : undefined;
      const qty = (existing?.qty ?? 0) + input.quantity;
      if (qty > ticket.max_per_customer)
        return { success: false, error: messages.canOnlyReserve(ticket.max_per_customer) };

      const sale = await openBasket(tx, sessionRow, live, now);
      if (existing) await tx.updateTable('sale_lines').set({ qty }).where('id', '=', existing.id).execute();
      else
        await tx
          .insertInto('sale_lines')
          .values({ sale_id: sale.id, ticket_type_id: ticket.id, qty, created_at: now })
          .execute();
      await tx
        .updateTable('sales')
        .set({ currency: ticket.currency, had_mismatching_currencies: false, updated_at: now })
        .where('id', '=', sale.id)
        .execute();
      await basketChanged(tx, sale.id, now);
      return { success: true };
    }

    const voucher = await giftVoucherOnSale(tx, input.gift_voucher_id);
    if (!voucher) throw new HttpError(404, serverMessages.giftVoucherNotFound);
    const valueMinor = toMinor(input.value);
    if (!voucherValueAllowed(voucher, valueMinor))
      throw new HttpError(400, serverMessages.giftVoucherValue, { value: serverMessages.giftVoucherValue });
    if (live && (await otherCurrency(tx, live, voucher.currency))) return refuseCurrency(tx, live, now);
    const existing = live
      ? await tx
          .selectFrom('sale_lines')
          .select(['id', 'qty'])
          .where('sale_id', '=', live.id)
          .where('gift_voucher_id', '=', voucher.id)
          .where('value_minor', '=', valueMinor)
          .executeTakeFirst()
      : undefined;
    const qty = (existing?.qty ?? 0) + input.qty;
    if (qty > voucher.max_per_customer)
      return { success: false, error: serverMessages.giftVoucherLimit(voucher.max_per_customer) };

    const sale = await openBasket(tx, sessionRow, live, now);
    if (existing) await tx.updateTable('sale_lines').set({ qty }).where('id', '=', existing.id).execute();
    else
      await tx
        .insertInto('sale_lines')
        .values({ sale_id: sale.id, gift_voucher_id: voucher.id, value_minor: valueMinor, qty, created_at: now })
        .execute();
    await tx
      .updateTable('sales')
      .set({ currency: voucher.currency, had_mismatching_currencies: false, updated_at: now })
      .where('id', '=', sale.id)
      .execute();
    await basketChanged(tx, sale.id, now);
    return { success: true };
  });
}
