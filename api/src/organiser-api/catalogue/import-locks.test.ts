import { sql } from 'kysely';
import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
}, 60_000);
afterAll(() => t.close());

const onPostgres = !!process.env.DATABASE_URL;

const ticketType = (externalId: string, capacity: number) => ({
  external_id: externalId,
  date: 'fri',
  name: externalId === 'adult' ? 'Adult' : 'Child',
  price_minor: 2000,
  currency: 'GBP',
  capacity,
});

const catalogue = (types: ReturnType<typeof ticketType>[]) => ({
  events: [
    {
      external_id: 'locks-1',
      slug: 'lock-order-sessions',
      title: 'Lock Order Sessions',
      venue: { location: 'The Boathouse, Brighton', full_address: '1 Marina Way, Brighton BN2 5UF' },
      dates: [{ external_id: 'fri', starts_at: '2030-03-01T19:30:00Z' }],
      ticket_types: types,
    },
  ],
});

async function waitingForALock(): Promise<boolean> {
  const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
  return (rows[0]?.waiting ?? 0) > 0;
}

(onPostgres ? test : test.skip)(
  'an import naming ticket types against their id order runs beside a reservation locking them in id order: no deadlock',
  async () => {
    const created = await folk.call(
      'POST',
      '/catalogue/import',
      catalogue([ticketType('adult', 100), ticketType('child', 40)]),
    );
    expect(created.statusCode).toBe(200);
    const ids = created.json<{ organiser: { events: { ticket_types: Record<string, number> }[] } }>().organiser
      .events[0]!.ticket_types;
    const [adult, child] = [ids.adult!, ids.child!];
    expect(adult).toBeLessThan(child);

    // A reservation locks its ticket types in id order (reserve_sale); here it holds the first and will want the second.
    let importAnswer: Promise<{ statusCode: number }> | undefined;
    await t.db.transaction().execute(async (tx) => {
      await sql`SELECT id FROM ticket_types WHERE id = ${adult} FOR UPDATE`.execute(tx);
      // The import names the child first: locked in the file's order, it would hold the child and wait for the adult.
      importAnswer = folk.call(
        'POST',
        '/catalogue/import',
        catalogue([ticketType('child', 50), ticketType('adult', 120)]),
      );
      for (let i = 0; i < 200 && !(await waitingForALock()); i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(await waitingForALock()).toBe(true);
      // Past PostgreSQL's deadlock check (1 s by default), had there been a cycle.
      await sql`SET LOCAL lock_timeout = '3s'`.execute(tx);
      await sql`SELECT id FROM ticket_types WHERE id = ${child} FOR UPDATE`.execute(tx);
      await sql`SELECT pg_sleep(1.2)`.execute(tx);
    });
    expect((await importAnswer)?.statusCode).toBe(200);
    const capacities = await t.db
      .selectFrom('ticket_types')
      .select(['id', 'capacity'])
      .where('id', 'in', [adult, child])
      .orderBy('id')
      .execute();
    expect(capacities).toEqual([
      { id: adult, capacity: 120 },
      { id: child, capacity: 50 },
    ]);
  },
);
