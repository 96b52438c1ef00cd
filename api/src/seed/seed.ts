import { sql } from 'kysely';
import type { AppEnv } from '../config/env-schema';
import type { Db } from '../db/schema';
import { importCatalogueFile } from '../organiser-api/catalogue/import';
import { CatalogueFileSchema, type CatalogueFile } from '../organiser-api/catalogue/schemas';
import { demoAccounts, SEED, type SeedOptions } from './catalogue';
import demoFile from './demo-catalogue.json';

/**
 * The demo catalogue file, validated by the import's own schemas, with the on-sale ticket type's capacity set from
 * the options (SEED_ONSALE_CAPACITY: the benchmark sizes its stock).
 */
export function demoCatalogueFile(onSaleCapacity: number): CatalogueFile {
  const file = CatalogueFileSchema.parse(demoFile);
  const onSale = file.organisers
    .find((organiser) => organiser.external_id === String(SEED.organiser.demo))
    ?.events?.find((event) => event.external_id === String(SEED.event.onSale))
    ?.ticket_types?.find((type) => type.external_id === String(SEED.ticket.onSale));
  if (!onSale) throw new Error('demo-catalogue.json has no on-sale ticket type');
  onSale.capacity = onSaleCapacity;
  return file;
}

/**
 * Seeds the demo catalogue (through the catalogue import, keeping the demo's stable ids) and the demo accounts when
 * the catalogue is empty (first start, fresh test database); does nothing otherwise, so it is safe to run on every
 * start. One transaction: a seed is all there or not at all.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.selectFrom('organisers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const file = demoCatalogueFile(options.onSaleCapacity);
  const accounts = demoAccounts();
  return db.transaction().execute(async (tx) => {
    // Another process may be seeding at the same moment: the second one waits here, then finds the rows.
    await sql`select pg_advisory_xact_lock(hashtext('checkout_seed'))`.execute(tx);
    const again = await tx.selectFrom('organisers').select('id').limit(1).executeTakeFirst();
    if (again) return false;
    await importCatalogueFile(tx, file, { now: options.now, stableIds: true });
    await tx.insertInto('users').values(accounts.users).execute();
    await tx.insertInto('user_addresses').values(accounts.userAddresses).execute();
    await tx.insertInto('user_payment_methods').values(accounts.userPaymentMethods).execute();
    await tx.insertInto('organiser_subscriptions').values(accounts.organiserSubscriptions).execute();
    return true;
  });
}

/**
 * Whether the api seeds the demo catalogue into an empty database when it starts. The demo has organisers, events on
 * sale, accounts and site-wide discount codes printed in api/README.md, so a production start never seeds it by itself:
 * SEED_DEMO=1 asks for it (`npm start` and the e2e and bench stacks do), SEED_DEMO=0 refuses it; unset, only a start
 * that is not NODE_ENV=production seeds. `npm run seed -w api` seeds whatever NODE_ENV says: running it is asking.
 */
export function demoSeedOn(env: Pick<AppEnv, 'SEED_DEMO' | 'NODE_ENV'>): boolean {
  return env.SEED_DEMO ?? env.NODE_ENV !== 'production';
}
