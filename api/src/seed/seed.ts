import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { demoCatalogue, type SeedOptions } from './catalogue';

/**
 * Seeds the demo catalogue when the catalogue is empty (first start, fresh test database); does nothing otherwise,
 * so it is safe to run on every start. One transaction: a seed is all there or not at all.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.selectFrom('organisers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const data = demoCatalogue(options);
  await db.transaction().execute(async (tx) => {
    // Another process may be seeding at the same moment: the second one waits here, then finds the rows.
    await sql`select pg_advisory_xact_lock(hashtext('checkout_seed'))`.execute(tx);
    const again = await tx.selectFrom('organisers').select('id').limit(1).executeTakeFirst();
    if (again) return;
    await tx.insertInto('charities').values(data.charities).execute();
    await tx.insertInto('organisers').values(data.organisers).execute();
    await tx.insertInto('events').values(data.events).execute();
    await tx.insertInto('event_dates').values(data.eventDates).execute();
    await tx.insertInto('waivers').values(data.waivers).execute();
    await tx.insertInto('ticket_types').values(data.ticketTypes).execute();
    await tx.insertInto('ticket_requirements').values(data.ticketRequirements).execute();
    await tx.insertInto('gift_vouchers').values(data.giftVouchers).execute();
    await tx.insertInto('codes').values(data.codes).execute();
    await tx.insertInto('questions').values(data.questions).execute();
    await tx.insertInto('after_sale_messages').values(data.afterSaleMessages).execute();
    await tx.insertInto('users').values(data.users).execute();
    await tx.insertInto('user_addresses').values(data.userAddresses).execute();
    await tx.insertInto('user_payment_methods').values(data.userPaymentMethods).execute();
    await tx.insertInto('organiser_subscriptions').values(data.organiserSubscriptions).execute();
  });
  return true;
}

export function onSaleCapacityFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SEED_ONSALE_CAPACITY;
  if (raw === undefined || raw === '') return 100;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`SEED_ONSALE_CAPACITY must be a whole number, got '${raw}'`);
  return value;
}
