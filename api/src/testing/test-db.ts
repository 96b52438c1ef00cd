import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, quoteIdentifier } from '../db/connect';
import { migrateToLatest, migrations } from '../db/migrate';
import type { Db } from '../db/schema';
import { seedIfEmpty } from '../seed/seed';

/** The moment every test database is seeded at, and every test clock starts from. */
export const TEST_NOW = new Date('2030-01-01T12:00:00Z');

export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string of this test's own database. */
  url?: string;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  onSaleCapacity?: number;
}

/**
 * A fresh, migrated (and seeded) database for one test file: PGlite in memory by default; with DATABASE_URL set, a new
 * PostgreSQL database of its own, dropped on close, so the same suite runs against both.
 *
 * Neither migrates per file. Migrating and seeding takes seconds (PGlite also needs ~4 s to initialise a cluster), so
 * the first file of a run prepares one copy and every later file starts from it: on PGlite a dump of the cluster in the
 * temp directory (loaded in ~0.5 s), on PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`, ~0.1 s). Both are
 * named after a hash of everything that shapes them, so an edited migration or seed always prepares a fresh one.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  const onSaleCapacity = options.onSaleCapacity ?? 100;
  const prepare = async (db: Db) => {
    await migrateToLatest(db);
    if (seed) await seedIfEmpty(db, { now: TEST_NOW, onSaleCapacity });
  };
  const variant = seed ? `seeded_${onSaleCapacity}` : 'empty';
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? createPostgresDatabase(databaseUrl, variant, prepare) : createPgliteDatabase(variant, prepare);
}

let key: string | undefined;

/** Every source file under `dir` (tests aside), in a stable order. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A hash of everything a prepared database can depend on: every source file of the api and of the shared contract
 * (migrations, the seed and its data, and whatever they import, such as the catalogue import's schemas), tests aside.
 * Hashing them all costs a few milliseconds and never keeps a copy made by older code.
 */
function snapshotKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const file of [
    ...sourcesUnder(path.join(__dirname, '..')),
    ...sourcesUnder(path.join(__dirname, '../../../shared/src')),
  ])
    hash.update(file).update(readFileSync(file));
  hash.update(JSON.stringify(Object.keys(migrations)));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

async function createPgliteDatabase(variant: string, prepare: (db: Db) => Promise<void>): Promise<TestDatabase> {
  const prefix = `checkout-api-pglite-${variant}-`;
  const dumpPath = path.join(os.tmpdir(), `${prefix}${snapshotKey()}.tar.gz`);
  if (existsSync(dumpPath)) {
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dumpPath)]) });
    return { db: handle.db, kind: 'pglite', close: () => handle.close() };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await prepare(handle.db);
  if (!handle.pglite) throw new Error('expected an embedded database');
  const dump = await handle.pglite.dumpDataDir('gzip');
  // Written aside and renamed, so a worker preparing the same snapshot at the same moment never reads half a file.
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

/** The same server, another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Work done through the server's `postgres` database, whichever database DATABASE_URL names: advisory locks hold
 * within one database, so every suite that prepares templates on this server (the server suite, the reliability
 * suite's in-process apps) takes them in the same one.
 */
async function withAdmin<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrlFor(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * The migrated (and seeded) template database of this variant, prepared by the first file that asks for it. An
 * advisory lock makes the other workers of the run (and other runs on the same server) wait for it rather than prepare
 * it again; it is prepared under another name and renamed once whole, so a half-prepared template is never copied.
 */
function postgresTemplate(databaseUrl: string, variant: string, prepare: (db: Db) => Promise<void>): Promise<string> {
  const name = `checkout_template_${variant}_${snapshotKey()}`;
  const known = templates.get(name);
  if (known) return known;
  const made = withAdmin(databaseUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(building)}`);
      await admin.query(`CREATE DATABASE ${quoteIdentifier(building)}`);
      const handle = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, building), poolSize: 4 });
      try {
        await prepare(handle.db);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(name)}`);
      // Templates of older code are of no further use here, but another checkout on this server may be copying one
      // at this moment: a template in use is left for a later run to drop.
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 and datname <> $2',
        [`checkout\\_template\\_${variant}\\_%`, name],
      );
      for (const { datname } of rows)
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)}`).catch(() => undefined);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  templates.set(name, made);
  made.catch(() => templates.delete(name));
  return made;
}

async function createPostgresDatabase(
  databaseUrl: string,
  variant: string,
  prepare: (db: Db) => Promise<void>,
): Promise<TestDatabase> {
  const template = await postgresTemplate(databaseUrl, variant, prepare);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );
  const url = databaseUrlFor(databaseUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 20 });
  return {
    db: handle.db,
    kind: 'postgres',
    url,
    async close() {
      await handle.close();
      await withAdmin(databaseUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}
