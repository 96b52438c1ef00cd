/**
 * `npm run organiser -- <command>` (in the image: `node dist/organiser.js <command>`): manages organisers' API keys on
 * the database the api uses (PGlite under .data/, or DATABASE_URL).
 *
 *   create-key --organiser ID [--read-only] [--name TEXT]   prints the new key alone on its last line (shown once)
 *   revoke-key --organiser ID --key KEY_ID
 *   list-keys --organiser ID
 *   list-organisers
 */
import { parseArgs } from 'node:util';
import { systemClock } from '../platform/clock';
import { databaseOptionsFromEnv, openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';
import { createApiKey, revokeApiKey } from './keys';

const USAGE = `Usage: npm run organiser -- <command>
  create-key --organiser ID [--read-only] [--name TEXT]
  revoke-key --organiser ID --key KEY_ID
  list-keys --organiser ID
  list-organisers`;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, flag: string): number {
  if (value === undefined) throw new UsageError(`${flag} is required.`);
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 2_147_483_647)
    throw new UsageError(`${flag} must be a whole number, got '${value}'.`);
  return number;
}

async function organiserName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('organisers').select('name').where('id', '=', id).executeTakeFirst();
  if (!row) throw new UsageError(`There is no organiser ${id}. 'list-organisers' lists them.`);
  return row.name;
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      organiser: { type: 'string' },
      'read-only': { type: 'boolean', default: false },
      name: { type: 'string' },
      key: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (!command || !['create-key', 'revoke-key', 'list-keys', 'list-organisers'].includes(command))
    throw new UsageError(command ? `Unknown command '${command}'.` : 'Name a command.');
  const handle = await openDatabase(databaseOptionsFromEnv());
  try {
    await migrateToLatest(handle.db);
    const db = handle.db;
    const now = systemClock.now();
    if (command === 'list-organisers') {
      const rows = await db.selectFrom('organisers').select(['id', 'name']).orderBy('id').execute();
      for (const row of rows) console.log(`${row.id}\t${row.name}`);
      if (rows.length === 0)
        console.log(
          'No organisers yet: start the api once (it loads the demo catalogue) or import one (npm run catalogue -- import FILE).',
        );
      return;
    }
    const organiserId = wholeNumber(values.organiser, '--organiser');
    const name = await organiserName(db, organiserId);
    if (command === 'create-key') {
      const scope = values['read-only'] ? 'read' : 'write';
      const created = await createApiKey(db, { organiserId, scope, name: values.name ?? '' }, now);
      console.log(
        `Created ${scope === 'write' ? 'a read-write' : 'a read-only'} key (id ${created.keyId}) for ${name}. ` +
          'It is shown once, here; send it as "Authorization: Bearer <key>":',
      );
      console.log(created.key);
    } else if (command === 'revoke-key') {
      const keyId = wholeNumber(values.key, '--key');
      if (!(await revokeApiKey(db, organiserId, keyId, now))) throw new UsageError(`${name} has no live key ${keyId}.`);
      console.log(`Revoked key ${keyId} of ${name}.`);
    } else {
      const rows = await db
        .selectFrom('organiser_api_keys')
        .select(['id', 'name', 'prefix', 'scope', 'created_at', 'last_used_at', 'revoked_at'])
        .where('organiser_id', '=', organiserId)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const state = row.revoked_at ? `revoked ${row.revoked_at.toISOString()}` : 'live';
        const used = row.last_used_at ? `last used ${row.last_used_at.toISOString()}` : 'never used';
        console.log(`${row.id}\t${row.prefix}…\t${row.scope}\t${state}\t${used}\t${row.name}`);
      }
    }
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
