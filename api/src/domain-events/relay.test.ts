import { openDatabase } from '../db/connect';
import type { Db } from '../db/schema';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import type { DomainEvent } from './events';
import { publish } from './publish';
import { type AfterCommitSubscriber, relayDomainEvents } from './relay';
import { installDomainEventSubscribers } from './subscribers';

/**
 * The after-commit relay: an event reaches its after-commit subscribers once its transaction has committed, never
 * when it rolled back, and exactly once however many processes relay at the same time.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  // No in-transaction subscriber: these tests publish events about sales that do not exist.
  installDomainEventSubscribers([]);
}, 60_000);
afterAll(() => database.close());

const paid = (saleId: number): DomainEvent => ({ type: 'order.paid', saleId, provider: 'stripe' });

/** Records what each subscriber was handed. */
function recorder() {
  const seen: DomainEvent[] = [];
  const subscribers: AfterCommitSubscriber[] = [
    { name: 'paid', type: 'order.paid', handle: (event) => seen.push(event) },
    { name: 'expired', type: 'sale.expired', handle: (event) => seen.push(event) },
  ];
  return { seen, subscribers };
}

const errors: string[] = [];
const onError = (error: unknown, subscriber: string) => errors.push(`${subscriber}: ${String(error)}`);
beforeEach(async () => {
  errors.length = 0;
  // Whatever an earlier test left unrelayed is out of the way.
  await database.db.updateTable('domain_events').set({ relayed_at: TEST_NOW }).execute();
});

const commit = (db: Db, events: DomainEvent[]) =>
  db.transaction().execute(async (tx) => {
    for (const event of events) await publish(tx, event, TEST_NOW);
  });

test('hands each committed event to the subscribers of its type, in the order published, once', async () => {
  const { seen, subscribers } = recorder();
  await commit(database.db, [paid(1), { type: 'sale.expired', saleId: 2 }, paid(3)]);
  await commit(database.db, [{ type: 'ticket.checked_in', organiserId: 1, ticketId: 9 }]);
  const first = await relayDomainEvents(database.db, subscribers, TEST_NOW, onError);
  expect(first).toEqual({ relayed: 4, unreadable: 0 });
  expect(seen).toEqual([paid(1), { type: 'sale.expired', saleId: 2 }, paid(3)]);
  expect(await relayDomainEvents(database.db, subscribers, TEST_NOW, onError)).toEqual({ relayed: 0, unreadable: 0 });
  expect(seen).toHaveLength(3);
  expect(errors).toEqual([]);
});

test('an event whose transaction rolled back is never handed on', async () => {
  const { seen, subscribers } = recorder();
  await expect(
    database.db.transaction().execute(async (tx) => {
      await publish(tx, paid(10), TEST_NOW);
      throw new Error('the change failed after publishing');
    }),
  ).rejects.toThrow('the change failed');
  await commit(database.db, [paid(11)]);
  await relayDomainEvents(database.db, subscribers, TEST_NOW, onError);
  expect(seen).toEqual([paid(11)]);
});

test('a subscriber that throws is reported; the others and the later events are still handed on', async () => {
  const { seen, subscribers } = recorder();
  const failing: AfterCommitSubscriber = {
    name: 'broken',
    type: 'order.paid',
    handle: () => {
      throw new Error('broken counter');
    },
  };
  await commit(database.db, [paid(20), paid(21)]);
  const result = await relayDomainEvents(database.db, [failing, ...subscribers], TEST_NOW, onError);
  expect(result.relayed).toBe(2);
  expect(seen).toEqual([paid(20), paid(21)]);
  expect(errors).toEqual(['broken: Error: broken counter', 'broken: Error: broken counter']);
});

test('a row no schema describes is reported and passed over, not handed on nor claimed again', async () => {
  const { seen, subscribers } = recorder();
  await database.db
    .insertInto('domain_events')
    .values({ type: 'order.paid', data: JSON.stringify({ saleId: 'not a number' }), created_at: TEST_NOW })
    .execute();
  await commit(database.db, [paid(30)]);
  expect(await relayDomainEvents(database.db, subscribers, TEST_NOW, onError)).toEqual({ relayed: 1, unreadable: 1 });
  expect(seen).toEqual([paid(30)]);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/does not match its schema/);
  expect(await relayDomainEvents(database.db, subscribers, TEST_NOW, onError)).toEqual({ relayed: 0, unreadable: 0 });
});

test('more events than one claim holds are all relayed in one run', async () => {
  const { seen, subscribers } = recorder();
  const events = Array.from({ length: 1_203 }, (_, index) => paid(1_000 + index));
  await commit(database.db, events);
  expect((await relayDomainEvents(database.db, subscribers, TEST_NOW, onError)).relayed).toBe(1_203);
  expect(seen).toEqual(events);
});

test('processes relaying at the same time hand each event on exactly once between them', async () => {
  // On PostgreSQL a second pool is a second process's connections; PGlite is one process's database.
  const second = database.url ? await openDatabase({ databaseUrl: database.url }) : undefined;
  try {
    const events = Array.from({ length: 600 }, (_, index) => paid(5_000 + index));
    await commit(database.db, events);
    const replicas = [recorder(), recorder(), recorder(), recorder()];
    const other = second?.db ?? database.db;
    const dbs = [database.db, other, database.db, other];
    await Promise.all(
      replicas.map((replica, index) =>
        relayDomainEvents(dbs[index % dbs.length] ?? database.db, replica.subscribers, TEST_NOW, onError),
      ),
    );
    const all = replicas.flatMap((replica) => replica.seen.map((event) => (event as { saleId: number }).saleId));
    expect(all.sort((a, b) => a - b)).toEqual(events.map((event) => (event as { saleId: number }).saleId));
  } finally {
    await second?.close();
  }
});
