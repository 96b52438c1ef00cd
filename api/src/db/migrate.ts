import { inspect } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { statements as initial } from './migrations/0001_initial';
import { statements as basket } from './migrations/0002_basket';
import { statements as account } from './migrations/0003_account';
import { statements as payment } from './migrations/0004_payment';
import { statements as delivery } from './migrations/0005_delivery';
import { statements as postSale } from './migrations/0006_post_sale';
import { statements as waiverSignatures } from './migrations/0007_waiver_signatures';
import { statements as paymentIntegrity } from './migrations/0008_payment_integrity';
import { statements as identity } from './migrations/0009_identity';
import { statements as receipts } from './migrations/0010_receipts';
import { statements as truelayer } from './migrations/0011_truelayer';
import { statements as ledgerShares } from './migrations/0012_ledger_shares';
import { statements as organiserApi } from './migrations/0013_organiser_api';
import { statements as webhookAttempts } from './migrations/0016_webhook_attempts';
import { statements as catalogueImport } from './migrations/0014_catalogue_import';
import { statements as orderRefunds } from './migrations/0015_order_refunds';
import { statements as door } from './migrations/0017_door';
import { statements as retentionIndexes } from './migrations/0018_retention_indexes';
import { statements as ledgerRefundRepeat } from './migrations/0019_ledger_refund_repeat';
import { statements as stockBuckets } from './migrations/0020_stock_buckets';
import { statements as waitingRoom } from './migrations/0021_waiting_room';
import { statements as testMoney } from './migrations/0022_test_money';
import { statements as requestRateWindows } from './migrations/0023_request_rate_windows';
import { statements as queuePlaces } from './migrations/0024_queue_places';
import { statements as holdExtension } from './migrations/0025_hold_extension';
import { statements as domainEvents } from './migrations/0026_domain_events';
import { statements as domainEventRelay } from './migrations/0027_domain_event_relay';
import { statements as checkoutRead } from './migrations/0028_checkout_read';
import { statements as checkoutReadTypes } from './migrations/0029_checkout_read_types';

/** One migration = a list of SQL statements (PGlite's extended protocol takes one statement per query). */
function fromStatements(list: readonly string[]): Migration {
  return {
    async up(db) {
      for (const statement of list) await sql.raw(statement).execute(db);
    },
  };
}

/** Migrations live in code (no files to find at run time), named so they sort in order. */
export const migrations: Record<string, Migration> = {
  '0001_initial': fromStatements(initial),
  '0002_basket': fromStatements(basket),
  '0003_account': fromStatements(account),
  '0004_payment': fromStatements(payment),
  '0005_delivery': fromStatements(delivery),
  '0006_post_sale': fromStatements(postSale),
  '0007_waiver_signatures': fromStatements(waiverSignatures),
  '0008_payment_integrity': fromStatements(paymentIntegrity),
  '0009_identity': fromStatements(identity),
  '0010_receipts': fromStatements(receipts),
  '0011_truelayer': fromStatements(truelayer),
  '0012_ledger_shares': fromStatements(ledgerShares),
  '0013_organiser_api': fromStatements(organiserApi),
  '0016_webhook_attempts': fromStatements(webhookAttempts),
  '0014_catalogue_import': fromStatements(catalogueImport),
  '0015_order_refunds': fromStatements(orderRefunds),
  '0017_door': fromStatements(door),
  '0018_retention_indexes': fromStatements(retentionIndexes),
  '0019_ledger_refund_repeat': fromStatements(ledgerRefundRepeat),
  '0020_stock_buckets': fromStatements(stockBuckets),
  '0021_waiting_room': fromStatements(waitingRoom),
  '0022_test_money': fromStatements(testMoney),
  '0023_request_rate_windows': fromStatements(requestRateWindows),
  '0024_queue_places': fromStatements(queuePlaces),
  '0025_hold_extension': fromStatements(holdExtension),
  '0026_domain_events': fromStatements(domainEvents),
  '0027_domain_event_relay': fromStatements(domainEventRelay),
  '0028_checkout_read': fromStatements(checkoutRead),
  '0029_checkout_read_types': fromStatements(checkoutReadTypes),
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest version; throws with the failing migration's error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: name the one we work in (tests use a
  // schema per file, and another schema of the same database may hold its own kysely_migration tables).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    // Kysely types the error as unknown: anything but an Error is shown as node prints it, never as [object Object].
    const cause = error instanceof Error ? error : new Error(error === undefined ? 'unknown error' : inspect(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
