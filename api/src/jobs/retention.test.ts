import { sql, type RawBuilder } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  DOMAIN_EVENT_RETENTION_DAYS,
  finishedJobIds,
  sentMessageIds,
  startRetentionSweeper,
  sweepRetention,
} from './retention';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

async function job(status: 'pending' | 'running' | 'done' | 'failed', finishedDaysAgo: number | null) {
  const row = await t.db
    .insertInto('jobs')
    .values({
      kind: 'retention.test',
      payload: '{}',
      run_at: daysAgo(60),
      status,
      created_at: daysAgo(60),
      finished_at: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function message(subject: string, sentDaysAgo: number | null, createdDaysAgo = 60) {
  const row = await t.db
    .insertInto('outbox')
    .values({
      to_address: 'retention@example.com',
      subject,
      text_body: subject,
      created_at: daysAgo(createdDaysAgo),
      sent_at: sentDaysAgo === null ? null : daysAgo(sentDaysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const remaining = async (table: 'jobs' | 'outbox', ids: number[]) =>
  (await t.db.selectFrom(table).select('id').where('id', 'in', ids).orderBy('id').execute()).map((row) => row.id);

test('finished jobs older than JOB_RETENTION_DAYS go; pending, running and failed jobs stay however old', async () => {
  const oldDone = await job('done', 15);
  const recentDone = await job('done', 13);
  const oldFailed = await job('failed', 200);
  const oldPending = await job('pending', null);
  const oldRunning = await job('running', null);
  const result = await sweepRetention(t.db, t.clock.now(), { jobDays: 14, outboxDays: 30 });
  expect(result.jobs).toBe(1);
  expect(await remaining('jobs', [oldDone, recentDone, oldFailed, oldPending, oldRunning])).toEqual([
    recentDone,
    oldFailed,
    oldPending,
    oldRunning,
  ]);
});

test('sent mail older than OUTBOX_RETENTION_DAYS goes; unsent mail stays however old, and the outbox still lists it', async () => {
  const oldSent = await message('old and sent', 31);
  const recentSent = await message('recently sent', 29);
  const oldUnsent = await message('old, never sent', null, 400);
  const result = await sweepRetention(t.db, t.clock.now(), { jobDays: 14, outboxDays: 30 });
  expect(result.messages).toBe(1);
  expect(await remaining('outbox', [oldSent, recentSent, oldUnsent])).toEqual([recentSent, oldUnsent]);
  const listed = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=retention@example.com&limit=10' });
  expect(listed.statusCode).toBe(200);
  expect(
    listed
      .json<{ messages: Array<{ subject: string }> }>()
      .messages.map((row) => row.subject)
      .sort(),
  ).toEqual(['old, never sent', 'recently sent']);
});

test('the periodic sweeper deletes in batches until nothing old is left, and reports what it deleted', async () => {
  const ids = await Promise.all(Array.from({ length: 1205 }, () => job('done', 20)));
  const swept: Array<{ jobs: number; messages: number }> = [];
  const sweeper = startRetentionSweeper({
    db: t.db,
    clock: t.clock,
    policy: { jobDays: 14, outboxDays: 30 },
    intervalMs: 3_600_000,
    onError: (error) => {
      throw error;
    },
    onSwept: (result) => swept.push(result),
  });
  try {
    expect(await sweeper.sweepNow()).toEqual({ jobs: 1205, messages: 0, domainEvents: 0 });
    expect(swept).toEqual([{ jobs: 1205, messages: 0, domainEvents: 0 }]);
    expect(await remaining('jobs', ids)).toEqual([]);
  } finally {
    await sweeper.stop();
  }
});

test('finds what it deletes through its partial indexes, not by reading every job or message', async () => {
  await t.db.transaction().execute(async (tx) => {
    // The test tables are small enough for a sequential scan to win: the question is whether an index can serve.
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    const plan = async (query: RawBuilder<unknown>) =>
      (await sql<Record<string, string>>`EXPLAIN ${query}`.execute(tx)).rows.flatMap(Object.values).join('\n');
    expect(await plan(finishedJobIds(t.clock.now()))).toContain('jobs_done_finished');
    expect(await plan(sentMessageIds(t.clock.now()))).toContain('outbox_sent');
  });
});

test('domain events older than DOMAIN_EVENT_RETENTION_DAYS go; newer ones stay', async () => {
  const published = async (daysAgo: number) =>
    (
      await t.db
        .insertInto('domain_events')
        .values({
          type: 'sale.expired',
          data: JSON.stringify({ saleId: 1 }),
          created_at: new Date(t.clock.now().getTime() - daysAgo * 24 * 60 * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const old = await published(DOMAIN_EVENT_RETENTION_DAYS + 1);
  const recent = await published(DOMAIN_EVENT_RETENTION_DAYS - 1);
  const result = await sweepRetention(t.db, t.clock.now(), { jobDays: 14, outboxDays: 30 });
  expect(result.domainEvents).toBe(1);
  const left = await t.db.selectFrom('domain_events').select('id').where('id', 'in', [old, recent]).execute();
  expect(left.map((row) => row.id)).toEqual([recent]);
});
