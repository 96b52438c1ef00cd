import type { ReactNode } from 'react';
import type { OutboxMessage } from '../mail/outbox';
import { blocks, heading, moneyLine, renderHtml, sentBy, type MailSender } from './render';
import type { TransferEvent } from './transfer';
import { EventDetails, Facts, Frame, H1, H2, MoneyTable, Note, P, Panel, Rule, Small } from './ui';

/**
 * A payment plan's emails: the schedule when it is set up, the reminder before each later payment, and a payment that
 * could not be taken. Each shows the event, the card the plan charges and the whole schedule with what is paid, so
 * the buyer never has to look for an earlier email.
 */

export interface PlanPayment {
  seq: number;
  /** 'Tuesday 1 January 2030' */
  due: string;
  amount: string;
  status: 'paid' | 'scheduled' | 'failed';
}

export interface PlanEmailContext {
  to: string;
  reference: string;
  buyerName: string | null;
  eventTitle: string;
  event: TransferEvent | null;
  /** 'Visa ending 4242', or null when the card cannot be named. */
  card: string | null;
  payments: PlanPayment[];
  total: string;
}

const firstName = (name: string | null) => name?.split(/\s+/)[0] ?? '';
const hello = (context: PlanEmailContext) =>
  firstName(context.buyerName) ? `Hello ${firstName(context.buyerName)},` : 'Hello,';
const statusWord = (status: PlanPayment['status']) =>
  status === 'paid' ? 'paid' : status === 'failed' ? 'not taken' : 'scheduled';
const paymentLabel = (payment: PlanPayment, count: number) => `Payment ${payment.seq} of ${count}`;
const cardText = (context: PlanEmailContext) => context.card ?? 'the card you chose';
const TICKETS_AFTER = 'Your tickets will be in your ticket wallet, and emailed to you, after the final payment.';

function eventText(event: TransferEvent): string {
  return [
    event.title,
    event.when,
    event.address && event.address !== event.venue ? `${event.venue} (${event.address})` : event.venue,
    `Organised by ${event.organiser}`,
  ].join('\n');
}

function scheduleText(context: PlanEmailContext): string {
  const count = context.payments.length;
  return [
    ...context.payments.map(
      (payment) =>
        `${moneyLine(`${paymentLabel(payment, count)}, ${payment.due}`, payment.amount)} (${statusWord(payment.status)})`,
    ),
    '',
    moneyLine('Plan total', context.total),
  ].join('\n');
}

function Schedule({ context }: { context: PlanEmailContext }) {
  const count = context.payments.length;
  return (
    <MoneyTable
      rows={context.payments.map((payment) => ({
        label: paymentLabel(payment, count),
        details: [`${payment.due} · ${statusWord(payment.status)}`],
        amount: payment.amount,
        credit: payment.status === 'paid',
      }))}
      totalLabel="Plan total"
      total={context.total}
    />
  );
}

function PlanFrame({
  sender,
  preview,
  title,
  children,
  context,
}: {
  sender: MailSender;
  preview: string;
  title: string;
  children: ReactNode;
  context: PlanEmailContext;
}) {
  return (
    <Frame
      sender={sender}
      preview={preview}
      footer={`You are receiving this email because you pay for order ${context.reference} in monthly payments.`}
    >
      <H1>{title}</H1>
      <P>{hello(context)}</P>
      {children}
      {context.event ? (
        <Panel>
          <EventDetails
            title={context.event.title}
            when={context.event.when}
            venue={context.event.venue}
            address={context.event.address}
            organiser={context.event.organiser}
          />
        </Panel>
      ) : null}
      <H2>Your payments</H2>
      <Schedule context={context} />
      <Rule />
      <Small>{TICKETS_AFTER}</Small>
    </Frame>
  );
}

/** Sent when the plan is set up: the first payment taken, the rest to come. */
export async function planScheduleEmail(
  context: PlanEmailContext,
  sender: MailSender,
  kind: string,
): Promise<OutboxMessage> {
  const first = context.payments[0];
  const taken = first
    ? `Your payment plan for ${context.eventTitle} is set up, and your first payment of ${first.amount} has been taken.`
    : `Your payment plan for ${context.eventTitle} is set up.`;
  const reminders = `The other payments will be taken from ${cardText(context)} on the dates below. We will send you an SMS and an email 3 days before each one.`;
  const facts: [string, string][] = [
    ['Order reference', context.reference],
    ['Card', cardText(context)],
    ['Payments', `${context.payments.length} monthly payments`],
  ];
  const title = 'Your payment plan is set up';
  const text = blocks(
    title,
    hello(context),
    taken,
    reminders,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    context.event ? eventText(context.event) : null,
    heading('Your payments'),
    scheduleText(context),
    TICKETS_AFTER,
  );
  const html = await renderHtml(
    <PlanFrame sender={sender} preview={taken} title={title} context={context}>
      <P>{taken}</P>
      <P>{reminders}</P>
      <Facts rows={facts} />
    </PlanFrame>,
  );
  return sentBy(sender, {
    to: context.to,
    subject: `Your payment schedule for ${context.eventTitle}`,
    text,
    html,
    kind,
  });
}

/** 3 days before a payment. `sentence` is the SMS's own words (instalments/emails.ts reminderText). */
export async function planReminderEmail(
  context: PlanEmailContext,
  seq: number,
  sentence: string,
  sender: MailSender,
  kind: string,
): Promise<OutboxMessage> {
  const payment = context.payments.find((entry) => entry.seq === seq);
  const facts: [string, string][] = [
    ['Amount', payment?.amount ?? ''],
    ['Date', payment?.due ?? ''],
    ['Card', cardText(context)],
    ['Order reference', context.reference],
  ];
  const nothingToDo = 'There is nothing you need to do: just make sure the card can be charged on that day.';
  const title = payment ? `Your next payment is on ${payment.due}` : 'Your next payment';
  const text = blocks(
    title,
    hello(context),
    sentence,
    payment ? `This is payment ${payment.seq} of ${context.payments.length}.` : null,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    nothingToDo,
    context.event ? eventText(context.event) : null,
    heading('Your payments'),
    scheduleText(context),
    TICKETS_AFTER,
  );
  const html = await renderHtml(
    <PlanFrame sender={sender} preview={sentence} title={title} context={context}>
      <P>{sentence}</P>
      {payment ? (
        <P>
          This is payment {payment.seq} of {context.payments.length}.
        </P>
      ) : null}
      <Facts rows={facts} />
      <Note tone="info">{nothingToDo}</Note>
    </PlanFrame>,
  );
  return sentBy(sender, { to: context.to, subject: `Payment reminder for ${context.eventTitle}`, text, html, kind });
}

/** A later payment was declined: it is tried again (`finalTry` false) or the plan has stopped. */
export async function planPaymentFailedEmail(
  context: PlanEmailContext,
  seq: number,
  reason: string,
  finalTry: boolean,
  sender: MailSender,
  kind: string,
): Promise<OutboxMessage> {
  const payment = context.payments.find((entry) => entry.seq === seq);
  const first = `We could not take your payment of ${payment?.amount ?? ''} for ${context.eventTitle} from ${cardText(context)}: ${reason}`;
  const next = finalTry
    ? `We have tried several times and your payment plan has now stopped. Please contact the organiser${context.event ? `, ${context.event.organiser},` : ''} to keep your tickets.`
    : 'We will try again shortly. Please make sure the card can be charged.';
  const title = finalTry ? 'Your payment plan has stopped' : 'We could not take your payment';
  const text = blocks(
    title,
    hello(context),
    first,
    next,
    `Order reference: ${context.reference}`,
    context.event ? eventText(context.event) : null,
    heading('Your payments'),
    scheduleText(context),
  );
  const html = await renderHtml(
    <PlanFrame sender={sender} preview={first} title={title} context={context}>
      <Note tone="warning">{first}</Note>
      <P>{next}</P>
      <Facts rows={[['Order reference', context.reference]]} />
    </PlanFrame>,
  );
  return sentBy(sender, {
    to: context.to,
    subject: `Your payment for ${context.eventTitle} could not be taken`,
    text,
    html,
    kind,
  });
}
