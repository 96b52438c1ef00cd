import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { startHoldSweeper } from './hold-sweeper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the sweeper expires lapsed holds on its own, and on demand', async () => {
  const visitor = await t.visitor();
  await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 3 });
  await visitor.post(paths.reserve);
  const held = () =>
    t.db
      .selectFrom('ticket_types')
      .select('held')
      .where('id', '=', SEED.ticket.onSale)
      .executeTakeFirstOrThrow()
      .then((row) => row.held);
  expect(await held()).toBe(3);

  const errors: unknown[] = [];
  const swept: number[] = [];
  const sweeper = startHoldSweeper({
    db: t.db,
    clock: t.clock,
    intervalMs: 20,
    onError: (error) => errors.push(error),
    onSwept: (result) => swept.push(result.tickets),
  });
  try {
    expect((await sweeper.sweepNow()).tickets).toBe(0);
    t.clock.advance(900_000);
    // Wait for the sweep to report, not for the row: the commit lands a moment before the sweep's promise settles.
    for (let i = 0; i < 100 && swept.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(swept).toEqual([3]);
    expect(await held()).toBe(0);
    expect((await sweeper.sweepNow()).tickets).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await sweeper.stop();
  }
});
