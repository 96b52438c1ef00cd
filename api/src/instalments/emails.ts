import { ukDate } from '../catalogue/dates';
import { formatMoneyMinor } from './money';
import type { OutboxMessage } from '../mail/outbox';
import { html } from '../pages/html';

export const SCHEDULE_EMAIL_KIND = 'payment_schedule';
export const REMINDER_KIND = 'payment_reminder';
export const PAYMENT_FAILED_KIND = 'payment_failed';

export interface ScheduleRow {
  seq: number;
  dueAt: Date;
  amountMinor: number;
  paid: boolean;
}

function page(paragraphs: readonly string[], rows?: readonly ScheduleRow[], currency = 'GBP') {
  return html`<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${paragraphs.map((text) => html`<p>${text}</p>\n`)}${
    rows
      ? html`<table><thead><tr><th scope="col">Due</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>
${rows.map((row) => html`<tr><td>${ukDate(row.dueAt)}</td><td>${formatMoneyMinor(row.amountMinor, currency)}</td><td>${row.paid ? 'Paid' : 'Scheduled'}</td></tr>\n`)}</tbody></table>`
      : ''
  }</body></html>`.value;
}

const scheduleLines = (rows: readonly ScheduleRow[], currency: string) =>
  rows.map((row) => `- ${ukDate(row.dueAt)}: ${formatMoneyMinor(row.amountMinor, currency)}${row.paid ? ' (paid)' : ''}`);

/** Sent when the plan is set up: the whole schedule, and when the tickets come. */
export function scheduleEmail(to: string, reference: string, eventTitle: string, rows: readonly ScheduleRow[], currency: string): OutboxMessage {
  const intro = `Your payment plan for ${eventTitle} (order ${reference}) is set up. Your first payment has been taken.`;
  const after = 'We will send you an SMS and an email before each payment. Your tickets will be delivered to your wallet after the final payment.';
  return {
    to,
    subject: `Your payment schedule for ${eventTitle}`,
    text: [intro, '', ...scheduleLines(rows, currency), '', after].join('\n'),
    html: page([intro, after], rows, currency),
    kind: SCHEDULE_EMAIL_KIND,
  };
}

export function reminderText(eventTitle: string, amountMinor: number, currency: string, dueAt: Date): string {
  return `Reminder: your payment of ${formatMoneyMinor(amountMinor, currency)} for ${eventTitle} will be taken from your card on ${ukDate(dueAt)}.`;
}

export function reminderEmail(to: string, eventTitle: string, amountMinor: number, currency: string, dueAt: Date): OutboxMessage {
  const text = reminderText(eventTitle, amountMinor, currency, dueAt);
  return { to, subject: `Payment reminder for ${eventTitle}`, text, html: page([text]), kind: REMINDER_KIND };
}

/** A scheduled payment was declined: it is tried again (`finalTry` false) or the plan has stopped. */
export function paymentFailedEmail(to: string, eventTitle: string, amountMinor: number, currency: string, reason: string, finalTry: boolean): OutboxMessage {
  const first = `We could not take your payment of ${formatMoneyMinor(amountMinor, currency)} for ${eventTitle}: ${reason}`;
  const next = finalTry
    ? 'We have tried several times and your payment plan has now stopped. Please contact us to keep your tickets.'
    : 'We will try again shortly. If your card has changed, please update your payment method in your account settings.';
  return { to, subject: `Your payment for ${eventTitle} could not be taken`, text: `${first}\n\n${next}`, html: page([first, next]), kind: PAYMENT_FAILED_KIND };
}
