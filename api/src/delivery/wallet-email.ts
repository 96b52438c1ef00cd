import { niceDate } from '../catalogue/dates';
import type { OutboxMessage } from '../mail/outbox';
import { html } from '../pages/html';
import { displayCode } from './codes';
import type { WalletTicket } from './wallet';

export const WALLET_EMAIL_KIND = 'ticket_wallet';
export const WALLET_PATH = '/account/wallet/';

/** 'Your tickets for Folk by the Sea' (and the other events of the order, if any). */
export function walletSubject(tickets: readonly WalletTicket[]): string {
  const titles = [...new Set(tickets.map((ticket) => ticket.eventTitle))];
  if (titles.length <= 1) return `Your tickets for ${titles[0] ?? 'your order'}`;
  return `Your tickets for ${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
}

function describe(ticket: WalletTicket): string {
  return [ticket.ticketName, ticket.seatLabel].filter(Boolean).join(', ');
}

/** The ticket wallet by email: every ticket with its event, date, seat and code, and the link to the wallet page. */
export function walletEmail(to: string, reference: string, tickets: readonly WalletTicket[], publicUrl: string): OutboxMessage {
  const walletUrl = `${publicUrl}${WALLET_PATH}`;
  const text = [
    `Thank you for your order ${reference}. Your tickets are in your wallet:`,
    '',
    ...tickets.map((ticket) => `- ${ticket.eventTitle}, ${niceDate(ticket.startsAt, ticket.timezone)}: ${describe(ticket)}. Ticket code ${displayCode(ticket.code)}`),
    '',
    `See them with their QR codes at ${walletUrl}`,
    'Show the QR code (or read out the ticket code) at the door. Keep the codes to yourself: each one admits one person.',
  ].join('\n');
  const body = html`<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>Thank you for your order <strong>${reference}</strong>. Your tickets are in your wallet:</p>
<ul>
${tickets.map(
  (ticket) => html`<li><strong>${ticket.eventTitle}</strong>, ${niceDate(ticket.startsAt, ticket.timezone)}: ${describe(ticket)}.
Ticket code <code>${displayCode(ticket.code)}</code></li>
`,
)}</ul>
<p><a href="${walletUrl}">Open your ticket wallet</a> to see them with their QR codes.</p>
<p>Show the QR code (or read out the ticket code) at the door. Keep the codes to yourself: each one admits one person.</p>
</body></html>`;
  return { to, subject: walletSubject(tickets), text, html: body.value, kind: WALLET_EMAIL_KIND };
}
