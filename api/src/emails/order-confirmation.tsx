import type { MailAttachment, OutboxMessage } from '../mail/outbox';
import { WALLET_EMAIL_KIND } from './wallet-email';
import { calendarFile, calendarFileName, type CalendarContext } from './calendar';
import type { ReceiptEvent, ReceiptModel } from './receipt-data';
import { blocks, heading, moneyLine, renderHtml, sentBy, type MailSender } from './render';
import {
  A,
  Action,
  EventDetails,
  Facts,
  Frame,
  H1,
  H2,
  MoneyTable,
  Note,
  P,
  Panel,
  Rule,
  Small,
  TicketLine,
} from './ui';

/**
 * The order confirmation: a receipt of exactly what was charged (the settlement's components, in the checkout's own
 * rows) and the tickets, with everything a buyer looks for later — reference, payment card, each event's date, time,
 * venue and organiser, the wallet, the waiver to sign, the refund policy — and a calendar file per event.
 */

/** 'Your tickets for Folk by the Sea' (and the other events of the order, if any). */
export function receiptSubject(receipt: Pick<ReceiptModel, 'events' | 'reference' | 'voucherCount'>): string {
  const titles = [...new Set(receipt.events.map((event) => event.title))];
  if (titles.length === 0)
    return receipt.voucherCount > 0
      ? `Your gift voucher order ${receipt.reference}`
      : `Your order ${receipt.reference}`;
  if (titles.length === 1) return `Your tickets for ${titles[0]}`;
  return `Your tickets for ${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
}

const firstName = (name: string | null) => name?.split(/\s+/)[0] ?? '';
export const eventWhen = (event: Pick<ReceiptEvent, 'day' | 'time'>) => `${event.day} at ${event.time}`;
const ticketCount = (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`);

const DOOR =
  'Show the QR code in your ticket wallet (or read out the ticket code) at the door. Keep the codes to yourself: each one admits one person.';
const REFUND_PROTECTION =
  'Your booking has refund protection: if you cannot attend for one of the covered reasons, such as illness or travel disruption, the whole booking cost can be refunded.';
const giftAidSentence = (charity: string) =>
  `Thank you for your donation to ${charity}. You added Gift Aid, so the charity can claim 25% more at no cost to you.`;
const waiverSentence =
  'Before the event, everyone in your party must read and accept the activity terms. Share this link with them:';

const andList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Where posted things go: 'We will post your gift voucher and tickets for Folk by the Sea to: …'. */
function postingSentence(receipt: ReceiptModel): string {
  return receipt.posted.length
    ? `We will post your ${andList(receipt.posted)} to: ${receipt.deliveryAddress ?? ''}`
    : `Delivery address: ${receipt.deliveryAddress ?? ''}`;
}

const footer = (receipt: ReceiptModel) =>
  `This is your receipt for order ${receipt.reference}, sent to ${receipt.to}.${receipt.events.length ? ' Keep it: it has your ticket codes.' : ''}`;

function totalLabel(receipt: ReceiptModel): string {
  if (receipt.payment.kind === 'free') return 'Total (free)';
  return 'Total paid';
}

function ReceiptEmail({
  receipt,
  sender,
  calendarNames,
}: {
  receipt: ReceiptModel;
  sender: MailSender;
  calendarNames: Map<number, string>;
}) {
  const name = firstName(receipt.buyerName);
  const facts: [string, string][] = [
    ['Order reference', receipt.reference],
    ['Order date', receipt.paidOn],
    ['Total', receipt.total],
    ['Payment', receipt.payment.method],
  ];
  return (
    <Frame
      sender={sender}
      preview={`Order ${receipt.reference} · ${receipt.total}${receipt.events.length ? ` · ${receipt.events.map((event) => event.title).join(', ')}` : ''}`}
      footer={footer(receipt)}
    >
      <H1>{name ? `Thank you, ${name}. Your order is confirmed.` : 'Thank you. Your order is confirmed.'}</H1>
      <P>
        {receipt.events.length
          ? 'Here are your tickets and your receipt. Your tickets are also in your ticket wallet, with a QR code for each.'
          : 'Here is your receipt.'}
      </P>
      {receipt.payment.kind === 'free' ? <Note tone="success">{receipt.payment.sentence}</Note> : null}
      <Facts rows={facts} />
      {receipt.events.length ? <Action href={receipt.links.wallet}>Open your ticket wallet</Action> : null}

      {receipt.events.length ? <H2>Your tickets</H2> : null}
      {receipt.events.map((event) => (
        <Panel key={event.dateId}>
          <EventDetails
            title={event.title}
            when={eventWhen(event)}
            venue={event.venue}
            address={event.address}
            organiser={event.organiser}
          />
          {event.tickets.map((ticket) => (
            <TicketLine key={ticket.code} name={ticket.name} seat={ticket.seat} code={ticket.code} />
          ))}
          <Small style={{ margin: '8px 0 0' }}>
            Add it to your calendar: {calendarNames.get(event.dateId)} is attached.
          </Small>
        </Panel>
      ))}
      {receipt.links.waiver ? (
        <Note tone="warning">
          {waiverSentence} <A href={receipt.links.waiver}>{receipt.links.waiver}</A>
        </Note>
      ) : null}

      <H2>Receipt</H2>
      <MoneyTable
        rows={receipt.lines.map((line) => ({
          label: line.label,
          details: line.details,
          amount: line.amount,
          credit: line.amountMinor < 0,
        }))}
        totalLabel={totalLabel(receipt)}
        total={receipt.total}
      />
      {receipt.payment.kind === 'free' ? null : <Small>{receipt.payment.sentence}</Small>}
      {receipt.payment.instalments ? (
        <Facts
          rows={receipt.payment.instalments.map(
            (row, index) =>
              [`Payment ${index + 1}`, `${row.amount} on ${row.due}${row.paid ? ' (paid)' : ''}`] as const,
          )}
        />
      ) : null}
      {receipt.giftAid ? <Note tone="info">{giftAidSentence(receipt.giftAid.charity)}</Note> : null}
      {receipt.refundProtection ? <Note tone="info">{REFUND_PROTECTION}</Note> : null}
      {receipt.deliveryAddress ? <P>{postingSentence(receipt)}</P> : null}

      <Rule />
      {receipt.events.length ? <Small>{DOOR}</Small> : null}
      <Small>
        Refund policy: <A href={receipt.links.refundPolicy}>{receipt.links.refundPolicy}</A>
      </Small>
    </Frame>
  );
}

export function receiptText(receipt: ReceiptModel, calendarNames: Map<number, string>): string {
  const name = firstName(receipt.buyerName);
  const events = receipt.events.map((event) =>
    [
      event.title,
      eventWhen(event),
      event.address && event.address !== event.venue ? `${event.venue} (${event.address})` : event.venue,
      `Organised by ${event.organiser}`,
      ...event.tickets.map(
        (ticket) => `- ${ticket.seat ? `${ticket.name}, ${ticket.seat}` : ticket.name}. Ticket code ${ticket.code}`,
      ),
      `Calendar file attached: ${calendarNames.get(event.dateId) ?? ''}`,
    ].join('\n'),
  );
  const lines = receipt.lines.map((line) =>
    [moneyLine(line.label, line.amount), ...line.details.map((detail) => `  ${detail}`)].join('\n'),
  );
  return blocks(
    name ? `Thank you, ${name}. Your order is confirmed.` : 'Thank you. Your order is confirmed.',
    receipt.payment.kind === 'free' ? receipt.payment.sentence : null,
    [
      `Order reference: ${receipt.reference}`,
      `Order date: ${receipt.paidOn}`,
      `Total: ${receipt.total}`,
      `Payment: ${receipt.payment.method}`,
    ].join('\n'),
    receipt.events.length ? `Your tickets are in your wallet, with a QR code for each: ${receipt.links.wallet}` : null,
    receipt.events.length
      ? heading(`Your tickets (${ticketCount(receipt.events.reduce((sum, event) => sum + event.tickets.length, 0))})`)
      : null,
    ...events,
    receipt.links.waiver ? `${waiverSentence}\n${receipt.links.waiver}` : null,
    heading('Receipt'),
    [...lines, '', moneyLine(totalLabel(receipt), receipt.total)].join('\n'),
    receipt.payment.kind === 'free' ? null : receipt.payment.sentence,
    receipt.payment.instalments
      ? receipt.payment.instalments
          .map((row, index) => `Payment ${index + 1}: ${row.amount} on ${row.due}${row.paid ? ' (paid)' : ''}`)
          .join('\n')
      : null,
    receipt.giftAid ? giftAidSentence(receipt.giftAid.charity) : null,
    receipt.refundProtection ? REFUND_PROTECTION : null,
    receipt.deliveryAddress ? postingSentence(receipt) : null,
    receipt.events.length ? DOOR : null,
    `Refund policy: ${receipt.links.refundPolicy}`,
    footer(receipt),
  );
}

/** The message: HTML and text parts, and a calendar file per event date. */
export async function orderConfirmationEmail(
  receipt: ReceiptModel,
  sender: MailSender,
  calendar: Omit<CalendarContext, 'reference' | 'walletUrl'>,
): Promise<OutboxMessage> {
  const context: CalendarContext = { ...calendar, reference: receipt.reference, walletUrl: receipt.links.wallet };
  const attachments: MailAttachment[] = receipt.events.map((event) => calendarFile(event, context));
  const calendarNames = new Map(receipt.events.map((event) => [event.dateId, calendarFileName(event)]));
  return sentBy(sender, {
    to: receipt.to,
    subject: receiptSubject(receipt),
    text: receiptText(receipt, calendarNames),
    html: await renderHtml(<ReceiptEmail receipt={receipt} sender={sender} calendarNames={calendarNames} />),
    kind: WALLET_EMAIL_KIND,
    attachments,
  });
}
