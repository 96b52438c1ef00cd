import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Pool } from 'pg';
import { REPO_ROOT } from '../config';
import { rememberConnectionStats, timedDialect } from './db-connections';
import { lockDataDir } from './embedded-lock';
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
  /** statement_timeout of every connection, in ms (DB_STATEMENT_TIMEOUT_MS); 0 turns it off. */
  statementTimeoutMs?: number;
}

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');

/**
 * Twice the CPU cores: measured on the on-sale bench (2 cores), 4 connections served ~2,000 reservations/s where 20
 * served ~1,200, the extra backends only queueing on the hot ticket row and costing the database CPU while they wait.
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * os.availableParallelism());

/**
 * A statement still running after 15 s is stuck (a lock never released, a runaway plan): PostgreSQL cancels it, its
 * request fails and its connection goes back to the pool, rather than the pool draining one stuck query at a time.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

/** Where the data lives, as the start-up log and its refusals name it: the URL without its password, or the folder. */
export function describeDatabase(options: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir'>): string {
  return options.databaseUrl ? redact(options.databaseUrl) : (options.dataDir ?? DEFAULT_DATA_DIR);
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name '${name}'`);
  return `"${name}"`;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const waits = { waiting: 0 };
  if (options.databaseUrl) {
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A database that does not answer fails the request in seconds (a 503, http/unavailable.ts) instead of hanging it.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Sent in every connection's start-up packet, so no connection of the pool is ever without it.
      statement_timeout: statementTimeoutMs,
      ...(options.schema ? { options: `-c search_path=${quoteIdentifier(options.schema)}` } : {}),
    });
    // An idle client's error (e.g. the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // A client's connection lost while it is checked out (the database restarted, its connection terminated, the
    // network cut) emits 'error' on that client: without a listener that would end the process. The query running on
    // it fails (a 503 to its request: http/unavailable.ts) and the pool drops the broken client.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: timedDialect(new PostgresDialect({ pool }), 'postgres', waits) });
    rememberConnectionStats(db, {
      database: 'postgres',
      waiting: () => waits.waiting,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount }),
    });
    return { db, kind: 'postgres', description: describeDatabase(options), close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  let unlock = (): void => undefined;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const pglite = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await pglite.waitReady;
  // Accepted and shown by PGlite, but not enforced: its single-user WebAssembly backend has no timer to cancel a
  // statement with. Set anyway, so `SHOW statement_timeout` says the same on both databases.
  await pglite.exec(`SET statement_timeout = ${Math.floor(statementTimeoutMs)}`);
  const db = new Kysely<Database>({ dialect: timedDialect(new PGliteDialect(pglite), 'pglite', waits) });
  rememberConnectionStats(db, { database: 'pglite', waiting: () => waits.waiting });
  return {
    db,
    kind: 'pglite',
    description: describeDatabase(options),
    pglite,
    close: async () => {
      await db.destroy();
      unlock();
    },
  };
}

/** Options from the environment: DATABASE_URL for PostgreSQL, DATA_DIR for PGlite's directory. */
export function databaseOptionsFromEnv(env: Record<string, string | undefined> = process.env): DatabaseOptions {
  const databaseUrl = env.DATABASE_URL?.trim();
  const dataDir = env.DATA_DIR?.trim();
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...(env.PG_POOL_SIZE ? { poolSize: Number(env.PG_POOL_SIZE) } : {}),
    ...(env.DB_STATEMENT_TIMEOUT_MS?.trim()
      ? { statementTimeoutMs: statementTimeoutFrom(env.DB_STATEMENT_TIMEOUT_MS) }
      : {}),
  };
}

function statementTimeoutFrom(raw: string): number {
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0: no limit), got '${raw}'`);
  return value;
}
