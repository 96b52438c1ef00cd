/**
 * `npm run reconcile`: checks the ledger against what was sold, on the database the api uses (PGlite under .data/, or
 * DATABASE_URL). Prints each mismatch with its sale reference; exits 1 when there is any.
 */
import { systemClock } from '../platform/clock';
import { toDecimal } from '../catalogue/money';
import { databaseOptionsFromEnv, openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { withSecretFiles } from '../secret-files';
import { reconcile } from './reconcile';

async function run(): Promise<number> {
  // As the api reads them: DATABASE_URL_FILE, PGPASSWORD_FILE (a container's mounted secrets).
  Object.assign(process.env, withSecretFiles(process.env));
  const handle = await openDatabase(databaseOptionsFromEnv());
  try {
    // The ledger tables are part of the schema: a database the api has not opened since they came is brought up to date.
    await migrateToLatest(handle.db);
    const report = await reconcile(handle.db, { now: systemClock.now() });
    for (const mismatch of report.mismatches)
      console.log(`MISMATCH sale ${mismatch.saleId} (${mismatch.reference}): ${mismatch.problem}`);
    const money = (minor: number) => toDecimal(minor).toFixed(2);
    const { testMoney } = report;
    console.log(
      `reconcile ${handle.description}: ${report.sales} sales checked, ${money(report.collectedMinor)} collected, ` +
        `${money(report.refundedMinor)} refunded, ${report.mismatches.length} mismatch${report.mismatches.length === 1 ? '' : 'es'}` +
        (testMoney.sales > 0
          ? `; TEST MONEY apart (sandbox payments, no real money): ${testMoney.sales} sales, ${money(testMoney.collectedMinor)} collected, ${money(testMoney.refundedMinor)} refunded`
          : ''),
    );
    return report.mismatches.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
