import type { Clock } from '../platform/clock';
import type { Db, Sale, Session, Tx } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SessionHandle } from '../session/session';
import { lockCurrentSale } from '../session/current-sale';
import { saleMessages } from './messages';

export interface BasketChange {
  tx: Tx;
  session: Session;
  sale: Sale;
  now: Date;
}

/**
 * A change of the visitor's existing basket, in one transaction with the session and sale rows locked (the lock
 * order of inventory/holds.ts), so two changes of one visitor queue instead of racing. No basket, or a paid one, is a
 * 409 with a reason; a refusal thrown by `change` rolls everything back.
 */
export async function changeBasket<T>(
  db: Db,
  clock: Clock,
  handle: SessionHandle,
  change: (context: BasketChange) => Promise<T>,
  /** The answer when the visitor has no basket, instead of the 409. */
  withoutBasket?: () => T,
): Promise<T> {
  const now = clock.now();
  try {
    return await db.transaction().execute(async (tx) => {
      const session = await handle.lock(tx);
      const sale = await lockCurrentSale(tx, session);
      if (!sale && withoutBasket) return withoutBasket();
      if (!sale) throw new HttpError(409, saleMessages.noSale);
      if (sale.status === 'paid') throw new HttpError(409, saleMessages.paidSale);
      return change({ tx, session, sale, now });
    });
  } finally {
    handle.forget();
  }
}
