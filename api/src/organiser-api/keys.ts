import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyScope, Db } from '../db/schema';

/**
 * Organiser API keys: `ck_` and 160 random bits (base64url), shown once, stored as their SHA-256. The first
 * characters (the prefix, 48 random bits) find the row; the hash is compared in constant time. A random 160-bit key
 * cannot be guessed, so a slow password hash would add latency and no safety.
 */
const KEY_PREFIX = 'ck_';
const PREFIX_LENGTH = KEY_PREFIX.length + 8;
const KEY_PATTERN = /^ck_[A-Za-z0-9_-]{27}$/;

export interface ApiKeyIdentity {
  keyId: number;
  organiserId: number;
  scope: ApiKeyScope;
  name: string;
  /** A door token's event, when it is limited to one. */
  eventId: number | null;
  /** When a door token stops working; null for keys, which never expire. */
  expiresAt: Date | null;
}

export interface CreatedKey extends ApiKeyIdentity {
  /** The whole key: returned once, never stored. */
  key: string;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export async function createApiKey(
  db: Db,
  input: { organiserId: number; scope: ApiKeyScope; name?: string; expiresAt?: Date; eventId?: number },
  now: Date,
): Promise<CreatedKey> {
  const organiser = await db
    .selectFrom('organisers')
    .select('id')
    .where('id', '=', input.organiserId)
    .executeTakeFirst();
  if (!organiser) throw new Error(`There is no organiser ${input.organiserId}.`);
  const key = KEY_PREFIX + randomBytes(20).toString('base64url');
  const row = await db
    .insertInto('organiser_api_keys')
    .values({
      organiser_id: input.organiserId,
      name: input.name ?? '',
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: sha256(key),
      scope: input.scope,
      created_at: now,
      expires_at: input.expiresAt ?? null,
      event_id: input.eventId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    key,
    keyId: row.id,
    organiserId: input.organiserId,
    scope: input.scope,
    name: input.name ?? '',
    eventId: input.eventId ?? null,
    expiresAt: input.expiresAt ?? null,
  };
}

/** Revokes a key of the organiser (of that scope alone when given); false when it has no such live key. */
export async function revokeApiKey(
  db: Db,
  organiserId: number,
  keyId: number,
  now: Date,
  scope?: ApiKeyScope,
): Promise<boolean> {
  let query = db
    .updateTable('organiser_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('organiser_id', '=', organiserId)
    .where('revoked_at', 'is', null);
  if (scope !== undefined) query = query.where('scope', '=', scope);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The key's identity when it is a live key; undefined for anything else (malformed, unknown, revoked, expired). */
export async function authenticateApiKey(db: Db, key: string, now: Date): Promise<ApiKeyIdentity | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const row = await db
    .selectFrom('organiser_api_keys')
    .select(['id', 'organiser_id', 'scope', 'name', 'key_hash', 'revoked_at', 'last_used_at', 'expires_at', 'event_id'])
    .where('prefix', '=', key.slice(0, PREFIX_LENGTH))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return undefined;
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return undefined;
  const expected = Buffer.from(row.key_hash, 'hex');
  const actual = Buffer.from(sha256(key), 'hex');
  if (!timingSafeEqual(expected, actual)) return undefined;
  // Last use to the minute is enough to tell a stale key, and spares a write per request.
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() > 60_000) {
    await db.updateTable('organiser_api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return {
    keyId: row.id,
    organiserId: row.organiser_id,
    scope: row.scope,
    name: row.name,
    eventId: row.event_id,
    expiresAt: row.expires_at,
  };
}
