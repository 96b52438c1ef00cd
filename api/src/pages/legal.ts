import { standardRefundPolicy } from '../catalogue/refund-policy';
import { html, type SafeHtml } from '../web/html';

export function renderRefundPolicy(): SafeHtml {
  return html`<div class="prose">
<h1>${standardRefundPolicy.title}</h1>
<p>${standardRefundPolicy.summary}</p>
${standardRefundPolicy.sections.map((section) => html`<h2>${section.heading}</h2><p>${section.body}</p>`)}
</div>`;
}

interface Clause {
  number: string;
  text: string;
}

interface TermsSection {
  number: string;
  heading: string;
  clauses: readonly Clause[];
}

/**
 * The purchase terms. The checkout links to them from the express account form; section 4.10 (tickets go to an
 * account in the buyer's name) is the clause it quotes, so it has its own anchor: #section-4-10.
 */
const TERMS: readonly TermsSection[] = [
  {
    number: '1',
    heading: 'About these terms',
    clauses: [
      {
        number: '1.1',
        text: 'These terms apply to every purchase of tickets and gift vouchers made through this checkout.',
      },
      {
        number: '1.2',
        text: 'The event organiser sells the tickets; we provide the checkout on the organiser’s behalf.',
      },
    ],
  },
  {
    number: '2',
    heading: 'Prices and fees',
    clauses: [
      {
        number: '2.1',
        text: 'Prices are shown in the currency of the event, including any taxes the organiser must charge.',
      },
      {
        number: '2.2',
        text: 'A booking fee may be added to each ticket. Where the organiser pays it for you, it is shown in brackets.',
      },
      {
        number: '2.3',
        text: 'A basket holds tickets in one currency; tickets in another currency must be bought separately.',
      },
    ],
  },
  {
    number: '3',
    heading: 'Reservations',
    clauses: [
      {
        number: '3.1',
        text: 'When you reserve your basket, the tickets are held for you for a limited time, shown on the checkout page.',
      },
      {
        number: '3.2',
        text: 'If the time runs out before you pay, the tickets are released and may be bought by someone else.',
      },
    ],
  },
  {
    number: '4',
    heading: 'Your account and your tickets',
    clauses: [
      { number: '4.1', text: 'You identify yourself with your email address; we send a one-time code to confirm it.' },
      { number: '4.2', text: 'Keep access to your email address: it is how you sign in and receive your tickets.' },
      {
        number: '4.3',
        text: 'Tickets are delivered to your ticket wallet and a copy of the wallet is sent to the email address of the order.',
      },
      { number: '4.4', text: 'Each ticket carries a unique code; only the first scan of a code is admitted.' },
      {
        number: '4.5',
        text: 'You may transfer tickets to another person where the organiser allows it, using the transfer feature.',
      },
      { number: '4.6', text: 'Seated tickets cannot be transferred individually.' },
      {
        number: '4.7',
        text: 'Gift vouchers are valid until the expiry date shown and can be spent with the organiser who issued them.',
      },
      {
        number: '4.8',
        text: 'Some events ask every member of the booking party to sign the organiser’s terms before arrival.',
      },
      { number: '4.9', text: 'Answers you give to an organiser’s questions are shared with that organiser.' },
      {
        number: '4.10',
        text: 'When you buy with express checkout, an account is created in the name and with the email address you give, and your tickets are delivered to that account. You are responsible for giving your own, correct details.',
      },
    ],
  },
  {
    number: '5',
    heading: 'Refunds',
    clauses: [
      {
        number: '5.1',
        text: 'Refunds follow the refund policy shown with your tickets: the organiser’s own, or our standard refund policy.',
      },
      {
        number: '5.2',
        text: 'Refund protection, where you add it, covers the whole booking cost for the covered reasons; it does not cover a change of mind.',
      },
    ],
  },
  {
    number: '6',
    heading: 'Payment plans',
    clauses: [
      {
        number: '6.1',
        text: 'If you pay in instalments, later payments are taken from your card on the dates shown in your schedule.',
      },
      { number: '6.2', text: 'Tickets bought on a payment plan are delivered after the final payment.' },
    ],
  },
];

export function renderPurchaseTerms(): SafeHtml {
  return html`<div class="prose">
<h1>Purchase terms and conditions</h1>
${TERMS.map(
  (section) => html`<section aria-labelledby="${`section-${section.number}`}">
<h2 id="${`section-${section.number}`}">${section.number}. ${section.heading}</h2>
${section.clauses.map((clause) => html`<p id="${`section-${clause.number.replace('.', '-')}`}"><strong>${clause.number}</strong> ${clause.text}</p>`)}
</section>`,
)}
</div>`;
}
