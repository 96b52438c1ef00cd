/**
 * The embedded PGlite keeps the whole database in one process's folder: a production api on it loses every sale with
 * its container, and replicas behind a load balancer would each sell from a stock of their own. So NODE_ENV=production
 * without DATABASE_URL is a mistake to stop at start-up, unless it is asked for (a one-machine demo, the e2e stack).
 */
import type { AppEnv } from '../config/env-schema';

/** Why the api must not start on this environment's database, or null when it may. */
export function embeddedDatabaseRefusal(
  env: Pick<AppEnv, 'NODE_ENV' | 'DATABASE_URL' | 'ALLOW_EMBEDDED_DB'>,
): string | null {
  if (env.NODE_ENV !== 'production' || env.DATABASE_URL || env.ALLOW_EMBEDDED_DB) return null;
  return (
    'NODE_ENV=production and no DATABASE_URL: refusing to start on the embedded database (PGlite), whose data lives in ' +
    "this process's folder only and which replicas cannot share. Set DATABASE_URL to the PostgreSQL to use " +
    '(postgres://user:password@host:5432/database), or ALLOW_EMBEDDED_DB=1 to run a single process on the embedded one anyway.'
  );
}
