import type { Db, Sale } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { currentSale } from '../session/current-sale';

/** The session's sale once paid: the order-completed calls act on nothing else (409 otherwise, nothing written). */
export async function paidSale(db: Db, session: SessionHandle): Promise<Sale> {
  const sale = await currentSale(db, session);
  if (sale?.status !== 'paid') throw new HttpError(409, serverMessages.stateNeedsPayment);
  return sale;
}

/** The buyer's email: the one the sale was made with, else the signed-in buyer's. '' when there is none. */
export async function buyerEmail(db: Db, sale: Sale): Promise<string> {
  if (sale.email) return sale.email;
  if (sale.user_id === null) return '';
  const user = await db.selectFrom('users').select('email').where('id', '=', sale.user_id).executeTakeFirst();
  return user?.email ?? '';
}
