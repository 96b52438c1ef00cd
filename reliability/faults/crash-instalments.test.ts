/**
 * Payment plans across crashes (faults), two api processes on one PostgreSQL database; the process taking a
 * payment dies (FAILPOINTS, SIGKILL) right after the card was charged and before the charge was recorded:
 * - the first payment (pay_with_instalment): the plan must not stay 'charging' with the money taken; the other
 *   process's resume job finishes it (charging nothing more) and the buyer's retry of Pay gets 'success';
 * - a later payment (the instalment job): the job runs again after its lease and must record the first charge, not
 *   charge the card a second time; the final payment delivers the tickets once.
 */
import { countFigure } from '../support/figures';
import { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, newKey, paths } from '../support/buyer';
import { cardCharges, guestAccount, saleIdOf, ticketsOf } from '../support/checkout';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';
import { eventually } from '../support/wait';

jest.setTimeout(180_000);

const PAY = '/ajax/checkout/checkout/pay_with_instalment/';
const SUMMER_WEEKEND = 801;

describeWithPostgres('payment plans when the api dies mid-charge', () => {
  let database: TestDatabase;
  let steady: ApiProcess;
  let failing: ApiProcess;
  const buyer = new Buyer('');
  let saleId = 0;
  let planId = 0;
  const key = newKey();
  let pay: Record<string, unknown> = {};

  beforeAll(async () => {
    database = await createDatabase();
    const env = {
      CAPTCHA_RESERVE_LIMIT: '0',
      INSTALMENT_JOBS_MS: '200',
      INSTALMENT_RESUME_MS: '1500',
      JOB_LEASE_MS: '2000',
    };
    steady = await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-steady' });
    failing = await ApiProcess.start({
      databaseUrl: database.url,
      env: { ...env, FAILPOINTS: 'instalment.after-first-charge,instalment.after-charge' },
      name: 'api-failing',
    });
    buyer.baseURL = failing.baseURL;
  });

  afterAll(async () => {
    await Promise.all([steady?.stop(), failing?.stop()]);
    await database?.drop();
  });

  const plan = async () => {
    const { rows } = await database.pool.query<{ id: number; status: string }>(
      'SELECT id, status FROM payment_plans WHERE sale_id = $1',
      [saleId],
    );
    return rows;
  };
  const instalments = async () =>
    (
      await database.pool.query<{ seq: number; status: string; attempts: number }>(
        'SELECT seq, status, attempts FROM payment_plan_instalments WHERE plan_id = $1 ORDER BY seq',
        [planId],
      )
    ).rows;
  const amounts = async () =>
    (
      await database.pool.query<{ amount_minor: number }>(
        'SELECT amount_minor FROM payment_plan_instalments WHERE plan_id = $1 ORDER BY seq',
        [planId],
      )
    ).rows.map((r) => r.amount_minor);

  test('killed after the first payment: the plan is finished by the other process, charged once; the retry answers success', async () => {
    await addTickets(buyer, SUMMER_WEEKEND, 1);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'plan-crash@example.com');
    saleId = await saleIdOf(buyer, database.pool);
    const card = await buyer.post('/sandbox/stripe/payment_methods', {
      number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: '2035',
      cvc: '123',
      name: 'Robin Guest',
    });
    expect(card.status).toBe(200);
    pay = {
      instalment_option: 2,
      contact_number: '07700900456',
      selected_payment_method_id: 'new',
      new_payment_method: { ...card.json, make_default_payment_method: false },
      idempotency_key: key,
    };

    await expect(buyer.post(PAY, pay as never)).rejects.toThrow();
    await failing.died();
    countFigure('faults.crash.kills', 1, 'api processes killed (SIGKILL) mid-checkout and restarted');
    // Money taken, the plan not yet active: what a crash at this point leaves.
    const [left] = await plan();
    expect(left?.status).toBe('charging');
    planId = left!.id;
    const [first, second] = await amounts();
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: first, kept: first });

    // The steady process's resume job finishes the start: the plan active, the sale paid, nothing charged again.
    const resumed = await eventually(plan, (rows) => rows[0]?.status === 'active', 20_000, 200);
    expect(resumed).toEqual([{ id: planId, status: 'active' }]);
    expect(await instalments()).toEqual([
      { seq: 1, status: 'paid', attempts: 1 },
      { seq: 2, status: 'scheduled', attempts: 0 },
    ]);
    expect(
      (await database.pool.query('SELECT status, payment_plan_remaining FROM sales WHERE id = $1', [saleId])).rows,
    ).toEqual([{ status: 'paid', payment_plan_remaining: true }]);
    // The buyer's Pay, retried with its key on the steady process, gets the answer the crash swallowed.
    expect((await buyer.post(PAY, pay as never, { via: steady.baseURL })).json).toEqual({ status: 'success' });
    expect(await cardCharges(database.pool, saleId)).toEqual({ intents: 1, succeeded: 1, charged: first, kept: first });
    expect((await buyer.get(paths.get, { via: steady.baseURL })).json).toMatchObject({
      payment_complete: true,
      payment_plan_remaining: true,
    });
    expect(second).toBeGreaterThan(0);
  });

  test('killed after a later payment was charged: the job runs again and records that charge, never charging twice', async () => {
    expect(planId).toBeGreaterThan(0);
    const [first, second] = (await amounts()) as [number, number];
    // Only the failing process runs jobs now, so it is the one that takes the charge.
    await steady.kill();
    await failing.restart();
    // The second payment falls due.
    await database.pool.query(
      `UPDATE jobs SET run_at = now() WHERE kind = 'instalment.charge' AND status = 'pending' AND (payload::json->>'planId')::int = $1`,
      [planId],
    );
    await failing.died();
    countFigure('faults.crash.kills', 1, 'api processes killed (SIGKILL) mid-checkout and restarted');
    expect(await cardCharges(database.pool, saleId)).toEqual({
      intents: 2,
      succeeded: 2,
      charged: first + second,
      kept: first + second,
    });
    expect((await instalments())[1]).toEqual({ seq: 2, status: 'scheduled', attempts: 0 });

    // The steady process comes back; once the dead runner's lease lapses the job runs again with the same key.
    await steady.restart();
    const done = await eventually(plan, (rows) => rows[0]?.status === 'completed', 20_000, 200);
    expect(done).toEqual([{ id: planId, status: 'completed' }]);
    expect(await instalments()).toEqual([
      { seq: 1, status: 'paid', attempts: 1 },
      { seq: 2, status: 'paid', attempts: 1 },
    ]);
    expect(await cardCharges(database.pool, saleId)).toEqual({
      intents: 2,
      succeeded: 2,
      charged: first + second,
      kept: first + second,
    });
    // The final payment delivered the tickets, once, and emailed the wallet once.
    expect(await ticketsOf(database.pool, saleId)).toBe(1);
    const wallet = await eventually(
      async () =>
        (
          await database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE kind = 'ticket_wallet' AND to_address = 'plan-crash@example.com'`,
          )
        ).rows[0]!.n,
      (n) => n > 0,
      5_000,
    );
    expect(wallet).toBe(1);
    await failing.restart({ FAILPOINTS: '' });
  });
});
