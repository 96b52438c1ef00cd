import { randomBytes, createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { openDatabase, quoteIdentifier } from '../db/connect';
import { migrateToLatest, migrations } from '../db/migrate';
import type { Db } from '../db/schema';
import { seedIfEmpty } from '../seed/seed';

/** The moment every test database is seeded at, and every test clock starts from. */
export const TEST_NOW = new Date('2030-01-01T12:00:00Z');

export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  onSaleCapacity?: number;
}

/**
 * A fresh, migrated (and seeded) database for one test file. PGlite in memory by default; with DATABASE_URL set, a
 * new PostgreSQL schema (search_path) dropped on close, so the same suite runs against both.
 *
 * PGlite takes ~4 s to initialise a cluster, so the first call dumps the migrated, seeded cluster to a tarball in the
 * temp directory (keyed by a hash of the schema and the seed) and later calls load it (~0.5 s).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  const onSaleCapacity = options.onSaleCapacity ?? 100;
  const prepare = async (db: Db) => {
    await migrateToLatest(db);
    if (seed) await seedIfEmpty(db, { now: TEST_NOW, onSaleCapacity });
  };

  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new Pool({ connectionString: databaseUrl, max: 1 });
    await admin.query(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
    const handle = await openDatabase({ databaseUrl, schema, poolSize: 20 });
    try {
      await prepare(handle.db);
    } catch (error) {
      await handle.close();
      await admin.query(`DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
      await admin.end();
      throw error;
    }
    return {
      db: handle.db,
      kind: 'postgres',
      async close() {
        await handle.close();
        await admin.query(`DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
        await admin.end();
      },
    };
  }

  // The snapshot is keyed by everything that shapes it: every migration's source, the migration and seed code, the
  // seed data. A new or edited migration therefore always builds a fresh snapshot.
  const migrationsDir = path.join(__dirname, '../db/migrations');
  const migrationSources = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => readFileSync(path.join(migrationsDir, name), 'utf8'));
  const code = [
    '../db/migrate.ts',
    '../seed/seed.ts',
    '../seed/catalogue.ts',
    '../seed/demo-catalogue.json',
    '../organiser-api/catalogue/import.ts',
  ].map((file) => readFileSync(path.join(__dirname, file), 'utf8'));
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        migrationSources,
        migrations: Object.keys(migrations),
        code,
        seed,
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const prefix = `checkout-api-pglite-${seed ? `seeded-${onSaleCapacity}` : 'empty'}-`;
  const dumpPath = path.join(os.tmpdir(), `${prefix}${key}.tar.gz`);
  if (existsSync(dumpPath)) {
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dumpPath)]) });
    return { db: handle.db, kind: 'pglite', close: () => handle.close() };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await prepare(handle.db);
  if (!handle.pglite) throw new Error('expected an embedded database');
  const dump = await handle.pglite.dumpDataDir('gzip');
  const temporary = `${dumpPath}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, dumpPath);
  // Snapshots of older schemas are of no further use.
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(prefix) && name.endsWith('.tar.gz') && !dumpPath.endsWith(name))
      rmSync(path.join(os.tmpdir(), name), { force: true });
  }
  return { db: handle.db, kind: 'pglite', close: () => handle.close() };
}
