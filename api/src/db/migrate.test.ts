import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import type { Db } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.close());

async function tablesIn(db: Db, schema: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`.execute(db);
  return rows.map((row) => row.name);
}

test('migrating again is a no-op', async () => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const schema = rows[0]?.schema ?? 'public';
  const before = await tablesIn(database.db, schema);
  expect(before).toEqual(expect.arrayContaining(['sales', 'holds', 'ticket_types', 'kysely_migration']));
  await migrateToLatest(database.db);
  expect(await tablesIn(database.db, schema)).toEqual(before);
});

test('a second schema of the same database gets its own tables, whatever the first one holds', async () => {
  const sibling = `sibling_${Date.now().toString(36)}`;
  await sql.raw(`create schema ${sibling}`).execute(database.db);
  try {
    if (database.kind === 'postgres') {
      const other = await openDatabase({ databaseUrl: database.url ?? '', schema: sibling, poolSize: 1 });
      try {
        await migrateToLatest(other.db);
      } finally {
        await other.close();
      }
    } else {
      // PGlite is one connection: moving its search_path moves every later query.
      await sql.raw(`set search_path to ${sibling}`).execute(database.db);
      try {
        await migrateToLatest(database.db);
      } finally {
        await sql.raw('set search_path to public').execute(database.db);
      }
    }
    expect(await tablesIn(database.db, sibling)).toEqual(
      expect.arrayContaining(['sales', 'holds', 'ticket_types', 'kysely_migration']),
    );
  } finally {
    await sql.raw(`drop schema ${sibling} cascade`).execute(database.db);
  }
});
