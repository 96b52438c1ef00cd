import type { OutboxMessage } from '../mail/outbox';
import { blocks, heading, renderHtml, sentBy, type MailSender } from './render';
import { A, Action, EventDetails, Facts, Frame, H1, H2, Note, P, Panel, Rule, Small, TicketLine } from './ui';

/**
 * Tickets sent to someone else: the offer (a transfer, or a gift, now or on the day the sender chose) with the accept
 * button, and, once accepted, the recipient's tickets with their new codes. Both name who sent them — the buyer of the
 * order — and the event, its date, time and venue, so a stranger's email is recognisably not a scam.
 */

export interface TransferEvent {
  title: string;
  /** 'Saturday 5 December 2026 at 7:30pm' in the event's zone. */
  when: string;
  venue: string;
  address: string | null;
  organiser: string;
}

export interface TransferOffer {
  to: string;
  recipientName: string;
  /** The order's buyer, as they gave their name; null when the order has none. */
  senderName: string | null;
  isGift: boolean;
  qty: number;
  ticketName: string;
  event: TransferEvent | null;
  message: string | null;
  acceptUrl: string;
}

const sender = (offer: Pick<TransferOffer, 'senderName'>) => offer.senderName ?? 'Someone';
const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const tickets = (qty: number, name: string) => `${qty} × ${name}`;
/** 'a ticket for Aurora Sessions', '2 tickets for Aurora Sessions' */
const what = (offer: TransferOffer) =>
  `${offer.qty === 1 ? 'a ticket' : `${offer.qty} tickets`}${offer.event ? ` for ${offer.event.title}` : ''}`;

export function transferSubject(offer: TransferOffer): string {
  return offer.isGift
    ? `${sender(offer)} has sent you ${what(offer)} as a gift`
    : `${sender(offer)} has transferred ${what(offer)} to you`;
}

const intro = (offer: TransferOffer) => `${transferSubject(offer)}.`;
const offerTitle = (offer: TransferOffer) =>
  offer.isGift
    ? 'You have been sent a gift'
    : offer.qty === 1
      ? 'A ticket has been transferred to you'
      : 'Tickets have been transferred to you';

const acceptAfter = (offer: TransferOffer) =>
  offer.qty === 1
    ? 'When you accept, the ticket moves to you with a new ticket code, and it appears in your ticket wallet when you sign in with this email address.'
    : 'When you accept, the tickets move to you with new ticket codes, and they appear in your ticket wallet when you sign in with this email address.';
const keepWithSender = (offer: TransferOffer) =>
  `If you do not accept, ${offer.qty === 1 ? 'the ticket stays' : 'the tickets stay'} with ${sender(offer)}.`;
const eventLine = (event: TransferEvent) =>
  [
    event.title,
    event.when,
    event.address && event.address !== event.venue ? `${event.venue} (${event.address})` : event.venue,
    event.organiser ? `Organised by ${event.organiser}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');

function TransferOfferEmail({ offer, from }: { offer: TransferOffer; from: MailSender }) {
  return (
    <Frame
      sender={from}
      preview={intro(offer)}
      footer={`You are receiving this email because ${sender(offer)} entered your email address to send you tickets.`}
    >
      <H1>{offerTitle(offer)}</H1>
      <P>Hello {firstName(offer.recipientName)},</P>
      <P>{intro(offer)}</P>
      <Panel>
        {offer.event ? (
          <EventDetails
            title={offer.event.title}
            when={offer.event.when}
            venue={offer.event.venue}
            address={offer.event.address}
            organiser={offer.event.organiser}
          />
        ) : null}
        <Facts
          rows={[
            ['Tickets', tickets(offer.qty, offer.ticketName)],
            ['From', sender(offer)],
          ]}
        />
      </Panel>
      {offer.message ? (
        <Note tone="info">
          A message from {sender(offer)}: “{offer.message}”
        </Note>
      ) : null}
      <Action href={offer.acceptUrl}>{offer.qty === 1 ? 'Accept the ticket' : 'Accept the tickets'}</Action>
      <Small>{acceptAfter(offer)}</Small>
      <Small>
        The button not working? Open this link: <A href={offer.acceptUrl}>{offer.acceptUrl}</A>
      </Small>
      <Rule />
      <Small>{keepWithSender(offer)}</Small>
    </Frame>
  );
}

export async function transferOfferEmail(offer: TransferOffer, from: MailSender, kind: string): Promise<OutboxMessage> {
  const text = blocks(
    offerTitle(offer),
    `Hello ${firstName(offer.recipientName)},`,
    intro(offer),
    offer.event ? eventLine(offer.event) : null,
    `Tickets: ${tickets(offer.qty, offer.ticketName)}\nFrom: ${sender(offer)}`,
    offer.message ? `A message from ${sender(offer)}: "${offer.message}"` : null,
    `Accept them here: ${offer.acceptUrl}`,
    acceptAfter(offer),
    keepWithSender(offer),
  );
  return sentBy(from, {
    to: offer.to,
    subject: transferSubject(offer),
    text,
    html: await renderHtml(<TransferOfferEmail offer={offer} from={from} />),
    kind,
  });
}

export interface AcceptedTicketsEvent extends TransferEvent {
  tickets: { name: string; seat: string | null; code: string }[];
}

export interface AcceptedTickets {
  to: string;
  recipientName: string;
  senderName: string | null;
  events: AcceptedTicketsEvent[];
  walletUrl: string;
}

const acceptedTitle = (accepted: AcceptedTickets) =>
  accepted.events.reduce((sum, event) => sum + event.tickets.length, 0) === 1
    ? 'This ticket is yours now'
    : 'These tickets are yours now';
const DOOR =
  'Show the QR code in your ticket wallet (or read out the ticket code) at the door. Keep the codes to yourself: each one admits one person.';
const NEW_CODES = 'Each ticket has a new code: the codes the sender had no longer work.';

function AcceptedTicketsEmail({ accepted, from }: { accepted: AcceptedTickets; from: MailSender }) {
  return (
    <Frame
      sender={from}
      preview="Your tickets, with their new codes"
      footer="You are receiving this email because you accepted tickets sent to this email address."
    >
      <H1>{acceptedTitle(accepted)}</H1>
      <P>Hello {firstName(accepted.recipientName)},</P>
      <P>
        You accepted the tickets {sender(accepted)} sent you. {NEW_CODES}
      </P>
      <Action href={accepted.walletUrl}>Open your ticket wallet</Action>
      <H2>Your tickets</H2>
      {accepted.events.map((event) => (
        <Panel key={`${event.title}-${event.when}`}>
          <EventDetails
            title={event.title}
            when={event.when}
            venue={event.venue}
            address={event.address}
            organiser={event.organiser}
          />
          {event.tickets.map((ticket) => (
            <TicketLine key={ticket.code} name={ticket.name} seat={ticket.seat} code={ticket.code} />
          ))}
        </Panel>
      ))}
      <Small>Sign in to the ticket wallet with this email address to see them with their QR codes.</Small>
      <Rule />
      <Small>{DOOR}</Small>
    </Frame>
  );
}

export async function acceptedTicketsEmail(
  accepted: AcceptedTickets,
  from: MailSender,
  kind: string,
): Promise<OutboxMessage> {
  const text = blocks(
    `Hello ${firstName(accepted.recipientName)},`,
    acceptedTitle(accepted),
    `You accepted the tickets ${sender(accepted)} sent you. ${NEW_CODES}`,
    heading('Your tickets'),
    ...accepted.events.map((event) =>
      [
        eventLine(event),
        ...event.tickets.map(
          (ticket) => `- ${ticket.seat ? `${ticket.name}, ${ticket.seat}` : ticket.name}. Ticket code ${ticket.code}`,
        ),
      ].join('\n'),
    ),
    `See them with their QR codes at ${accepted.walletUrl} (sign in with this email address).`,
    DOOR,
  );
  return sentBy(from, {
    to: accepted.to,
    subject: 'Your tickets',
    text,
    html: await renderHtml(<AcceptedTicketsEmail accepted={accepted} from={from} />),
    kind,
  });
}
