/** `npm run seed -w api`: migrates, then seeds the demo catalogue if the database has none. */
import { systemClock } from '../platform/clock';
import { databaseOptionsFromEnv, openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { onSaleCapacityFromEnv, seedIfEmpty } from './seed';

async function run(): Promise<void> {
  const handle = await openDatabase(databaseOptionsFromEnv());
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedIfEmpty(handle.db, { now: systemClock.now(), onSaleCapacity: onSaleCapacityFromEnv() });
    console.log(
      seeded
        ? `Seeded the demo catalogue into ${handle.description}`
        : `The catalogue in ${handle.description} is not empty: left as it is`,
    );
  } finally {
    await handle.close();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
