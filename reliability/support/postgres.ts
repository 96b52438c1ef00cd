/**
 * The PostgreSQL the reliability suite runs on (RELIABILITY_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432):
 * each test file makes its own database `rel_<random>` and drops it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';

export const POSTGRES_URL = (process.env.RELIABILITY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
  /\/+$/,
  '',
);

export function urlFor(database: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let answered: boolean | undefined;

/**
 * Whether PostgreSQL answers, checked synchronously (jest decides `describe` or `describe.skip` while collecting
 * tests): a child node process tries to connect within 3 s.
 */
export function postgresAnswers(): boolean {
  if (answered !== undefined) return answered;
  const probe = `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', probe, urlFor('postgres')], { stdio: 'ignore', timeout: 10_000 });
    answered = true;
  } catch {
    answered = false;
  }
  return answered;
}

/**
 * `describe` when PostgreSQL answers. Otherwise, on CI (where .ci/run starts PostgreSQL) a failing test, since races
 * that silently did not run prove nothing; on a developer's machine `describe.skip`, saying why once.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresAnswers()) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      test('needs PostgreSQL', () => {
        throw new Error(`no PostgreSQL answers at ${POSTGRES_URL}: CI must run the reliability suite on PostgreSQL`);
      });
    });
    return;
  }
  console.warn(`SKIPPED '${name}': no PostgreSQL answers at ${POSTGRES_URL} (set RELIABILITY_POSTGRES_URL to run it)`);
  describe.skip(name, body);
}

export interface TestDatabase {
  name: string;
  url: string;
  /** A pool on the same database, for the test's own reads and checks. */
  pool: Pool;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(): Promise<TestDatabase> {
  const name = `rel_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = urlFor(name);
  const pool = new Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Ends every connection to the database but the caller's (a database outage as the api sees it). */
export async function terminateBackends(database: string): Promise<number> {
  return admin(async (client) => {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rowCount ?? 0;
  });
}
