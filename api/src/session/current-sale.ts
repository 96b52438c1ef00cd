import type { Db, Sale, Session, Tx } from '../db/schema';
import type { SessionHandle } from './session';

/** Statuses in which the sale is still the visitor's checkout (a destroyed sale is gone). */
export const LIVE_SALE_STATUSES = ['basket', 'reserved', 'paid', 'expired'] as const;
const LIVE = LIVE_SALE_STATUSES;

/** The visitor's current sale, read without locks (GET requests): one query from the session token. */
export function currentSale(db: Db, session: SessionHandle): Promise<Sale | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('sales', 'sales.id', 'sessions.sale_id')
    .selectAll('sales')
    .where('sessions.token_hash', '=', session.tokenHash)
    .where('sales.status', 'in', LIVE)
    .executeTakeFirst();
}

/** The current sale locked for this transaction (after the session row: see the lock order in inventory/holds.ts). */
export async function lockCurrentSale(tx: Tx, session: Session): Promise<Sale | undefined> {
  if (!session.sale_id) return undefined;
  return tx
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', session.sale_id)
    .where('status', 'in', LIVE)
    .forUpdate()
    .executeTakeFirst();
}

/** Whole seconds left on the sale's reservation at `now`, from the server clock; null when nothing is reserved. */
export function secondsRemaining(sale: Pick<Sale, 'status' | 'hold_expires_at'> | undefined, now: Date): number | null {
  if (!sale || sale.status !== 'reserved' || !sale.hold_expires_at) return null;
  return Math.max(0, Math.floor((sale.hold_expires_at.getTime() - now.getTime()) / 1000));
}

/** A reserved sale whose time is up but which the sweeper has not reached yet. */
export function reservationLapsed(sale: Pick<Sale, 'status' | 'hold_expires_at'>, now: Date): boolean {
  return sale.status === 'reserved' && !!sale.hold_expires_at && sale.hold_expires_at.getTime() <= now.getTime();
}
