import type { DatabaseConnection, Dialect, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { Histogram } from 'prom-client';

/** How long a query waited for a connection, by database kind: PostgreSQL's pool, or PGlite's one serialised connection. */
export const connectionAcquireSeconds = new Histogram({
  name: 'db_connection_acquire_seconds',
  help: 'Time a query or transaction waited to get a database connection',
  labelNames: ['database'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [],
});

export interface ConnectionStats {
  database: 'pglite' | 'postgres';
  /** Queries and transactions waiting for a connection right now. */
  waiting(): number;
  /** PostgreSQL only: the pool's connections, open and idle. */
  pool?: () => { total: number; idle: number };
}

const statsByDb = new WeakMap<object, ConnectionStats>();

export function connectionStatsOf(db: object): ConnectionStats | undefined {
  return statsByDb.get(db);
}

export function rememberConnectionStats(db: object, stats: ConnectionStats): void {
  statsByDb.set(db, stats);
}

/**
 * Times every connection a query or transaction asks Kysely's driver for. The driver is where both databases make a
 * query wait: node-postgres's pool when all its clients are busy, and kysely-pglite-dialect's queue in front of PGlite's
 * single connection; so one measure serves both.
 */
class TimedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly database: string,
    private readonly counter: { waiting: number },
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const end = connectionAcquireSeconds.startTimer({ database: this.database });
    this.counter.waiting += 1;
    try {
      return await this.inner.acquireConnection();
    } finally {
      this.counter.waiting -= 1;
      end();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('this database driver has no savepoints');
    return this.inner.savepoint(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('this database driver has no savepoints');
    return this.inner.rollbackToSavepoint(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('this database driver has no savepoints');
    return this.inner.releaseSavepoint(connection, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A dialect whose driver times connection waits (see TimedDriver); `counter.waiting` is how many wait now. */
export function timedDialect(inner: Dialect, database: string, counter: { waiting: number }): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new TimedDriver(inner.createDriver(), database, counter),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}
