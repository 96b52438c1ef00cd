import { niceDay, niceTime, ukDate } from '../catalogue/dates';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import {
  type PlanEmailContext,
  planPaymentFailedEmail,
  planReminderEmail,
  planScheduleEmail,
} from '../emails/instalments';
import { mailSenderOf } from '../emails/render';
import type { OutboxMessage } from '../mail/outbox';
import { describeCard, paymentCardOf } from '../payment/card-details';
import { formatMoneyMinor } from './money';

export const SCHEDULE_EMAIL_KIND = 'payment_schedule';
export const REMINDER_KIND = 'payment_reminder';
export const PAYMENT_FAILED_KIND = 'payment_failed';

export interface PlanEmailDeps {
  db: Db;
  config: Pick<AppConfig, 'payment' | 'mail'>;
}

/** What every plan email shows: the order, the buyer, the event, the card the plan charges and the whole schedule. */
export async function planEmailContext(deps: PlanEmailDeps, planId: number): Promise<PlanEmailContext> {
  const { db } = deps;
  const plan = await db.selectFrom('payment_plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
  const [sale, user, instalments, event] = await Promise.all([
    db.selectFrom('sales').select(['reference', 'full_name']).where('id', '=', plan.sale_id).executeTakeFirstOrThrow(),
    plan.user_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', plan.user_id).executeTakeFirst(),
    db.selectFrom('payment_plan_instalments').selectAll().where('plan_id', '=', planId).orderBy('seq').execute(),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
      .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
      .select(['e.title', 'e.location', 'e.venue_full_address', 'e.timezone', 'd.starts_at', 'o.name as organiser'])
      .where('l.sale_id', '=', plan.sale_id)
      .orderBy('l.id')
      .executeTakeFirst(),
  ]);
  // The first payment's card is the one the plan charges every month.
  const firstCharge = instalments.find((row) => row.provider_payment_id !== null)?.provider_payment_id;
  const card = firstCharge ? await paymentCardOf({ db, payment: deps.config.payment }, 'stripe', firstCharge) : null;
  return {
    to: plan.email,
    reference: sale.reference,
    buyerName: sale.full_name?.trim() || (user ? `${user.first_name} ${user.last_name}`.trim() : null) || null,
    eventTitle: event?.title ?? 'your order',
    event: event
      ? {
          title: event.title,
          when: `${niceDay(event.starts_at, event.timezone)} at ${niceTime(event.starts_at, event.timezone)}`,
          venue: event.location,
          address: event.venue_full_address,
          organiser: event.organiser,
        }
      : null,
    card: card ? describeCard(card) : null,
    payments: instalments.map((row) => ({
      seq: row.seq,
      due: niceDay(row.due_at, 'Europe/London'),
      amount: formatMoneyMinor(row.amount_minor, plan.currency),
      status: row.status,
    })),
    total: formatMoneyMinor(plan.total_minor, plan.currency),
  };
}

/** Sent when the plan is set up: the whole schedule, and when the tickets come. */
export async function scheduleEmail(deps: PlanEmailDeps, planId: number): Promise<OutboxMessage> {
  return planScheduleEmail(await planEmailContext(deps, planId), mailSenderOf(deps.config), SCHEDULE_EMAIL_KIND);
}

/** The reminder's one sentence: the SMS is this alone, the email starts with it. */
export function reminderText(eventTitle: string, amountMinor: number, currency: string, dueAt: Date): string {
  return `Reminder: your payment of ${formatMoneyMinor(amountMinor, currency)} for ${eventTitle} will be taken from your card on ${ukDate(dueAt)}.`;
}

export async function reminderEmail(
  deps: PlanEmailDeps,
  planId: number,
  seq: number,
  sentence: string,
): Promise<OutboxMessage> {
  return planReminderEmail(
    await planEmailContext(deps, planId),
    seq,
    sentence,
    mailSenderOf(deps.config),
    REMINDER_KIND,
  );
}

/** A scheduled payment was declined: it is tried again (`finalTry` false) or the plan has stopped. */
export async function paymentFailedEmail(
  deps: PlanEmailDeps,
  planId: number,
  seq: number,
  reason: string,
  finalTry: boolean,
): Promise<OutboxMessage> {
  return planPaymentFailedEmail(
    await planEmailContext(deps, planId),
    seq,
    reason,
    finalTry,
    mailSenderOf(deps.config),
    PAYMENT_FAILED_KIND,
  );
}
