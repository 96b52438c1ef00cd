import { sql } from 'kysely';
import { CHECKOUT_FLOW, type CheckoutState } from '@checkout/shared';
import type { Sale, Session, Tx } from '../db/schema';
import { normaliseEmail } from '../identity/one-time-codes';
import { cancelOpenPayments } from '../payment/cancel-open';
import { priceChanged } from './current';

/** Statuses a recovery link may move: the sale is still being bought. A paid or refunded sale stays where it is. */
export const MOVABLE: ReadonlySet<Sale['status']> = new Set(['basket', 'reserved', 'expired']);

/**
 * Whether the visiting session is the buyer the sale already names: the same signed-in user, or (a guest's sale) the
 * email this session proved by one-time code. Knowing the link proves only that the visitor was sent it.
 */
export function keepsBuyer(
  sale: Pick<Sale, 'user_id' | 'email'>,
  visitor: Pick<Session, 'user_id' | 'verified_email'>,
): boolean {
  if (sale.user_id !== null) return visitor.user_id === sale.user_id;
  if (sale.email === null) return true;
  return visitor.verified_email !== null && normaliseEmail(visitor.verified_email) === normaliseEmail(sale.email);
}

/**
 * Whether the visitor is shown to be the person the sale names: the same signed-in user, or the guest email this
 * session proved. Stricter than keepsBuyer: a sale that names nobody yet proves nothing about who applied its codes.
 */
export function provesBuyer(
  sale: Pick<Sale, 'user_id' | 'email'>,
  visitor: Pick<Session, 'user_id' | 'verified_email'>,
): boolean {
  return (sale.user_id !== null || sale.email !== null) && keepsBuyer(sale, visitor);
}

const ORDER = new Map(CHECKOUT_FLOW.map((state, index) => [state, index]));
const RESERVE_INDEX = ORDER.get('reserve') ?? 0;

/**
 * The step a moved sale resumes at when its buyer was forgotten: the reserve step, which finds the reservation still
 * held and goes on to the step that asks who is buying. A sale that had not got past it keeps its step.
 */
export function stepAfterForgetting(state: string): string {
  return (ORDER.get(state as CheckoutState) ?? 0) > RESERVE_INDEX ? 'reserve' : state;
}

/**
 * Codes on the sale that do not pass to whoever opens the link next: gift voucher codes (their holder's money), or
 * every code (a discount code may be the buyer's alone). Each code's claim is released with it; the new holder can
 * apply their own.
 */
async function forgetCodes(tx: Tx, saleId: number, which: 'gift_vouchers' | 'all'): Promise<number> {
  let removal = tx.deleteFrom('sale_codes').where('sale_id', '=', saleId);
  if (which === 'gift_vouchers')
    removal = removal.where('code_id', 'in', (eb) =>
      eb.selectFrom('codes').select('id').where('kind', '=', 'gift_voucher'),
    );
  const removed = await removal.executeTakeFirst();
  await tx.updateTable('sales').set({ code_error: null }).where('id', '=', saleId).execute();
  return Number(removed.numDeletedRows);
}

/**
 * Everything a sale holds about the person buying it, before payment: who they are, where they live, their answers,
 * the codes they applied, the donation they chose and their gift voucher messages.
 */
async function forgetBuyer(tx: Tx, sale: Sale, now: Date): Promise<void> {
  await forgetCodes(tx, sale.id, 'all');
  await tx.deleteFrom('sale_delivery_addresses').where('sale_id', '=', sale.id).execute();
  await tx.deleteFrom('sale_billing_addresses').where('sale_id', '=', sale.id).execute();
  await tx.deleteFrom('gift_aid_declarations').where('sale_id', '=', sale.id).execute();
  await tx.deleteFrom('question_answers').where('sale_id', '=', sale.id).execute();
  await tx
    .updateTable('sales')
    .set({
      user_id: null,
      email: null,
      full_name: null,
      contact_number: null,
      delivery_address_id: null,
      is_gift_aid: false,
      charity_id: null,
      donation_minor: 0,
      donation_fee_minor: 0,
      gift_voucher_from: null,
      gift_voucher_to: null,
      state: stepAfterForgetting(sale.state),
      updated_at: now,
    })
    .where('id', '=', sale.id)
    .execute();
}

/**
 * The session rows of the visitor and of every session holding the sale, locked in ascending id (the lock order's
 * first place is the session row; taking several in id order keeps two moves from waiting on each other), before the
 * sale's row. Recovery of one sale is serialised by an advisory lock taken first, so the set of sessions holding it
 * cannot grow while it is read.
 */
export async function lockSessionsOfMove(tx: Tx, reference: string, visitorId: number, saleId: number) {
  await sql`select pg_advisory_xact_lock(hashtext(${`sale-move:${reference}`}))`.execute(tx);
  return tx
    .selectFrom('sessions')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', visitorId), eb('sale_id', '=', saleId)]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Moves an unpaid sale to the visitor's session (the sessions and the sale locked by the caller, in the lock order).
 * Every other session lets go of it, so only one browser ever holds a sale: the one that pays is the only one that
 * sees the order afterwards. A payment another browser had open is cancelled (money it still collects is refunded at
 * settle), and unless the visitor is the buyer already named, the buyer's details are forgotten; the codes stay only
 * with a visitor proven to be that buyer.
 */
export async function moveSale(tx: Tx, sale: Sale, visitor: Session, now: Date): Promise<void> {
  await tx
    .updateTable('sessions')
    .set({ sale_id: null })
    .where('sale_id', '=', sale.id)
    .where('id', '<>', visitor.id)
    .execute();
  await tx.updateTable('sessions').set({ sale_id: sale.id }).where('id', '=', visitor.id).execute();
  const already = visitor.sale_id === sale.id && sale.session_id === visitor.id;
  if (already) return;
  await tx.updateTable('sales').set({ session_id: visitor.id, updated_at: now }).where('id', '=', sale.id).execute();
  if (keepsBuyer(sale, visitor)) {
    // A sale naming nobody yet keeps its lines, choices and discount code, but a gift voucher someone applied goes:
    // only the person the sale names, proven, takes their money along.
    if (!provesBuyer(sale, visitor) && (await forgetCodes(tx, sale.id, 'gift_vouchers')) > 0)
      return priceChanged(tx, sale.id, now);
    return cancelOpenPayments(tx, sale.id, now);
  }
  await forgetBuyer(tx, sale, now);
  // Gift Aid went with the buyer's declaration: a new price, so priceChanged (which also cancels the open payment).
  await priceChanged(tx, sale.id, now);
}
