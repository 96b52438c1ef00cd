import { ticketUnitAmounts, ticketUnitCost, type FeeTicket } from '@checkout/shared';
import type { Clock } from '../platform/clock';
import { findCode, liveClaims, lockCode, type CodeRow } from '../catalogue/codes';
import type { Db, Sale, Tx } from '../db/schema';
import type { SessionHandle } from '../session/session';
import { changeBasket } from './change';
import { basketChanged } from './current';
import { saleMessages } from './messages';

export interface SetCodeResult {
  code_applied: boolean;
  error?: string;
}

/** The basket's ticket lines as a code's scope sees them. */
async function ticketScopes(tx: Tx, saleId: number) {
  return tx
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select(['t.event_id', 'e.organiser_id', 't.price_minor', 't.booking_fee_minor', 't.absorb_fee'])
    .where('l.sale_id', '=', saleId)
    .execute();
}

const feeTicketOf = (line: { price_minor: number; booking_fee_minor: number; absorb_fee: boolean }): FeeTicket => ({
  priceMinor: line.price_minor,
  bookingFeeMinor: line.booking_fee_minor,
  absorbFee: line.absorb_fee,
});

/** Why `code` cannot be applied to `sale` now, or null when it can. The code row is locked by the caller. */
async function refusalOf(tx: Tx, code: CodeRow, sale: Sale, now: Date): Promise<string | null> {
  if (code.expires_at && code.expires_at.getTime() <= now.getTime()) return saleMessages.codeExpired;
  if (code.currency && sale.currency && code.currency.trim() !== sale.currency.trim())
    return saleMessages.codeWrongCurrency;
  const tickets = await ticketScopes(tx, sale.id);
  const inScope = (line: { event_id: number; organiser_id: number }) =>
    (code.event_id === null || code.event_id === line.event_id) &&
    (code.organiser_id === null || code.organiser_id === line.organiser_id);
  if (code.kind === 'gift_voucher') {
    if ((code.balance_minor ?? 0) <= 0) return saleMessages.giftVoucherSpent;
    const vouchers = await tx
      .selectFrom('sale_lines as l')
      .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
      .select('g.organiser_id')
      .where('l.sale_id', '=', sale.id)
      .execute();
    // An organiser's voucher pays only that organiser's part of the tickets (their prices net of an absorbed fee),
    // never a fee; the marketplace's own voucher pays anything but gift vouchers. Gift vouchers in the basket are
    // never paid for with a voucher code (pricing/voucher-scope.ts).
    const payable = tickets.some(
      (line) =>
        inScope(line) &&
        (code.organiser_id === null
          ? ticketUnitCost(feeTicketOf(line)) > 0
          : ticketUnitAmounts(feeTicketOf(line)).unitPriceMinor > 0),
    );
    const forVouchers = vouchers.some((line) => code.organiser_id === null || line.organiser_id === code.organiser_id);
    if (!payable) return forVouchers ? saleMessages.giftVoucherNotForVouchers : saleMessages.codeNotApplicable;
    if ((await liveClaims(tx, code.id, sale.id, now)) > 0) return saleMessages.codeInUse;
    return null;
  }
  if (code.max_uses !== null && code.uses >= code.max_uses) return saleMessages.codeUsedUp;
  // A discount takes money off tickets' prices (net of an absorbed fee): there must be one it can reduce.
  const discountable = tickets.some((line) => inScope(line) && ticketUnitAmounts(feeTicketOf(line)).unitPriceMinor > 0);
  if (!discountable) return saleMessages.codeNotApplicable;
  if (code.max_uses !== null && code.uses + (await liveClaims(tx, code.id, sale.id, now)) >= code.max_uses)
    return saleMessages.codeInUse;
  return null;
}

/**
 * Takes a code off the basket: its discount or voucher payment goes, and so does any use a reservation claimed. A code
 * that is not on the basket is a success that changes nothing (a second tab removed it already).
 */
export async function removeCode(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  text: string,
): Promise<{ success: boolean }> {
  return changeBasket(db, clock, session, async ({ tx, sale, now }) => {
    const found = await findCode(tx, text);
    if (!found) return { success: true };
    const removed = await tx
      .deleteFrom('sale_codes')
      .where('sale_id', '=', sale.id)
      .where('code_id', '=', found.id)
      .returning('code_id')
      .executeTakeFirst();
    if (removed) await basketChanged(tx, sale.id, now);
    return { success: true };
  });
}

/**
 * Applies a discount or gift voucher code to the basket (set_code): { code_applied: true }, or false with the
 * reason in `error` (also kept for basket_errors until the basket changes). One discount code per basket: a new one
 * replaces the last; gift voucher codes add up. Applying a code again is a success that changes nothing. Codes change
 * the price only, so a reservation is kept; with a usage limit, a reserved sale claims a use at once (catalogue/codes).
 */
export async function setCode(db: Db, clock: Clock, session: SessionHandle, text: string): Promise<SetCodeResult> {
  return changeBasket(
    db,
    clock,
    session,
    async ({ tx, sale, now }) => {
      const refuse = async (reason: string): Promise<SetCodeResult> => {
        await tx.updateTable('sales').set({ code_error: reason, updated_at: now }).where('id', '=', sale.id).execute();
        return { code_applied: false, error: reason };
      };
      const found = await findCode(tx, text);
      if (!found) return refuse(saleMessages.codeUnknown);
      const applied = await tx
        .selectFrom('sale_codes')
        .select('code_id')
        .where('sale_id', '=', sale.id)
        .where('code_id', '=', found.id)
        .executeTakeFirst();
      if (applied) {
        if (sale.code_error !== null)
          await tx.updateTable('sales').set({ code_error: null }).where('id', '=', sale.id).execute();
        return { code_applied: true };
      }
      const code = await lockCode(tx, found.id);
      const reason = await refusalOf(tx, code, sale, now);
      if (reason) return refuse(reason);
      if (code.kind !== 'gift_voucher') {
        await tx
          .deleteFrom('sale_codes')
          .where('sale_id', '=', sale.id)
          .where('code_id', 'in', (eb) => eb.selectFrom('codes').select('id').where('kind', 'in', ['percent', 'fixed']))
          .execute();
      }
      await tx.insertInto('sale_codes').values({ sale_id: sale.id, code_id: code.id, created_at: now }).execute();
      await basketChanged(tx, sale.id, now);
      return { code_applied: true };
    },
    // No basket yet: nothing for a code to apply to. That is an answer, not a failure of the call.
    () => ({ code_applied: false, error: saleMessages.codeNotApplicable }),
  );
}
