import { parseEnv } from '../config/env-schema';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEFAULT_STATEMENT_TIMEOUT_MS, databaseOptionsFromEnv, openDatabase } from './connect';

const databaseUrl = process.env.DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

test('every connection has statement_timeout, 15 s unless DB_STATEMENT_TIMEOUT_MS says otherwise', async () => {
  expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(15_000);
  // The app's own connections (the PostgreSQL pool's, or PGlite's one).
  const shown = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(t.db);
  expect(shown.rows[0]?.statement_timeout).toBe('15s');
  expect(databaseOptionsFromEnv(parseEnv({ DB_STATEMENT_TIMEOUT_MS: '2500' })).statementTimeoutMs).toBe(2500);
  expect(() => databaseOptionsFromEnv(parseEnv({ DB_STATEMENT_TIMEOUT_MS: 'soon' }))).toThrow(
    /DB_STATEMENT_TIMEOUT_MS/,
  );
});

// PGlite accepts the setting but cannot enforce it (its WebAssembly backend has no timer to interrupt a statement), so
// the cancellation is proved on PostgreSQL only.
(databaseUrl ? test : test.skip)(
  'PostgreSQL cancels a statement that runs longer, and the pool carries on',
  async () => {
    if (!databaseUrl) return;
    const handle = await openDatabase({ databaseUrl, poolSize: 2, statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(sql`SELECT pg_sleep(5)`.execute(handle.db)).rejects.toMatchObject({
        code: '57014',
        message: expect.stringMatching(/statement timeout/),
      });
      expect(Date.now() - started).toBeLessThan(3000);
      // Every connection of the pool has it, not only the first.
      const results = await Promise.allSettled([
        sql`SELECT pg_sleep(2)`.execute(handle.db),
        sql`SELECT pg_sleep(2)`.execute(handle.db),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
      expect(after.rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  },
);
