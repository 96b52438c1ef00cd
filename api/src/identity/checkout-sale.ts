import * as messages from '@checkout/shared/messages/common';
import type { Db, Sale, Session, Tx } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import { currentSale, lockCurrentSale, reservationLapsed } from '../session/current-sale';
import type { SessionHandle } from '../session/session';

/** The error type the page reads to go back to the basket (a reserving-type error returns to the basket). */
export const RESERVING = 'reserving';

/**
 * Why the steps after reserving (account, donation, address) cannot change this sale now, or null when they can: the
 * sale must hold a live reservation. A lapsed or missing reservation is a 'reserving' refusal, so the page returns to
 * the basket.
 */
export function reservationProblem(sale: Sale | undefined, now: Date): HttpError | null {
  if (!sale) return new HttpError(409, serverMessages.stateNeedsReservation, undefined, RESERVING);
  if (sale.status === 'paid') return new HttpError(409, serverMessages.alreadyPaid);
  if (sale.status === 'expired' || reservationLapsed(sale, now))
    return new HttpError(409, messages.checkoutExpired, undefined, RESERVING);
  if (sale.status !== 'reserved') return new HttpError(409, serverMessages.stateNeedsReservation, undefined, RESERVING);
  return null;
}

/** Refuses early, before anything is written (not even the session row), when the sale cannot be changed. */
export async function assertReservedSale(db: Db, session: SessionHandle, now: Date): Promise<Sale> {
  const sale = await currentSale(db, session);
  const problem = reservationProblem(sale, now);
  if (problem) throw problem;
  return sale as Sale;
}

/** The session and its reserved sale, locked in that order (the lock order of inventory/holds.ts), checked again. */
export async function lockReservedSale(
  tx: Tx,
  session: SessionHandle,
  now: Date,
): Promise<{ sessionRow: Session; sale: Sale }> {
  const sessionRow = await session.lock(tx);
  const sale = await lockCurrentSale(tx, sessionRow);
  const problem = reservationProblem(sale, now);
  if (problem) throw problem;
  return { sessionRow, sale: sale as Sale };
}
