import type { DbOrTx } from '../db/schema';

/** The zone a plan's dates are told in (the schedule emails' too): a UK product, as its payment plans are GBP. */
export const PLAN_TIME_ZONE = 'Europe/London';

/**
 * When the sale's running payment plan's last instalment is due, or null when no plan is running. The tickets are
 * issued once that instalment is paid (jobs.ts), so this is the earliest they can be in the wallet: a declined payment
 * is tried again later, so it may be later still.
 */
export async function lastInstalmentDue(db: DbOrTx, saleId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('payment_plans as p')
    .innerJoin('payment_plan_instalments as i', 'i.plan_id', 'p.id')
    .select('i.due_at')
    .where('p.sale_id', '=', saleId)
    .where('p.status', '=', 'active')
    .orderBy('i.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.due_at : null;
}
