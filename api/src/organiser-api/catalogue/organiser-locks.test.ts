import { sql } from 'kysely';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';
import { lockCatalogue } from './writer';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
}, 60_000);
afterAll(() => t.close());

// PGlite has one connection: a transaction left open there holds every other query, so only PostgreSQL shows this.
const onPostgres = !!process.env.DATABASE_URL;

async function waitingForALock(): Promise<boolean> {
  const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
  return (rows[0]?.waiting ?? 0) > 0;
}

const waiver = (externalId: string) => ({ external_id: externalId, title: 'Terms', body_html: '<p>Terms.</p>' });

(onPostgres ? test : test.skip)(
  'one organiser’s catalogue lock, held in an open transaction, lets another organiser write and holds its own',
  async () => {
    let folkAnswer: Promise<{ statusCode: number }> | undefined;
    let folkSettled = false;
    await t.db.transaction().execute(async (tx) => {
      await lockCatalogue(tx, SEED.organiser.folk);
      // Another organiser's write completes while folk's lock is held.
      const jazzAnswer = await jazz.call('POST', '/waivers', waiver('lock-jazz'));
      expect(jazzAnswer.statusCode).toBe(201);
      // Folk's own write waits for the lock.
      folkAnswer = folk.call('POST', '/waivers', waiver('lock-folk')).then((answer) => {
        folkSettled = true;
        return answer;
      });
      for (let i = 0; i < 200 && !(await waitingForALock()); i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(await waitingForALock()).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(folkSettled).toBe(false);
    });
    expect((await folkAnswer)?.statusCode).toBe(201);
  },
);

test('a catalogue write takes its organiser’s lock: another organiser’s lock is free meanwhile, its own is not', async () => {
  await t.db.transaction().execute(async (tx) => {
    await lockCatalogue(tx, SEED.organiser.folk);
    const { rows } = await sql<{ objid: number; granted: boolean }>`SELECT objid::int AS objid, granted FROM pg_locks
      WHERE locktype = 'advisory' AND objsubid = 2 AND classid = hashtext('checkout_catalogue')::oid
        AND pid = pg_backend_pid()`.execute(tx);
    expect(rows).toEqual([{ objid: SEED.organiser.folk, granted: true }]);
  });
});
