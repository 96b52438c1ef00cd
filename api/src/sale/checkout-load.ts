import type { AppConfig } from '../config';
import type { Db, Sale } from '../db/schema';
import type { SaleTotals } from '../pricing/amounts';
import type { CatalogueContext, TicketLine } from './catalogue-cache';
import type { CheckoutSaleRead } from './checkout-read';

/** The signed-in buyer's account and organiser subscriptions (none for a guest), read side by side. */
export async function loadCheckoutBuyer(db: Db, userId: number | null, organiserIds: number[]) {
  if (userId === null) return { user: undefined, subscriptions: [] };
  const [user, subscriptions] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    organiserIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('organiser_subscriptions')
          .select(['organiser_id', 'subscribed'])
          .where('user_id', '=', userId)
          .where('organiser_id', 'in', organiserIds)
          .execute(),
  ]);
  return { user, subscriptions };
}

/** The sale's lines: its own from the read, its ticket lines completed from the catalogue (ticketLinesOf). */
export type CheckoutLines = CheckoutSaleRead['lines'] & { tickets: TicketLine[] };
/** What the lines point to in the catalogue (cached, sale/catalogue-cache.ts) and the buyer's account. */
export type CheckoutContext = CatalogueContext & Awaited<ReturnType<typeof loadCheckoutBuyer>>;

/** What every section of a sale's checkout is built from: loaded once, by buildCheckout. */
export interface CheckoutSource {
  sale: Sale;
  lines: CheckoutLines;
  context: CheckoutContext;
  totals: SaleTotals;
  config: AppConfig;
  now: Date;
  /** The delivery address's country given in this sale, read with it (the billing country's first clue). */
  deliveryCountry: number | null;
}
