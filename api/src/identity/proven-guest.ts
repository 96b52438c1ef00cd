import type { Checkout } from '@checkout/shared';
import type { Sale, Session } from '../db/schema';
import { normaliseEmail } from './one-time-codes';

/**
 * The guest the visiting session proved by one-time code, for the checkout of its own sale, so the account step can
 * carry on after a reload or Edit basket instead of asking for a new code. It is read from the session row only (the
 * proof is never copied to a sale or another session): a browser that was sent a recovery link, or took the sale over,
 * has its own session and sees only what it proved itself. The proof counts while save_guest_to_sale would accept it
 * (the same freshness); the name is the sale's only when the sale names this very guest.
 */
export function provenGuest(
  session: Pick<Session, 'user_id' | 'verified_email' | 'verified_at' | 'sale_id'> | undefined,
  sale: Pick<Sale, 'id' | 'status' | 'user_id' | 'email' | 'full_name'> | undefined,
  now: Date,
  freshSeconds: number,
): Checkout['proven_guest'] {
  if (!session || !sale || session.sale_id !== sale.id || sale.status === 'paid') return null;
  if (session.user_id !== null || !session.verified_email || !session.verified_at) return null;
  if (now.getTime() - session.verified_at.getTime() > freshSeconds * 1000) return null;
  const named = sale.user_id === null && sale.email !== null && normaliseEmail(sale.email) === session.verified_email;
  return named && sale.email !== null
    ? { email: sale.email, full_name: sale.full_name }
    : { email: session.verified_email, full_name: null };
}
