import type { PaymentPlanScheduleOption } from '@checkout/shared';
import { ukDate } from '../catalogue/dates';
import { toDecimal } from '../catalogue/money';

/**
 * THE payment plan rule (api/README.md 'Instalments'):
 * - offered only for a GBP basket of tickets (no gift vouchers bought) with something to pay, whose every event allows
 *   payment plans and whose organisers all take cards through the stripe-type provider (instalments are card only:
 *   later payments are off-session card charges);
 * - payments are monthly: the first today, the k-th k months later; the last one must fall at least
 *   FINAL_PAYMENT_DAYS_BEFORE_EVENT days before the earliest event date in the basket; from 2 up to MAX_MONTHS
 *   payments; when not even 2 fit, no option is offered at all;
 * - the ticket prices (after discounts) are split evenly in whole pennies; the first payment also carries the odd
 *   pennies and everything not split: booking fees, delivery, refund protection, a donation (less gift voucher codes);
 * - key '1' is paying in full today (never an instalment choice).
 */
export const FINAL_PAYMENT_DAYS_BEFORE_EVENT = 30;
export const MAX_MONTHS = 12;
export const PLAN_CURRENCY = 'GBP';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PlanBasket {
  currency: string;
  basketTotalMinor: number;
  /** Ticket prices after discounts: what may be spread. */
  ticketsAfterDiscountMinor: number;
  hasGiftVouchers: boolean;
  hasTickets: boolean;
  everyEventAllowsPlans: boolean;
  /** Every organiser in the basket is on the stripe-type (card) provider. */
  cardProvider: boolean;
  /** The earliest date of any ticket in the basket. */
  firstEventAt: Date | null;
}

export interface PlannedPayment {
  seq: number;
  dueAt: Date;
  amountMinor: number;
}

/**
 * Calendar months in UTC: 31 January + 1 month is the last day of February, not 3 March (the day is clamped to the
 * month's last, as date-fns' addMonths does; the time of day is kept). Plain Date arithmetic: every checkout read makes
 * up to a dozen of these.
 */
export function addMonths(at: Date, months: number): Date {
  const day = at.getUTCDate();
  const moved = new Date(at.getTime());
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

export function planAllowed(basket: PlanBasket): boolean {
  return (
    basket.currency.toUpperCase() === PLAN_CURRENCY &&
    basket.hasTickets &&
    !basket.hasGiftVouchers &&
    basket.everyEventAllowsPlans &&
    basket.cardProvider &&
    basket.basketTotalMinor > 0 &&
    basket.firstEventAt !== null
  );
}

/** The most monthly payments that end in time (0 when a plan is not allowed at all). */
export function maxMonths(basket: PlanBasket, now: Date): number {
  return dueDates(basket, now).length;
}

/** The due dates of the longest plan that ends in time (none when a plan is not allowed at all). */
function dueDates(basket: PlanBasket, now: Date): Date[] {
  if (!planAllowed(basket) || !basket.firstEventAt) return [];
  const lastDue = basket.firstEventAt.getTime() - FINAL_PAYMENT_DAYS_BEFORE_EVENT * DAY_MS;
  const dues: Date[] = [];
  for (let months = 0; months < MAX_MONTHS; months += 1) {
    const due = addMonths(now, months);
    if (due.getTime() > lastDue) break;
    dues.push(due);
  }
  return dues;
}

/** The amounts of an n-month plan's payments: ticket prices split evenly, the first also carrying the rest. */
function planAmounts(basket: PlanBasket, months: number): number[] {
  const total = basket.basketTotalMinor;
  const spread = Math.max(0, Math.min(basket.ticketsAfterDiscountMinor, total));
  const each = Math.floor(spread / months);
  return Array.from({ length: months }, (_, index) => (index === 0 ? total - each * (months - 1) : each));
}

/** The payments of an n-month plan (n = 1 is paying in full today). */
export function planPayments(basket: PlanBasket, months: number, now: Date): PlannedPayment[] {
  return planAmounts(basket, months).map((amountMinor, index) => ({
    seq: index + 1,
    dueAt: addMonths(now, index),
    amountMinor,
  }));
}

/** payment_plan_schedule_options of the checkout: {} when no plan is possible, else '1' and '2'..max. */
export function scheduleOptions(basket: PlanBasket, now: Date): Record<string, PaymentPlanScheduleOption> {
  const dues = dueDates(basket, now);
  const max = dues.length;
  if (max < 2) return {};
  // Every plan's k-th payment falls on the same day: each due date is worked out and written once, not once a plan
  // (every checkout read makes these options).
  const ukDues = dues.map((due) => ukDate(due));
  const options: Record<string, PaymentPlanScheduleOption> = {};
  for (let months = 1; months <= max; months += 1) {
    const amounts = planAmounts(basket, months);
    // Too little to spread over this many months: a payment of nothing is no payment.
    if (amounts.some((amount) => amount <= 0)) break;
    const schedule = amounts.map((amount, index) => ({ uk_due: ukDues[index] ?? '', value: toDecimal(amount) }));
    options[String(months)] = { label: months === 1 ? 'Pay in full' : `${months} months`, schedule };
  }
  return Object.keys(options).length >= 2 ? options : {};
}
