import { parseEnv } from '../config/env-schema';
import { randomUUID } from 'node:crypto';
import { calls, type FormValue } from '@checkout/shared';
import { ticketsAfterLastInstalment } from '@checkout/shared/messages/order-completed';
import { invalidPhone } from '@checkout/shared/messages/payment';
import { buildAppWithDeps, type App } from '../app/app';
import { loadCaptchaConfig } from '../config/captcha';
import { manualClock, type ManualClock } from '../platform/clock';
import { deliveryPaths } from '../delivery/test-support';
import { WALLET_EMAIL_KIND } from '../emails/wallet-email';
import { demoUserVisitor, guestVisitor } from '../testing/identity';
import { pendingJobs } from '../jobs/queue';
import { providersFor } from '../payment/providers';
import { saleOf } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import type { TestApp } from '../testing/test-app';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import { Visitor } from '../testing/visitor';
import { escapeHtml } from '../web/html';
import { PAYMENT_FAILED_KIND, REMINDER_KIND, SCHEDULE_EMAIL_KIND } from './emails';
import { CHARGE_JOB, REMINDER_JOB } from './job-kinds';
import { instalmentMessages } from './messages';
import { startInstalmentRunner } from './jobs';

// No timer-driven runs: each test runs the due jobs itself, when it has moved the clock.
process.env.INSTALMENT_JOBS_MS = '3600000';

const PAY = calls.payWithInstalment.path;
const DAY = 24 * 60 * 60 * 1000;
const summerWeekend: Record<string, FormValue>[] = [{ ticket_id: SEED.ticket.summerWeekend, quantity: 1 }];

let database: TestDatabase;
const apps: App[] = [];

async function startApp(clock: ManualClock): Promise<TestApp> {
  const built = await buildAppWithDeps({
    db: database.db,
    clock,
    config: { logLevel: 'silent', captcha: { ...loadCaptchaConfig(parseEnv({})), reserveLimit: 0 } },
  });
  apps.push(built);
  return {
    ...built,
    db: database.db,
    clock,
    visitor: () => new Visitor(built.app).start(),
    close: () => built.app.close(),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.app.close();
  await database.close();
});

/** Runs every due instalment job of `t` (repeatedly, as jobs due now may follow from others). */
async function runDueJobs(t: TestApp): Promise<number> {
  const errors: unknown[] = [];
  const runner = startInstalmentRunner(t.deps, (error) => errors.push(error), 3_600_000);
  let total = 0;
  try {
    for (let ran = await runner.runDue(); ran > 0; ran = await runner.runDue()) total += ran;
  } finally {
    await runner.stop();
  }
  return total;
}

const planOf = (saleId: number) =>
  database.db
    .selectFrom('payment_plans')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('status', 'in', ['active', 'completed', 'failed'])
    .executeTakeFirstOrThrow();
const instalmentsOf = (planId: number) =>
  database.db.selectFrom('payment_plan_instalments').selectAll().where('plan_id', '=', planId).orderBy('seq').execute();
const outboxOf = (to: string, kind: string) =>
  database.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', kind).execute();
const ticketsOf = (saleId: number) =>
  database.db.selectFrom('tickets').selectAll().where('sale_id', '=', saleId).execute();
const intentsOf = (saleId: number) =>
  database.db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('metadata', '=', JSON.stringify({ sale_id: saleId }))
    .orderBy('created_at')
    .execute();

describe('a payment plan with a saved card, across a restart', () => {
  let t: TestApp;
  let visitor: Visitor;
  let saleId: number;
  const key = randomUUID();
  const body = {
    instalment_option: 3,
    contact_number: '07700 900123',
    selected_payment_method_id: 'pm_demo_visa',
    idempotency_key: key,
  };

  beforeAll(async () => {
    t = await startApp(manualClock(TEST_NOW));
    visitor = await demoUserVisitor(t, summerWeekend);
    saleId = (await saleOf(t, visitor)).id;
  });

  test("the checkout offers the plans and the signed-in buyer's saved cards, default first", async () => {
    const checkout = (await visitor.get(calls.getCheckout.path)).json();
    expect(Object.keys(checkout.payment_plan_schedule_options)).toEqual(expect.arrayContaining(['1', '2', '3']));
    expect(checkout.payment_plan_schedule_options['3'].schedule).toHaveLength(3);
    expect(checkout.saved_payment_methods).toEqual([
      { payment_method_id: 'pm_demo_visa', card_type: 'visa', last4digits: '4242', expiry: '12/30', is_default: true },
      {
        payment_method_id: 'pm_demo_mastercard',
        card_type: 'mastercard',
        last4digits: '4444',
        expiry: '08/29',
        is_default: false,
      },
    ]);
  });

  test('the first payment is taken now, the sale is paid with payments remaining, later payments are jobs', async () => {
    expect((await visitor.post(PAY, body)).json()).toEqual({ status: 'success' });
    // The same Pay again (double click, retry): the same answer, nothing charged twice.
    expect((await visitor.post(PAY, body)).json()).toEqual({ status: 'success' });
    expect(await intentsOf(saleId)).toHaveLength(1);
    expect((await visitor.post(PAY, { ...body, idempotency_key: randomUUID() })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect(await intentsOf(saleId)).toHaveLength(1);

    const sale = await database.db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ status: 'paid', payment_plan_remaining: true, state: 'deliver_tickets' });
    const plan = await planOf(saleId);
    expect(plan).toMatchObject({
      status: 'active',
      months: 3,
      payment_method_ref: 'pm_demo_visa',
      contact_number: '07700 900123',
    });
    const instalments = await instalmentsOf(plan.id);
    expect(instalments.map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    expect(instalments.reduce((sum, row) => sum + row.amount_minor, 0)).toBe(plan.total_minor);
    expect(await pendingJobs(database.db, CHARGE_JOB)).toBe(2);
    expect(await pendingJobs(database.db, REMINDER_JOB)).toBe(2);
    expect(await outboxOf('demo@example.com', SCHEDULE_EMAIL_KIND)).toHaveLength(1);
    const checkout = (await visitor.get(calls.getCheckout.path)).json();
    expect(checkout).toMatchObject({
      payment_plan_remaining: true,
      payment_complete: true,
      payment_plan_schedule_options: {},
      // The third payment, two calendar months on (UK time): the tickets come once it is paid.
      payment_plan_last_due: '2030-03-01 12:00:00',
      payment_plan_last_due_text: 'Fri 1 Mar 2030',
    });
  });

  test('delivery waits for the final payment', async () => {
    expect((await visitor.post(deliveryPaths.deliver)).json()).toEqual({ delivery_completed: true });
    expect((await visitor.post(deliveryPaths.email)).json()).toEqual({ delivery_completed: true });
    expect(await ticketsOf(saleId)).toHaveLength(0);
    expect(await outboxOf('demo@example.com', WALLET_EMAIL_KIND)).toHaveLength(0);
    // The wallet has no ticket to show and says when they come, from the plan's own schedule.
    const wallet = (await visitor.get(deliveryPaths.wallet)).body;
    expect(wallet).toContain(instalmentMessages.walletTitle);
    expect(wallet).toContain(escapeHtml(ticketsAfterLastInstalment('Fri 1 Mar 2030')));
    expect(wallet).toContain(escapeHtml(instalmentMessages.paidSoFar(1, 3)));
    expect(wallet).not.toContain('class="wallet-ticket"');
  });

  test('a new app over the same database, its clock past the due dates, charges the rest and delivers the tickets', async () => {
    await t.close();
    const clock = manualClock(new Date(TEST_NOW.getTime() + 29 * DAY));
    const later = await startApp(clock);
    // Day 28: the reminder before the second payment (due 1 February); day 31 its charge; day 56 and 59 the third's.
    expect(await runDueJobs(later)).toBe(1);
    expect(
      await database.db
        .selectFrom('outbox')
        .select('text_body')
        .where('channel', '=', 'sms')
        .where('to_address', '=', '07700 900123')
        .execute(),
    ).toEqual([
      {
        text_body: expect.stringMatching(
          /^Reminder: your payment of £\d+\.\d\d for Summer Fields Festival will be taken from your card on 01\/02\/2030\.$/,
        ),
      },
    ]);
    for (const day of [32, 57, 60]) {
      clock.set(new Date(TEST_NOW.getTime() + day * DAY));
      expect(await runDueJobs(later)).toBe(1);
    }
    const plan = await planOf(saleId);
    expect(plan.status).toBe('completed');
    expect((await instalmentsOf(plan.id)).map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await intentsOf(saleId)).toHaveLength(3);
    const sale = await database.db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
    expect(sale.payment_plan_remaining).toBe(false);
    expect(await ticketsOf(saleId)).toHaveLength(1);
    expect(await outboxOf('demo@example.com', WALLET_EMAIL_KIND)).toHaveLength(1);
    const sms = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', 'sms')
      .where('to_address', '=', '07700 900123')
      .execute();
    expect(sms).toHaveLength(2);
    expect(await outboxOf('demo@example.com', REMINDER_KIND)).toHaveLength(2);
    // Running again finds nothing to do and changes nothing.
    expect(await runDueJobs(later)).toBe(0);
    expect(await outboxOf('demo@example.com', WALLET_EMAIL_KIND)).toHaveLength(1);
  });
});

describe('a guest paying with a new card', () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock(TEST_NOW);
    t = await startApp(clock);
  });
  const card = (number: string) =>
    providersFor(database.db, clock, t.deps.config.payment).sandboxes.card?.createPaymentMethod({
      number,
      exp_month: 12,
      exp_year: 2035,
      cvc: '123',
      name: 'Robin Guest',
    });

  test('a declined later payment is retried with backoff and the buyer is emailed; it succeeds when the card does', async () => {
    const email = 'plan-guest@example.com';
    const visitor = await guestVisitor(t, email, 'Robin Guest', summerWeekend);
    const saleId = (await saleOf(t, visitor)).id;
    const good = await card('4242 4242 4242 4242');
    if (!good) throw new Error('no sandbox card provider');
    const answer = await visitor.post(PAY, {
      instalment_option: 2,
      contact_number: '07700900456',
      selected_payment_method_id: 'new',
      new_payment_method: { ...good, make_default_payment_method: false },
      idempotency_key: randomUUID(),
    });
    expect(answer.json()).toEqual({ status: 'success' });
    const plan = await planOf(saleId);

    // The card stops working before the second payment.
    const declining = await card('4000 0000 0000 0002');
    await database.db
      .updateTable('payment_plans')
      .set({ payment_method_ref: declining?.id ?? '' })
      .where('id', '=', plan.id)
      .execute();
    clock.set(new Date(TEST_NOW.getTime() + 40 * DAY));
    await runDueJobs(t);
    let [, second] = await instalmentsOf(plan.id);
    expect(second).toMatchObject({ status: 'scheduled', attempts: 1, last_error: 'Your card was declined.' });
    const job = await database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', CHARGE_JOB)
      .where('dedupe_key', '=', `instalment:${plan.id}:2`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');
    expect(job.run_at.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(await outboxOf(email, PAYMENT_FAILED_KIND)).toHaveLength(1);
    expect(await ticketsOf(saleId)).toHaveLength(0);

    // Not yet due again: nothing happens.
    expect(await runDueJobs(t)).toBe(0);
    // The buyer's card works again; the retry succeeds and, being the final payment, delivers the tickets.
    await database.db
      .updateTable('payment_plans')
      .set({ payment_method_ref: good.id })
      .where('id', '=', plan.id)
      .execute();
    clock.advance(60_000);
    await runDueJobs(t);
    [, second] = await instalmentsOf(plan.id);
    expect(second).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await planOf(saleId)).status).toBe('completed');
    expect(await ticketsOf(saleId)).toHaveLength(1);
    expect(await outboxOf(email, WALLET_EMAIL_KIND)).toHaveLength(1);
  });

  test('a declined first payment answers unsuccessful, charges nothing more and leaves the sale to pay again', async () => {
    const visitor = await guestVisitor(t, 'declined-first@example.com', 'Sam Declined', summerWeekend);
    const saleId = (await saleOf(t, visitor)).id;
    const declining = await card('4000 0000 0000 9995');
    if (!declining) throw new Error('no sandbox card provider');
    const pay = {
      instalment_option: 2,
      contact_number: '07700900789',
      selected_payment_method_id: 'new',
      new_payment_method: { ...declining, make_default_payment_method: false },
    };
    expect((await visitor.post(PAY, { ...pay, idempotency_key: randomUUID() })).json()).toEqual({
      status: 'unsuccessful',
    });
    const sale = await database.db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      status: 'reserved',
      payment_plan_remaining: false,
      payment_error: 'Your card has insufficient funds.',
    });
    // A new attempt with a working card goes through.
    const good = await card('4242 4242 4242 4242');
    if (!good) throw new Error('no sandbox card provider');
    const retry = await visitor.post(PAY, {
      ...pay,
      new_payment_method: { ...good, make_default_payment_method: false },
      idempotency_key: randomUUID(),
    });
    expect(retry.json()).toEqual({ status: 'success' });
  });
});

describe('refusals change nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(manualClock(TEST_NOW));
  });
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        database.db.selectFrom('sales').selectAll().orderBy('id').execute(),
        database.db.selectFrom('payment_plans').selectAll().orderBy('id').execute(),
        database.db.selectFrom('payment_plan_instalments').selectAll().orderBy('plan_id').orderBy('seq').execute(),
        database.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
        database.db.selectFrom('sandbox_payment_intents').selectAll().orderBy('id').execute(),
        database.db.selectFrom('user_payment_methods').selectAll().orderBy('id').execute(),
      ]),
    );

  test.each([
    [
      'a plan the basket is not offered',
      { instalment_option: 11, selected_payment_method_id: 'pm_demo_visa' },
      'instalment_option',
    ],
    [
      'a saved card that is not the buyer’s',
      { selected_payment_method_id: 'pm_demo_visa' },
      'selected_payment_method_id',
    ],
    [
      'a new card the provider never made',
      {
        selected_payment_method_id: 'new',
        new_payment_method: {
          id: 'pm_made_up',
          brand: 'visa',
          last4: '4242',
          month: 12,
          year: 2035,
          funding: 'credit',
          make_default_payment_method: false,
        },
      },
      'new_payment_method',
    ],
    ['no mobile number', { contact_number: '' }, 'contact_number'],
    ['a contact number with letters', { contact_number: '12ab' }, 'contact_number'],
    ['a contact number of one letter', { contact_number: 'x' }, 'contact_number'],
    ['a short idempotency key', { idempotency_key: 'abc' }, 'idempotency_key'],
  ])('%s: a 400 naming the field', async (_name, change, field) => {
    const visitor = await guestVisitor(t, `refused-${field}@example.com`, 'Alex Refused', summerWeekend);
    const before = await snapshot();
    const response = await visitor.post(PAY, {
      instalment_option: 2,
      contact_number: '07700900000',
      selected_payment_method_id: 'new',
      idempotency_key: randomUUID(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    // A bad number is refused with the phone field's own sentence (the shared rule the page checks too).
    if (field === 'contact_number')
      expect(response.json()).toMatchObject({ error: invalidPhone, errors: { contact_number: invalidPhone } });
    expect(await snapshot()).toBe(before);
  });

  test('without a reservation: refused, nothing charged', async () => {
    const visitor = await t.visitor();
    const before = await snapshot();
    const response = await visitor.post(PAY, {
      instalment_option: 2,
      contact_number: '07700900000',
      selected_payment_method_id: 'pm_demo_visa',
      idempotency_key: randomUUID(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshot()).toBe(before);
  });

  test("'Make default payment method' makes a signed-in buyer's new card the default", async () => {
    const visitor = await demoUserVisitor(t, summerWeekend);
    const created = await providersFor(database.db, t.clock, t.deps.config.payment).sandboxes.card?.createPaymentMethod(
      { number: '5555 5555 5555 4444', exp_month: 3, exp_year: 2036, cvc: '123' },
    );
    if (!created) throw new Error('no sandbox card provider');
    const answer = await visitor.post(PAY, {
      instalment_option: 2,
      contact_number: '07700900111',
      selected_payment_method_id: 'new',
      new_payment_method: { ...created, make_default_payment_method: true },
      idempotency_key: randomUUID(),
    });
    expect(answer.json()).toEqual({ status: 'success' });
    const cards = await database.db
      .selectFrom('user_payment_methods')
      .select(['provider_ref', 'is_default'])
      .where('user_id', '=', SEED.user.demo)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(cards.filter((row) => row.is_default)).toEqual([{ provider_ref: created.id, is_default: true }]);
    expect(cards).toHaveLength(3);
  });
});
