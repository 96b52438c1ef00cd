import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Pool } from 'pg';
import { REPO_ROOT } from '../config';
import type { Database, Db } from './schema';

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (never includes a password). */
  description: string;
  /** The embedded database itself, when it is PGlite (dumps for test snapshots). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps everything in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from a dump (a tarball from dumpDataDir) instead of running initdb. */
  loadDataDir?: Blob;
  /** PostgreSQL only: the schema to work in (tests use one schema per test file). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');

/**
 * Twice the CPU cores: measured on the on-sale bench (2 cores), 4 connections served ~2,000 reservations/s where 20
 * served ~1,200, the extra backends only queueing on the hot ticket row and costing the database CPU while they wait.
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * os.availableParallelism());

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name '${name}'`);
  return `"${name}"`;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A database that does not answer fails the request in seconds (a 503, http/unavailable.ts) instead of hanging it.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${quoteIdentifier(options.schema)}` } : {}),
    });
    // An idle client's error (e.g. the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // A client's connection lost while it is checked out (the database restarted, its connection terminated, the
    // network cut) emits 'error' on that client: without a listener that would end the process. The query running on
    // it fails (a 503 to its request: http/unavailable.ts) and the pool drops the broken client.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', description: redact(options.databaseUrl), close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', description: dataDir, pglite, close: () => db.destroy() };
}

/** Options from the environment: DATABASE_URL for PostgreSQL, DATA_DIR for PGlite's directory. */
export function databaseOptionsFromEnv(env: Record<string, string | undefined> = process.env): DatabaseOptions {
  const databaseUrl = env.DATABASE_URL?.trim();
  const dataDir = env.DATA_DIR?.trim();
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...(env.PG_POOL_SIZE ? { poolSize: Number(env.PG_POOL_SIZE) } : {}),
  };
}
