import { deliveryDepsOf } from '../delivery/handlers';
import { emailWallet } from '../delivery/deliver';
import { issueTicketsInTx } from '../tickets/tickets';
import type { AppDeps } from '../deps';
import { failpoint } from '../platform/failpoints';
import { startJobRunner, type Job, type JobHandler, type JobRunner } from '../jobs/queue';
import { recordPayment } from '../ledger/record';
import { parseComponents } from '../pricing/price';
import { paymentFailedEmail, reminderEmail, reminderText } from './emails';
import { CHARGE_JOB, INSTALMENT_JOB_KINDS, instalmentPayloadOf, REMINDER_JOB, START_JOB } from './job-kinds';
import { CARD_OFF, firstEventTitle, instalmentDepsOf, resumePlanStart } from './pay';

/** Thrown so the queue retries a declined payment with backoff (jobs/queue.ts failJob). */
export class InstalmentDeclined extends Error {
  constructor(reason: string) {
    super(`instalment declined: ${reason}`);
    this.name = 'InstalmentDeclined';
  }
}

async function loadInstalment(deps: AppDeps, planId: number, seq: number) {
  const plan = await deps.db.selectFrom('payment_plans').selectAll().where('id', '=', planId).executeTakeFirst();
  const instalment = await deps.db
    .selectFrom('payment_plan_instalments')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return plan && instalment ? { plan, instalment } : undefined;
}

/**
 * Records a paid instalment; after the last one, in the same transaction, the plan is complete, the sale has no
 * payments remaining and its tickets are issued. The wallet email follows (exactly once, delivery/deliver.ts).
 */
async function recordPaid(
  deps: AppDeps,
  planId: number,
  seq: number,
  providerPaymentId: string,
  attempt: number,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    const marked = await tx
      .updateTable('payment_plan_instalments')
      .set({
        status: 'paid',
        paid_at: now,
        provider_payment_id: providerPaymentId,
        last_error: null,
        attempts: attempt,
      })
      .where('plan_id', '=', planId)
      .where('seq', '=', seq)
      .where('status', '=', 'scheduled')
      .returning('seq')
      .executeTakeFirst();
    if (!marked) return;
    const plan = await tx
      .selectFrom('payment_plans')
      .select(['sale_id', 'currency'])
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    const paid = await tx
      .selectFrom('payment_plan_instalments')
      .select('amount_minor')
      .where('plan_id', '=', planId)
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
    // Each instalment is shared as the price the plan pays for (the settlement's components).
    const settlement = await tx
      .selectFrom('payments')
      .select('components')
      .where('sale_id', '=', plan.sale_id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    await recordPayment(
      tx,
      {
        sale_id: plan.sale_id,
        provider: 'stripe',
        provider_reference: providerPaymentId,
        amount_minor: paid.amount_minor,
        currency: plan.currency.toUpperCase(),
        status: 'done',
        reason: null,
        created_at: now,
        completed_at: now,
      },
      parseComponents(settlement.components),
    );
    const left = await tx
      .selectFrom('payment_plan_instalments')
      .select('seq')
      .where('plan_id', '=', planId)
      .where('status', '!=', 'paid')
      .execute();
    if (left.length > 0) return;
    const completed = await tx
      .updateTable('payment_plans')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', planId)
      .where('status', '=', 'active')
      .returning('sale_id')
      .executeTakeFirst();
    if (!completed) return;
    await tx
      .updateTable('sales')
      .set({ payment_plan_remaining: false, updated_at: now })
      .where('id', '=', completed.sale_id)
      .execute();
    await issueTicketsInTx(tx, completed.sale_id, now);
  });
}

/** Charges one scheduled payment off-session; the final one delivers the tickets. */
async function chargeInstalment(deps: AppDeps, payload: unknown, job: Job): Promise<void> {
  const { planId, seq } = instalmentPayloadOf(payload);
  const found = await loadInstalment(deps, planId, seq);
  if (!found) return;
  const { plan, instalment } = found;
  if (instalment.status === 'paid') {
    // Charged by an earlier try that did not finish: make sure what follows the charge happened.
    if (plan.status === 'completed') await emailWallet(deliveryDepsOf(deps), plan.sale_id);
    return;
  }
  if (plan.status !== 'active' || instalment.status !== 'scheduled') return;

  // The attempt counts once its outcome is recorded (paid, or declined below): a run that died mid-charge is retried
  // with the same attempt number, hence the same provider idempotency key, and gets the first charge back instead of
  // charging again. Only after a recorded decline does the next try make a new charge.
  const attempt = instalment.attempts + 1;
  const instalmentDeps = instalmentDepsOf(deps);
  // Card payments turned off (production without a card provider or PAYMENTS_SANDBOX): no charge, not even of a plan
  // a sandbox started before. The job fails and is tried again later, so the plan goes on once cards are on again.
  if (!instalmentDeps.cardOffered()) throw new Error(CARD_OFF);
  const intent = await instalmentDeps.card().chargeOffSession({
    saleId: plan.sale_id,
    amountMinor: instalment.amount_minor,
    currency: plan.currency,
    idempotencyKey: `plan-${planId}-${seq}-${attempt}`,
    customerId: plan.customer_ref,
    paymentMethodId: plan.payment_method_ref,
  });
  failpoint('instalment.after-charge');
  if (intent.status === 'succeeded') {
    await recordPaid(deps, planId, seq, intent.id, attempt);
    const after = await deps.db
      .selectFrom('payment_plans')
      .select('status')
      .where('id', '=', planId)
      .executeTakeFirst();
    if (after?.status === 'completed') await emailWallet(deliveryDepsOf(deps), plan.sale_id);
    return;
  }

  const reason = intent.lastError ?? 'Your card was declined.';
  const finalTry = job.attempts >= job.max_attempts;
  const now = deps.clock.now();
  await deps.db
    .updateTable('payment_plan_instalments')
    .set({ last_error: reason, attempts: attempt, ...(finalTry ? { status: 'failed' as const } : {}) })
    .where('plan_id', '=', planId)
    .where('seq', '=', seq)
    .execute();
  if (finalTry)
    await deps.db
      .updateTable('payment_plans')
      .set({ status: 'failed', completed_at: now })
      .where('id', '=', planId)
      .execute();
  await deps.mailer.send(await paymentFailedEmail(deps, planId, seq, reason, finalTry));
  if (!finalTry) throw new InstalmentDeclined(reason);
}

/** Before each payment: an SMS (an outbox row on the 'sms' channel) and an email. */
async function remind(deps: AppDeps, payload: unknown): Promise<void> {
  const { planId, seq } = instalmentPayloadOf(payload);
  const found = await loadInstalment(deps, planId, seq);
  if (!found || found.plan.status !== 'active' || found.instalment.status !== 'scheduled') return;
  const { plan, instalment } = found;
  const title = await firstEventTitle(deps.db, plan.sale_id);
  const now = deps.clock.now();
  await deps.db
    .insertInto('outbox')
    .values({
      to_address: plan.contact_number,
      subject: `Payment reminder for ${title}`,
      text_body: reminderText(title, instalment.amount_minor, plan.currency, instalment.due_at),
      html_body: null,
      kind: 'payment_reminder',
      channel: 'sms',
      created_at: now,
    })
    .execute();
  await deps.mailer.send(
    await reminderEmail(
      deps,
      planId,
      seq,
      reminderText(title, instalment.amount_minor, plan.currency, instalment.due_at),
    ),
  );
}

export function instalmentJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [CHARGE_JOB]: (payload, job) => chargeInstalment(deps, payload, job),
    [REMINDER_JOB]: (payload) => remind(deps, payload),
    [START_JOB]: (payload) => resumePlanStart(instalmentDepsOf(deps), instalmentPayloadOf(payload).planId),
  };
}

/** How often due instalment jobs are looked for (INSTALMENT_JOBS_MS, default one minute). */
export function instalmentJobsIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.INSTALMENT_JOBS_MS ?? '');
  return Number.isInteger(value) && value >= 100 ? value : 60_000;
}

/** The runner of payment plan jobs: only their kinds, so other domains' runners and this one never take each other's. */
export function startInstalmentRunner(
  deps: AppDeps,
  onError: (error: unknown, job?: Job) => void,
  intervalMs = instalmentJobsIntervalMs(),
): JobRunner {
  return startJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: instalmentJobHandlers(deps),
    kinds: INSTALMENT_JOB_KINDS,
    intervalMs,
    onError,
  });
}
