import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { normaliseEmail } from '../identity/one-time-codes';
import type { SessionHandle } from '../session/session';
import { currentSale } from '../session/current-sale';
import { buyerEmail, paidSale } from './paid-sale';

/** get_simple_info: the sale's email and reference; empty strings without a sale (the call fails silently). */
export async function simpleInfo(
  db: Db,
  session: SessionHandle,
): Promise<{ sale_email: string; sale_reference: string }> {
  const sale = await currentSale(db, session);
  if (!sale) return { sale_email: '', sale_reference: '' };
  return { sale_email: await buyerEmail(db, sale), sale_reference: sale.reference };
}

/**
 * get_reward_referrer_link: one link per buyer (email) and event (the first event of the sale), so asking again gives
 * the same link; its token is random (128 bits), so nobody can guess another buyer's. '' when there is no buyer or event.
 */
export async function referrerLink(db: Db, clock: Clock, session: SessionHandle, publicUrl: string): Promise<string> {
  const sale = await paidSale(db, session);
  const email = await buyerEmail(db, sale);
  const line = await db
    .selectFrom('sale_lines')
    .innerJoin('ticket_types', 'ticket_types.id', 'sale_lines.ticket_type_id')
    .select('ticket_types.event_id')
    .where('sale_lines.sale_id', '=', sale.id)
    .orderBy('sale_lines.id')
    .executeTakeFirst();
  if (!email || !line) return '';
  const address = normaliseEmail(email);
  await db
    .insertInto('referral_links')
    .values({
      token: randomBytes(16).toString('base64url'),
      email: address,
      event_id: line.event_id,
      created_at: clock.now(),
    })
    .onConflict((oc) => oc.columns(['email', 'event_id']).doNothing())
    .execute();
  const link = await db
    .selectFrom('referral_links')
    .select('token')
    .where('email', '=', address)
    .where('event_id', '=', line.event_id)
    .executeTakeFirstOrThrow();
  return `${publicUrl}/all-events/?ref=${link.token}`;
}

/** send_customer_feedback: the message (not empty, by the contract) stored with the sale. */
export async function sendFeedback(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  message: string,
): Promise<{ success: true }> {
  const sale = await paidSale(db, session);
  await db.insertInto('sale_feedback').values({ sale_id: sale.id, message, created_at: clock.now() }).execute();
  return { success: true };
}

/** subscribe_to_events: event news on for the signed-in buyer, or for the guest email the sale was made with. */
export async function subscribeToEvents(db: Db, clock: Clock, session: SessionHandle): Promise<{ success: true }> {
  const sale = await paidSale(db, session);
  const now = clock.now();
  if (sale.user_id !== null) {
    await db
      .updateTable('users')
      .set({ is_event_subscribed: true, updated_at: now })
      .where('id', '=', sale.user_id)
      .execute();
    return { success: true };
  }
  const email = await buyerEmail(db, sale);
  if (email) {
    await db
      .insertInto('marketing_contacts')
      .values({ email: normaliseEmail(email), event_subscribed: true, updated_at: now })
      .onConflict((oc) => oc.column('email').doUpdateSet({ event_subscribed: true, updated_at: now }))
      .execute();
  }
  return { success: true };
}
