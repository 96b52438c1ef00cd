import { processEnv } from '../config/process-env';
import { NEW_PAYMENT_METHOD, type CallRequest, type Calls } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import type { Clock } from '../platform/clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import { failpoint } from '../platform/failpoints';
import { HttpError } from '../http/errors';
import { paymentMessages } from '../payment/messages';
import type { SessionHandle } from '../session/session';
import { enqueueJob } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { claimStaleMs, idempotent } from '../payment/idempotency';
import { attachProviderPayment, claimPayment, failPayment } from '../payment/open-payment';
import { providersFor } from '../payment/providers';
import type { CardProvider } from '../payment/providers/types';
import { payableSale, requireAmount, sessionSale } from '../payment/sale-context';
import { loadSaleTotals } from '../pricing/amounts';
import { settleSalePaid } from '../payment/settle';
import { planBasketOf } from './basket';
import { scheduleEmail } from './emails';
import { CHARGE_JOB, REMINDER_JOB, reminderAt, START_JOB } from './job-kinds';
import { instalmentMessages } from './messages';
import { saveNewCard, savedCard } from './saved-cards';
import { planPayments, scheduleOptions, type PlanBasket, type PlannedPayment } from './schedule';

export type PayWithInstalmentInput = CallRequest<Calls['payWithInstalment']>;
export type PayWithInstalmentResult = { status: 'success' | 'redirect_to_url' | 'unsuccessful'; url?: string | null };

export interface InstalmentDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  /** The card provider of the app (looked up when needed: the payment domain registers it). */
  card(): CardProvider;
  /** Whether card payments are offered (off: no real provider and no sandbox allowed). */
  cardOffered(): boolean;
}

/** Why an instalment job charged nothing: card payments are off (no card provider, and no sandbox allowed). */
export const CARD_OFF =
  'card payments are off (no STRIPE_* keys, and PAYMENTS_SANDBOX is not 1): nothing charged, the job will try again';

export function instalmentDepsOf(deps: { db: Db; clock: Clock; config: AppConfig; mailer: Mailer }): InstalmentDeps {
  const providers = () => providersFor(deps.db, deps.clock, deps.config.payment);
  return { ...deps, card: () => providers().card, cardOffered: () => providers().modes.card !== 'off' };
}

/** The card the plan charges: a new sandbox/Stripe card just created, or one of the signed-in user's saved cards. */
async function paymentMethodFor(
  deps: InstalmentDeps,
  userId: number | null,
  input: PayWithInstalmentInput,
): Promise<{ ref: string; saveNew: boolean }> {
  if (input.selected_payment_method_id === NEW_PAYMENT_METHOD) {
    const card = input.new_payment_method;
    if (!card)
      throw new HttpError(400, instalmentMessages.unknownNewCard, {
        new_payment_method: instalmentMessages.unknownNewCard,
      });
    if (deps.card().sandbox) {
      // The sandbox knows every card it created (POST /sandbox/stripe/payment_methods); a made-up id is refused.
      const known = await deps.db
        .selectFrom('sandbox_payment_methods')
        .select('id')
        .where('id', '=', card.id)
        .executeTakeFirst();
      if (!known)
        throw new HttpError(400, instalmentMessages.unknownNewCard, {
          new_payment_method: instalmentMessages.unknownNewCard,
        });
    }
    return { ref: card.id, saveNew: userId !== null };
  }
  const saved = userId === null ? undefined : await savedCard(deps.db, userId, input.selected_payment_method_id);
  if (!saved)
    throw new HttpError(400, instalmentMessages.unknownSavedCard, {
      selected_payment_method_id: instalmentMessages.unknownSavedCard,
    });
  return { ref: saved.provider_ref, saveNew: false };
}

/**
 * pay_with_instalment: checks the chosen plan is one the basket is offered and the card is the buyer's, takes the
 * first payment now (off-session, with the card just saved or a saved one), settles the sale as paid with a plan
 * (payment_plan_remaining true until the final payment), and schedules every later payment and its reminders as
 * durable jobs. Idempotent per key (payment/idempotency.ts): a repeat gets the first answer and charges nothing.
 */
export async function payWithInstalment(
  deps: InstalmentDeps,
  session: SessionHandle,
  input: PayWithInstalmentInput,
): Promise<PayWithInstalmentResult> {
  const { db, clock, config } = deps;
  if (!deps.cardOffered()) throw new HttpError(409, paymentMessages.methodOff);
  const now = clock.now();
  const { idempotency_key: key, ...request } = input;
  // A repeat of a Pay that already went through gets its answer, though the sale is no longer reserved.
  const current = await sessionSale(db, session);
  const seen =
    current &&
    (await db
      .selectFrom('payment_attempts')
      .select('id')
      .where('sale_id', '=', current.id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst());
  let saleId: number;
  let amountMinor: number;
  if (current && seen) {
    saleId = current.id;
    amountMinor = (await loadSaleTotals(db, current, config.sale.refundProtectionBp, now)).basketTotalMinor;
  } else {
    const payable = await payableSale(db, session, now, config.sale.refundProtectionBp);
    requireAmount(payable);
    saleId = payable.sale.id;
    amountMinor = payable.amountMinor;
  }
  return idempotent(
    { db, clock, waitMs: config.payment.idempotencyWaitMs },
    { saleId, key, call: 'pay_with_instalment', request: { ...request, amountMinor } },
    () => startPlan(deps, session, input, saleId),
  );
}

/** The signed-in buyer (when there is one) and the email the plan's messages go to. */
async function planBuyerOf(db: Db, session: SessionHandle, saleEmail: string | null) {
  const userId = (await session.load())?.user_id ?? null;
  const user =
    userId === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['email', 'first_name', 'last_name'])
          .where('id', '=', userId)
          .executeTakeFirst();
  const email = saleEmail ?? user?.email;
  if (!email) throw new HttpError(409, instalmentMessages.unknownSavedCard);
  return { userId, user, email };
}

interface NewPlan {
  saleId: number;
  input: PayWithInstalmentInput;
  months: number;
  method: { ref: string; saveNew: boolean };
  userId: number | null;
  email: string;
  sandbox: boolean;
  customerRef: string;
  basket: PlanBasket;
  payments: PlannedPayment[];
  slotId: number;
  now: Date;
}

/**
 * The plan row first: one live plan per sale (a unique index), so two different keys cannot both charge. With it, a
 * durable job that finishes the start if this process dies before it does (a crash after the first charge must
 * neither lose the payment nor leave the plan 'charging'): resumePlanStart, which finds nothing to do otherwise.
 * Undefined when the sale has a live plan already.
 */
async function createPlan(db: Db, plan: NewPlan) {
  const { saleId, input, now } = plan;
  return db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('payment_plans')
      .values({
        sale_id: saleId,
        status: 'charging',
        idempotency_key: input.idempotency_key,
        request_hash: `${plan.months}:${plan.method.ref}`,
        user_id: plan.userId,
        email: plan.email,
        contact_number: input.contact_number,
        provider: plan.sandbox ? 'sandbox' : 'stripe',
        customer_ref: plan.customerRef,
        payment_method_ref: plan.method.ref,
        currency: plan.basket.currency.toUpperCase(),
        months: plan.months,
        total_minor: plan.basket.basketTotalMinor,
        created_at: now,
      })
      .onConflict((oc) => oc.column('sale_id').where('status', 'in', ['charging', 'active', 'completed']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!created) return undefined;
    await tx
      .updateTable('sale_provider_payments')
      .set({ provider_key: `plan-${created.id}-1` })
      .where('id', '=', plan.slotId)
      .execute();
    await tx
      .insertInto('payment_plan_instalments')
      .values(
        plan.payments.map((payment) => ({
          plan_id: created.id,
          seq: payment.seq,
          due_at: payment.dueAt,
          amount_minor: payment.amountMinor,
          provider_payment_id: null,
          last_error: null,
          paid_at: null,
        })),
      )
      .execute();
    // Until the final payment nothing is delivered: set before the money moves, so no delivery can slip in between.
    await tx
      .updateTable('sales')
      .set({ payment_plan_remaining: true, contact_number: input.contact_number, updated_at: now })
      .where('id', '=', saleId)
      .execute();
    await enqueueJob(
      tx,
      {
        kind: START_JOB,
        payload: { planId: created.id, seq: 1 },
        runAt: new Date(now.getTime() + planResumeAfterMs()),
        dedupeKey: `instalment-start:${created.id}`,
        maxAttempts: MAX_CHARGE_ATTEMPTS,
      },
      now,
    );
    return created;
  });
}

type NewCard = { userId: number; card: NonNullable<PayWithInstalmentInput['new_payment_method']> };

/** The start finished here (active, declined or failed): the resume job has nothing left to do. */
async function finishStartHere(deps: InstalmentDeps, planId: number, newCard: NewCard | undefined) {
  const { db, clock } = deps;
  try {
    return await finishPlanStart(deps, planId, newCard);
  } finally {
    await db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: clock.now() })
      .where('dedupe_key', '=', `instalment-start:${planId}`)
      .where('status', '=', 'pending')
      .execute();
  }
}

const optionNotOffered = () =>
  new HttpError(400, instalmentMessages.optionNotOffered, { instalment_option: instalmentMessages.optionNotOffered });

async function startPlan(
  deps: InstalmentDeps,
  session: SessionHandle,
  input: PayWithInstalmentInput,
  saleId: number,
): Promise<PayWithInstalmentResult> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const sale = await db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
  const basket = await planBasketOf(db, sale, config.sale.refundProtectionBp, now);
  const months = input.instalment_option;
  if (!scheduleOptions(basket, now)[String(months)]) throw optionNotOffered();
  const { userId, user, email } = await planBuyerOf(db, session, sale.email);
  const method = await paymentMethodFor(deps, userId, input);
  const payments = planPayments(basket, months, now);
  const first = payments[0];
  if (!first) throw optionNotOffered();
  // The sale's one payment slot, priced now: the plan is for this basket's total, its first payment is charged below.
  const slot = await claimPayment(
    {
      db,
      clock,
      refundProtectionBp: config.sale.refundProtectionBp,
      waitMs: config.payment.idempotencyWaitMs,
      staleMs: claimStaleMs(),
    },
    session,
    {
      provider: 'stripe',
      instalment: true,
      reusable: false,
      amountMinor: () => first.amountMinor,
      expectTotalMinor: basket.basketTotalMinor,
    },
  );
  const card = deps.card();
  const customer = await card.createCustomer({
    email,
    name: sale.full_name ?? [user?.first_name, user?.last_name].filter(Boolean).join(' '),
    idempotencyKey: `plan-customer-${saleId}-${input.idempotency_key}`,
  });
  const plan = await createPlan(db, {
    saleId,
    input,
    months,
    method,
    userId,
    email,
    sandbox: card.sandbox,
    customerRef: customer.id,
    basket,
    payments,
    slotId: slot.row.id,
    now,
  });
  if (!plan) {
    await failPayment(db, slot.row.id, clock.now());
    throw new HttpError(409, instalmentMessages.planExists);
  }
  const newCard =
    method.saveNew && userId !== null && input.new_payment_method
      ? { userId, card: input.new_payment_method }
      : undefined;
  return finishStartHere(deps, plan.id, newCard);
}

/** How long after pay_with_instalment its resume job looks at the plan (INSTALMENT_RESUME_MS, default 2 minutes). */
export function planResumeAfterMs(): number {
  return processEnv().INSTALMENT_RESUME_MS;
}

/**
 * The first payment taken: the plan becomes active (once), its first instalment paid, a new card saved when asked,
 * and each later payment and its reminder scheduled. False when another run activated it first.
 */
async function activatePlan(
  db: Db,
  plan: { id: number; provider: string },
  payments: readonly PlannedPayment[],
  providerPaymentId: string,
  newCard: NewCard | undefined,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const active = await tx
      .updateTable('payment_plans')
      .set({ status: 'active' })
      .where('id', '=', plan.id)
      .where('status', '=', 'charging')
      .returning('id')
      .executeTakeFirst();
    if (!active) return false;
    await tx
      .updateTable('payment_plan_instalments')
      .set({ status: 'paid', paid_at: at, provider_payment_id: providerPaymentId, attempts: 1 })
      .where('plan_id', '=', plan.id)
      .where('seq', '=', 1)
      .execute();
    if (newCard) await saveNewCard(tx, newCard.userId, plan.provider, newCard.card, at);
    for (const payment of payments.slice(1)) {
      await enqueueJob(
        tx,
        {
          kind: CHARGE_JOB,
          payload: { planId: plan.id, seq: payment.seq },
          runAt: payment.dueAt,
          dedupeKey: `instalment:${plan.id}:${payment.seq}`,
          maxAttempts: MAX_CHARGE_ATTEMPTS,
        },
        at,
      );
      await enqueueJob(
        tx,
        {
          kind: REMINDER_JOB,
          payload: { planId: plan.id, seq: payment.seq },
          runAt: reminderAt(payment.dueAt, at),
          dedupeKey: `instalment-reminder:${plan.id}:${payment.seq}`,
        },
        at,
      );
    }
    return true;
  });
}

/**
 * Takes a 'charging' plan's first payment and makes the plan active: the charge (its provider idempotency key is the
 * plan's, so running this twice charges once), the sale settled, the first instalment paid, the later payments and
 * reminders scheduled, the schedule emailed. Safe to run again after a crash at any point, and beside a run still
 * going: each step is guarded (settling is idempotent, activation happens once, jobs are deduplicated).
 */
async function finishPlanStart(
  deps: InstalmentDeps,
  planId: number,
  newCard?: NewCard,
): Promise<PayWithInstalmentResult> {
  const { db, clock, config } = deps;
  const plan = await db.selectFrom('payment_plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
  const saleId = plan.sale_id;
  const rows = await db
    .selectFrom('payment_plan_instalments')
    .select(['seq', 'due_at', 'amount_minor'])
    .where('plan_id', '=', planId)
    .orderBy('seq')
    .execute();
  const payments = rows.map((row) => ({ seq: row.seq, dueAt: row.due_at, amountMinor: row.amount_minor }));
  const first = payments[0];
  if (!first) throw new Error(`payment plan ${planId} has no instalments`);
  // A plan resumed by its job after card payments were turned off charges nothing (the job is tried again later).
  if (!deps.cardOffered()) throw new Error(CARD_OFF);
  const card = deps.card();
  const slot = await db
    .selectFrom('sale_provider_payments')
    .selectAll()
    .where('provider_key', '=', `plan-${plan.id}-1`)
    .executeTakeFirst();
  if (slot?.status === 'cancelled' && slot.provider_payment_id === null) {
    // What the sale costs changed after the plan was priced: nothing is charged.
    await endPlan(db, plan.id, saleId, 'failed', messages.paymentCancelledBasketChanged, clock.now());
    return { status: 'unsuccessful' };
  }

  let intent;
  try {
    intent = await card.chargeOffSession({
      saleId,
      amountMinor: first.amountMinor,
      currency: plan.currency,
      idempotencyKey: `plan-${plan.id}-1`,
      customerId: plan.customer_ref,
      paymentMethodId: plan.payment_method_ref,
    });
  } catch (error) {
    if (slot) await failPayment(db, slot.id, clock.now());
    await endPlan(db, plan.id, saleId, 'failed', null, clock.now());
    throw error;
  }
  failpoint('instalment.after-first-charge');
  if (intent.status !== 'succeeded') {
    if (slot) await failPayment(db, slot.id, clock.now());
    const reason =
      intent.status === 'requires_action' ? instalmentMessages.needsAuthentication : (intent.lastError ?? '');
    await endPlan(db, plan.id, saleId, 'declined', reason, clock.now());
    return { status: 'unsuccessful' };
  }
  if (slot) await attachProviderPayment(db, slot.id, intent.id, clock.now());

  // Settling compares the charge with the plan's priced snapshot: a basket changed meanwhile is refunded, not sold.
  const settled = await settleSalePaid(db, {
    saleId,
    provider: 'stripe',
    providerPaymentId: intent.id,
    amountMinor: intent.amountMinor,
    currency: intent.currency,
    now: clock.now(),
    refundProtectionBp: config.sale.refundProtectionBp,
  });
  if (settled.outcome !== 'paid') {
    await endPlan(db, plan.id, saleId, 'failed', settled.reason, clock.now());
    return { status: 'unsuccessful' };
  }

  const activated = await activatePlan(db, plan, payments, intent.id, newCard, clock.now());
  if (activated) {
    await deps.mailer.send(await scheduleEmail(deps, plan.id));
  }
  return { status: 'success' };
}

/**
 * The start job (START_JOB): a plan still 'charging' when it runs was left by a process that died during
 * pay_with_instalment; its start is finished (charging at most once, by the same key) and the buyer's Pay request,
 * whose answer was never stored, gets this answer for a retry with its key.
 */
export async function resumePlanStart(deps: InstalmentDeps, planId: number): Promise<void> {
  const plan = await deps.db
    .selectFrom('payment_plans')
    .select(['status', 'sale_id', 'idempotency_key'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (plan?.status !== 'charging') return;
  const result = await finishPlanStart(deps, planId);
  await deps.db
    .updateTable('payment_attempts')
    .set({ status: 'done', response_status: 200, response_body: JSON.stringify(result), updated_at: deps.clock.now() })
    .where('sale_id', '=', plan.sale_id)
    .where('idempotency_key', '=', plan.idempotency_key)
    .where('status', '!=', 'done')
    .execute();
}

/** A declined card is tried this many times in all (30 s, 1, 2, 4 … min apart: jobs/queue.ts failJob). */
export const MAX_CHARGE_ATTEMPTS = 5;

/** The first payment did not go through: the plan ends, the sale is free for another attempt. */
async function endPlan(
  db: Db,
  planId: number,
  saleId: number,
  status: 'declined' | 'failed',
  reason: string | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('payment_plans').set({ status, completed_at: now }).where('id', '=', planId).execute();
    await tx
      .updateTable('sales')
      .set({ payment_plan_remaining: false, ...(reason ? { payment_error: reason } : {}), updated_at: now })
      .where('id', '=', saleId)
      .where('status', '!=', 'paid')
      .execute();
  });
}

export async function firstEventTitle(db: Db, saleId: number): Promise<string> {
  const row = await db
    .selectFrom('sale_lines as l')
    .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select('e.title')
    .where('l.sale_id', '=', saleId)
    .orderBy('l.id')
    .executeTakeFirst();
  return row?.title ?? 'your order';
}
