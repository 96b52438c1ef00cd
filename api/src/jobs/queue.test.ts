import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import { manualClock } from '../platform/clock';
import { claimJobs, enqueueJob, pendingJobs, startJobRunner, type Job } from './queue';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.close());

const jobsOf = (kind: string) =>
  database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

test('a due job runs once and is marked done; a future one waits for its time', async () => {
  const clock = manualClock(TEST_NOW);
  const seen: unknown[] = [];
  await enqueueJob(database.db, { kind: 'greet', payload: { name: 'now' }, runAt: clock.now() }, clock.now());
  await enqueueJob(
    database.db,
    { kind: 'greet', payload: { name: 'later' }, runAt: new Date(clock.now().getTime() + 60_000) },
    clock.now(),
  );
  const runner = startJobRunner({
    db: database.db,
    clock,
    handlers: { greet: async (payload) => void seen.push(payload) },
    intervalMs: 60_000,
    onError: () => undefined,
  });
  try {
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ name: 'now' }]);
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ name: 'now' }, { name: 'later' }]);
    expect((await jobsOf('greet')).map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  } finally {
    await runner.stop();
  }
});

test('a failing job is retried with backoff, then marked failed after its last attempt', async () => {
  const clock = manualClock(TEST_NOW);
  await enqueueJob(database.db, { kind: 'flaky', runAt: clock.now(), maxAttempts: 2 }, clock.now());
  const errors: unknown[] = [];
  const runner = startJobRunner({
    db: database.db,
    clock,
    handlers: { flaky: async () => Promise.reject(new Error('provider timed out')) },
    intervalMs: 60_000,
    onError: (error) => errors.push(error),
  });
  try {
    await runner.runDue();
    const [afterFirst] = await jobsOf('flaky');
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, last_error: 'provider timed out' });
    expect(afterFirst?.run_at.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(30_000);
    await runner.runDue();
    expect((await jobsOf('flaky'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(errors).toHaveLength(2);
  } finally {
    await runner.stop();
  }
});

test('a dedupe key keeps one waiting job per key', async () => {
  const first = await enqueueJob(database.db, { kind: 'once', runAt: TEST_NOW, dedupeKey: 'sale:1' }, TEST_NOW);
  const second = await enqueueJob(database.db, { kind: 'once', runAt: TEST_NOW, dedupeKey: 'sale:1' }, TEST_NOW);
  expect(first).toEqual(expect.any(Number));
  expect(second).toBeUndefined();
  expect(await pendingJobs(database.db, 'once')).toBe(1);
});

test('concurrent claims never hand one job to two runners; a lapsed lease is claimed again (a restart)', async () => {
  for (let i = 0; i < 20; i += 1)
    await enqueueJob(database.db, { kind: 'share', payload: { i }, runAt: TEST_NOW }, TEST_NOW);
  const claims: Job[][] = await Promise.all([1, 2, 3, 4].map(() => claimJobs(database.db, TEST_NOW, 8, 60_000)));
  const ids = claims
    .flat()
    .filter((job) => job.kind === 'share')
    .map((job) => job.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(20);
  // Nobody completed them (the process died): after the lease they are claimed again.
  expect(await claimJobs(database.db, new Date(TEST_NOW.getTime() + 59_000), 50, 60_000)).toHaveLength(0);
  const reclaimed = await claimJobs(database.db, new Date(TEST_NOW.getTime() + 60_000), 50, 60_000);
  expect(reclaimed.filter((job) => job.kind === 'share')).toHaveLength(20);
  expect(reclaimed.every((job) => job.attempts === 2)).toBe(true);
});
