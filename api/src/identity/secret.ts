import { randomBytes } from 'node:crypto';
import type { Db } from '../db/schema';

const KEY = 'session_secret';

/**
 * The HMAC key for XSRF tokens: SESSION_SECRET when set, else one generated on first start and kept in the database,
 * so the embedded default needs no configuration and tokens survive restarts. Several replicas agree on it because
 * the first insert wins.
 */
export async function loadSessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('settings')
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}
