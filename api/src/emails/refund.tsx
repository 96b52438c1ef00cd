import type { OutboxMessage } from '../mail/outbox';
import { blocks, renderHtml, sentBy, type MailSender } from './render';
import { Facts, Frame, H1, P, Small } from './ui';

/**
 * The buyer hears of a refund the organiser made: how much, for which tickets, that their codes no longer admit
 * anyone, and when the money arrives. Sent once, when the refund is made (the provider takes a few days more).
 */
export interface RefundEmailContext {
  to: string;
  buyerName: string | null;
  reference: string;
  organiser: string;
  /** '£39.00' */
  amount: string;
  /** 'Adult (ticket ABCD…)' per refunded ticket. */
  tickets: string[];
  whole: boolean;
  reason: string | null;
}

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] ?? '';

export async function refundEmail(context: RefundEmailContext, sender: MailSender): Promise<OutboxMessage> {
  const hello = firstName(context.buyerName) ? `Hello ${firstName(context.buyerName)},` : 'Hello,';
  const what = context.whole
    ? `${context.organiser} has refunded your order ${context.reference}.`
    : `${context.organiser} has refunded ${context.tickets.length === 1 ? 'a ticket' : `${context.tickets.length} tickets`} of your order ${context.reference}.`;
  const money = `${context.amount} is on its way back to the card or account you paid with: it usually arrives within 5 to 10 working days.`;
  const voided = `The refunded ${context.tickets.length === 1 ? "ticket's code no longer admits" : "tickets' codes no longer admit"} anyone at the door.`;
  const facts: [string, string][] = [
    ['Order reference', context.reference],
    ['Refunded', context.amount],
    ...context.tickets.map((ticket, index): [string, string] => [index === 0 ? 'Tickets' : '', ticket]),
    ...(context.reason ? [['Reason', context.reason] as [string, string]] : []),
  ];
  const text = blocks(
    'Your refund',
    hello,
    what,
    money,
    voided,
    facts.map(([label, value]) => (label ? `${label}: ${value}` : `  ${value}`)).join('\n'),
  );
  const html = await renderHtml(
    <Frame
      sender={sender}
      preview={what}
      footer={`You are receiving this email because you bought order ${context.reference}.`}
    >
      <H1>Your refund</H1>
      <P>{hello}</P>
      <P>{what}</P>
      <P>{money}</P>
      <Facts rows={facts} />
      <Small>{voided}</Small>
    </Frame>,
  );
  return sentBy(sender, {
    to: context.to,
    subject: `Your refund for order ${context.reference}`,
    text,
    html,
    kind: 'refund',
  });
}
