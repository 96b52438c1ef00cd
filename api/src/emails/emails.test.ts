import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type BreakdownRow,
  calls,
  DEFAULT_MARKETPLACE_NAME,
  formatMoney,
  type FormValue,
  waiverLink,
} from '@checkout/shared';
import { testModeNotice } from '@checkout/shared/messages/common';
import { type Browser, chromium } from '@playwright/test';
import { niceDay, niceTime, ukDate } from '../catalogue/dates';
import { REPO_ROOT } from '../config';
import { displayCode } from '../tickets/codes';
import { sentByLine } from './render';
import { deliveryPaths } from '../delivery/test-support';
import { WALLET_EMAIL_KIND } from './wallet-email';
import { accountPaths, demoUserVisitor, guestVisitor } from '../testing/identity';
import { PAYMENT_FAILED_KIND, paymentFailedEmail, REMINDER_KIND, SCHEDULE_EMAIL_KIND } from '../instalments/emails';
import { startInstalmentRunner } from '../instalments/jobs';
import { formatMoneyMinor } from '../instalments/money';
import { attachmentsOf, type OutboxRow } from '../mail/outbox';
import { CARDS, cardForm, freshTickets, key, payPaths } from '../payment/test-support';
import { saleOf, salePaths } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { TRANSFER_ACCEPTED_MAIL_KIND, TRANSFER_MAIL_KIND } from '../transfers/notify';

/**
 * The emails a buyer gets, rendered in Chromium at a phone's width and a desktop's: every field the email promises
 * (reference, card, events with date, time, venue and organiser, each receipt row and the total, ticket codes, links,
 * calendar files) is read back from the rendered page and from the plain-text part; screenshots are kept under
 * api/test-results/emails/ (git-ignored) for a person to look at. The amounts expected are the checkout's own, read
 * before paying.
 */
jest.setTimeout(180_000);

// Not the repository's test-results/: Playwright empties that folder when the end-to-end run starts, after this one.
const ARTIFACTS = path.join(REPO_ROOT, 'api', 'test-results', 'emails');
const WIDTHS = { phone: 375, desktop: 1024 } as const;
/** The system Chromium, as the e2e suite uses it: a browser is never downloaded. */
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [t, browser] = await Promise.all([
    createTestApp(),
    chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const money = (amount: number) => formatMoney(amount, '£');

interface Rendered {
  /** What the page shows, whitespace squashed. */
  text: string;
  /** How far the page is wider than the viewport (0: no sideways scrolling). */
  overflow: number;
  links: string[];
}

/** Renders the HTML part at each width, screenshots it, and answers what a reader sees. */
async function render(name: string, html: string): Promise<Record<keyof typeof WIDTHS, Rendered>> {
  writeFileSync(path.join(ARTIFACTS, `${name}.html`), html);
  const out: Partial<Record<keyof typeof WIDTHS, Rendered>> = {};
  for (const [label, width] of Object.entries(WIDTHS) as [keyof typeof WIDTHS, number][]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    // An email must not need the network to be read.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${label}-${width}.png`), fullPage: true });
    out[label] = await page.evaluate(() => ({
      text: document.body.innerText,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      links: [...document.querySelectorAll('a')].map((a) => a.href),
    }));
    await page.close();
  }
  const rendered = out as Record<keyof typeof WIDTHS, Rendered>;
  for (const view of Object.values(rendered)) view.text = squash(view.text);
  return rendered;
}

/** Every field in the rendered HTML (both widths) and in the text part; every link clickable; nothing wider than a phone. */
async function expectFields(name: string, mail: OutboxRow, fields: readonly string[], hrefs: readonly string[] = []) {
  expect(mail.html_body).toEqual(expect.stringContaining('<html'));
  // Gmail cuts a message off after 102 KB of HTML: the receipt's total would be behind a link.
  expect(Buffer.byteLength(mail.html_body ?? '')).toBeLessThan(100_000);
  const rendered = await render(name, mail.html_body ?? '');
  const text = squash(mail.text_body);
  // The test app's payments are the sandboxes: every email says TEST MODE, in its subject, its frame and its text.
  expect(mail.subject).toMatch(/^\[TEST MODE\] /);
  expect(rendered.phone.text).toContain(testModeNotice);
  expect(mail.text_body.startsWith(testModeNotice)).toBe(true);
  // From the marketplace by the name its pages show (the From's name is the same: mail/config.ts): at the top of the
  // email, and signed at the bottom of both parts.
  const brand = t.deps.config.marketplaceName;
  expect(brand).toBe(DEFAULT_MARKETPLACE_NAME);
  for (const view of Object.values(rendered)) {
    expect(view.text.slice(testModeNotice.length).trimStart().startsWith(`${brand} `)).toBe(true);
    expect(view.text.endsWith(sentByLine(brand))).toBe(true);
  }
  expect(mail.text_body.trimEnd().endsWith(sentByLine(brand))).toBe(true);
  expect(`${mail.subject} ${mail.text_body} ${mail.html_body}`).not.toMatch(/\bCheckout\b/);
  for (const field of fields) {
    expect({ field, inHtml: rendered.phone.text.includes(squash(field)) }).toEqual({ field, inHtml: true });
    expect({ field, inDesktopHtml: rendered.desktop.text.includes(squash(field)) }).toEqual({
      field,
      inDesktopHtml: true,
    });
    expect({ field, inText: text.includes(squash(field)) }).toEqual({ field, inText: true });
  }
  for (const href of hrefs) {
    expect(rendered.phone.links).toContain(href);
    expect(mail.text_body).toContain(href);
  }
  expect(rendered.phone.overflow).toBeLessThanOrEqual(0);
  expect(rendered.desktop.overflow).toBeLessThanOrEqual(0);
  return rendered;
}

const mailsTo = (to: string, kind: string) =>
  t.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();
async function onlyMail(to: string, kind: string): Promise<OutboxRow> {
  const mails = await mailsTo(to, kind);
  expect(mails).toHaveLength(1);
  return mails[0] as OutboxRow;
}

/** The event's date and time as the emails write them, from the catalogue. */
async function eventOf(eventId: number) {
  const row = await t.db
    .selectFrom('events as e')
    .innerJoin('event_dates as d', 'd.event_id', 'e.id')
    .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
    .select([
      'e.title',
      'e.location',
      'e.venue_full_address',
      'e.timezone',
      'd.starts_at',
      'd.ends_at',
      'o.name as organiser',
    ])
    .where('e.id', '=', eventId)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  return { ...row, day: niceDay(row.starts_at, row.timezone), time: niceTime(row.starts_at, row.timezone) };
}

const ticketCodes = async (saleId: number) =>
  (await t.db.selectFrom('tickets').select('code').where('sale_id', '=', saleId).orderBy('position').execute()).map(
    (row) => displayCode(row.code),
  );

/** The checkout's receipt rows as the email writes them: '2 × Dinner' and its amount. */
function rowFields(rows: readonly BreakdownRow[]): string[] {
  return rows.flatMap((row) => [
    row.quantity ? `${row.quantity} × ${row.label}` : row.label,
    money(row.amount),
    ...(row.detail ? row.detail.split(' · ') : []),
  ]);
}

async function payByCard(visitor: Visitor, number: string = CARDS.success) {
  const token = await visitor.post(payPaths.getToken, { idempotency_key: key() });
  expect(token.statusCode).toBe(200);
  const confirmed = await visitor.post(payPaths.confirm, cardForm(token.json().client_secret as string, number));
  expect(confirmed.json()).toEqual({ status: 'succeeded' });
}

async function payBySquare(visitor: Visitor, name: [string, string]) {
  const tokenized = (
    await visitor.post(payPaths.tokenize, {
      number: CARDS.success,
      exp_month: '12',
      exp_year: '34',
      cvc: '123',
      postcode: 'BN1 1AA',
    })
  ).json();
  const billing = {
    postcode: 'BN1 1AA',
    first_name: name[0],
    last_name: name[1],
    address_1: '1 Sea Road',
    town: 'Brighton',
    country: 1,
  };
  expect(
    (
      await visitor.post(payPaths.paySquare, {
        billing_address_data: billing,
        source_id: tokenized.token,
        idempotency_key: key(),
      })
    ).json(),
  ).toEqual({ payment_completed: true });
}

async function deliver(visitor: Visitor) {
  expect((await visitor.post(deliveryPaths.deliver)).json()).toEqual({ delivery_completed: true });
  expect((await visitor.post(deliveryPaths.email)).json()).toEqual({ delivery_completed: true });
}

const ukAddress = {
  selected_user_address_id: 'new',
  first_name: 'Robin',
  last_name: 'Buyer',
  address_1: '14 Marine Parade',
  address_2: '',
  town: 'Brighton',
  postcode: 'BN2 1TL',
  country: 1,
  state: '',
} satisfies Record<string, FormValue>;

describe('the order confirmation is a receipt', () => {
  test('every line, fee, discount, delivery, refund protection, donation with Gift Aid and the total, as charged; the card; tickets by event; links; a calendar file per event', async () => {
    const email = 'robin.receipt@example.com';
    const visitor = await guestVisitor(t, email, 'Robin Buyer', [
      { ticket_id: SEED.ticket.galaAdult, quantity: 2 },
      { ticket_id: SEED.ticket.kayakTaster, quantity: 1 },
      { ticket_id: SEED.ticket.folkStalls, quantity: 2 },
      { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 },
    ]);
    expect((await visitor.post(salePaths.code, { code: SEED.code.percent })).json()).toEqual({ code_applied: true });
    expect((await visitor.post(salePaths.refundProtection, { refund_protection: true })).json()).toEqual({
      success: true,
    });
    expect(
      (
        await visitor.post(accountPaths.saveDonation, {
          amount_before_booking_fee: 5,
          charity_id: SEED.charity.lifeboat,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await visitor.post(accountPaths.updateDonation, {
          is_gift_aid: true,
          subscribe: false,
          uk_based: true,
          address1: '',
          postcode: '',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await visitor.post(accountPaths.setDeliveryAddress, {
          address: ukAddress,
          gift_voucher_from: 'Robin',
          gift_voucher_to: 'Jo Friend',
        })
      ).json(),
    ).toEqual({ success: true });
    const answers = {
      answer_101_1_1: 'Vegan',
      answer_101_2_1: 'Ann Lee',
      answer_101_1_2: 'None',
      answer_101_2_2: 'Bo Lee',
      answer_901_6_1: 'on',
    };
    expect(
      (await visitor.post('/ajax/checkout/checkout/save_question_answers/', { answers, before_or_after: 'before' }))
        .statusCode,
    ).toBe(200);

    // What the checkout showed just before paying: the receipt must say exactly this.
    const checkout = (await visitor.get(paths.get)).json<{
      price_breakdown: BreakdownRow[];
      basket_total: number;
      sale_reference: string;
    }>();
    expect(checkout.price_breakdown.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        'ticket',
        'voucher',
        'discount',
        'booking_fee',
        'delivery',
        'refund_protection',
        'donation',
        'donation_fee',
      ]),
    );
    await payByCard(visitor);
    await deliver(visitor);
    const sale = await saleOf(t, visitor);
    const mail = await onlyMail(email, WALLET_EMAIL_KIND);

    const [gala, kayak, folk] = await Promise.all([
      eventOf(SEED.event.gala),
      eventOf(SEED.event.kayak),
      eventOf(SEED.event.folk),
    ]);
    const base = t.deps.config.publicUrl;
    // The waiver link as the checkout's waiver step shares it, key and all: the email carries the same one.
    const waiverKey = (await visitor.get(paths.get)).json<{ waiver_key: string | null }>().waiver_key;
    expect(waiverKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const waiver = waiverLink(base, sale.reference, waiverKey ?? '');
    expect((await t.app.inject({ method: 'GET', url: waiver.slice(base.length) })).statusCode).toBe(200);
    const fields = [
      'Thank you, Robin. Your order is confirmed.',
      sale.reference,
      `sent to ${email}`,
      'Visa ending 4242',
      ...[gala, kayak, folk].flatMap((event) => [
        event.title,
        `${event.day} at ${event.time}`,
        event.location,
        event.venue_full_address ?? event.location,
        `Organised by ${event.organiser}`,
      ]),
      ...(await ticketCodes(sale.id)),
      'Row A, Seat 1',
      ...rowFields(checkout.price_breakdown),
      'Total paid',
      money(checkout.basket_total),
      'You added Gift Aid, so the charity can claim 25% more at no cost to you',
      'refund protection',
      'We will post your gift voucher and tickets for Folk by the Sea to: 14 Marine Parade, Brighton, BN2 1TL, United Kingdom',
      'For Jo Friend, from Robin',
      waiver,
      `${base}/refund-policy/`,
    ];
    await expectFields('receipt', mail, fields, [`${base}/account/wallet/`, waiver, `${base}/refund-policy/`]);
    expect(mail.subject).toBe(
      '[TEST MODE] Your tickets for Lifeboat Gala Dinner, Harbour Kayak Taster and Folk by the Sea',
    );

    // The settlement is what was charged, and the receipt's rows add up to it.
    const settlement = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(settlement.price_minor).toBe(Math.round(checkout.basket_total * 100));
    expect(Math.round(checkout.price_breakdown.reduce((sum, row) => sum + row.amount * 100, 0))).toBe(
      settlement.price_minor,
    );
    expect(
      await t.db
        .selectFrom('sale_provider_payments')
        .select(['card_brand', 'card_last4'])
        .where('provider_payment_id', '=', settlement.provider_payment_id)
        .executeTakeFirst(),
    ).toEqual({ card_brand: 'visa', card_last4: '4242' });

    // One calendar file per event, in UTC, where and when the event is.
    const files = attachmentsOf(mail);
    expect(files.map((file) => file.filename)).toEqual([
      `lifeboat-gala-dinner-${gala.starts_at.toISOString().slice(0, 10)}.ics`,
      `harbour-kayak-taster-${kayak.starts_at.toISOString().slice(0, 10)}.ics`,
      `folk-by-the-sea-${folk.starts_at.toISOString().slice(0, 10)}.ics`,
    ]);
    const stamp = (at: Date) =>
      at
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    for (const [file, event] of [
      [files[0], gala],
      [files[1], kayak],
      [files[2], folk],
    ] as const) {
      const ics = file?.content.replace(/\r\n[ \t]/g, '') ?? '';
      expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      expect(ics).toContain(`SUMMARY:${event.title}`);
      expect(ics).toContain(`DTSTART:${stamp(event.starts_at)}`);
      if (event.ends_at) expect(ics).toContain(`DTEND:${stamp(event.ends_at)}`);
      expect(ics).toContain(`LOCATION:${(event.venue_full_address ?? event.location).replace(/,/g, '\\,')}`);
      expect(ics).toContain(`UID:${sale.reference}-`);
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR\r?\n?$/);
    }
    // The outbox keeps them, so a delivery retried later sends them too; the development outbox shows them.
    const outbox = (
      await t.app.inject({
        method: 'GET',
        url: `/dev/outbox.json?to=${encodeURIComponent(email)}&kind=${WALLET_EMAIL_KIND}`,
      })
    ).json();
    expect(outbox.messages[0].attachments.map((file: { filename: string }) => file.filename)).toEqual(
      files.map((file) => file.filename),
    );
  });

  test('a free claim says the tickets were free', async () => {
    const email = 'free.receipt@example.com';
    const visitor = await guestVisitor(t, email, 'Fran Free', [{ ticket_id: SEED.ticket.coffeeFree, quantity: 2 }]);
    expect((await visitor.post(payPaths.claimFree, { email, idempotency_key: key() })).json()).toEqual({
      success: true,
    });
    await deliver(visitor);
    const sale = await saleOf(t, visitor);
    const coffee = await eventOf(SEED.event.coffeeMorning);
    const mail = await onlyMail(email, WALLET_EMAIL_KIND);
    await expectFields('receipt-free', mail, [
      'Your tickets were free: no payment was taken.',
      sale.reference,
      'Free',
      coffee.title,
      `${coffee.day} at ${coffee.time}`,
      coffee.location,
      `Organised by ${coffee.organiser}`,
      '2 × Free entry',
      'Total (free)',
      '£0.00',
      ...(await ticketCodes(sale.id)),
    ]);
    expect(mail.text_body).not.toContain('Visa');
  });

  test('a square-type card payment names the card by its last four', async () => {
    const email = 'square.receipt@example.com';
    const type = await freshTickets(t, 5, { kind: 'square' });
    const visitor = await guestVisitor(t, email, 'Sam Square', [{ ticket_id: type, quantity: 1 }]);
    await payBySquare(visitor, ['Sam', 'Square']);
    await deliver(visitor);
    const mail = await onlyMail(email, WALLET_EMAIL_KIND);
    expect(mail.text_body).toContain('Payment: Card ending 4242');
    expect(mail.text_body).toContain('Paid with Card ending 4242.');
  });
});

describe('transfers and gifts', () => {
  test('the offer names the sender, the event, its date, time and venue, and has an accept button; the accepted tickets come with their new codes', async () => {
    const visitor = await guestVisitor(t, 'alex.sender@example.com', 'Alex Sender', [
      { ticket_id: SEED.ticket.livestreamStanding, quantity: 3 },
    ]);
    await payBySquare(visitor, ['Alex', 'Sender']);
    await deliver(visitor);
    const livestream = await eventOf(SEED.event.livestream);
    const now = {
      ticket_id: SEED.ticket.livestreamStanding,
      name: 'Rae Recipient',
      email: 'rae.offer@example.com',
      qty: 1,
    };
    const gift = {
      ...now,
      name: 'Sam Gift',
      email: 'sam.gift@example.com',
      is_gift: 1,
      send_gift: 'Send now',
      message: 'Happy birthday! See you at the front.',
    };
    const sent = await visitor.post('/ajax/checkout/checkout/set_transfers/', { transfers: [now, gift] });
    expect(sent.json()).toEqual({ success: true });

    const eventFields = [
      livestream.title,
      `${livestream.day} at ${livestream.time}`,
      livestream.location,
      `Organised by ${livestream.organiser}`,
    ];
    const offer = await onlyMail('rae.offer@example.com', TRANSFER_MAIL_KIND);
    const acceptUrl = /https?:\/\/\S+\/transfers\/accept\/[A-Za-z0-9_-]+/.exec(offer.text_body)?.[0] ?? '';
    expect(acceptUrl).not.toBe('');
    expect(offer.subject).toBe(`[TEST MODE] Alex Sender has transferred a ticket for ${livestream.title} to you`);
    const rendered = await expectFields(
      'transfer',
      offer,
      [
        'Hello Rae,',
        'Alex Sender has transferred a ticket for',
        ...eventFields,
        '1 × In the room (standing)',
        'If you do not accept, the ticket stays with Alex Sender.',
      ],
      [acceptUrl],
    );
    expect(rendered.phone.text).toContain('Accept the ticket');

    const present = await onlyMail('sam.gift@example.com', TRANSFER_MAIL_KIND);
    expect(present.subject).toBe(`[TEST MODE] Alex Sender has sent you a ticket for ${livestream.title} as a gift`);
    await expectFields('gift', present, [
      'You have been sent a gift',
      'Alex Sender has sent you a ticket for',
      ...eventFields,
      'A message from Alex Sender',
      'Happy birthday! See you at the front.',
    ]);

    // The recipient opens the button's link (the offer) and presses Accept.
    const recipient = await t.visitor();
    expect((await recipient.get(new URL(acceptUrl).pathname)).statusCode).toBe(200);
    expect((await recipient.post(new URL(acceptUrl).pathname)).statusCode).toBe(200);
    const accepted = await onlyMail('rae.offer@example.com', TRANSFER_ACCEPTED_MAIL_KIND);
    const transfer = await t.db
      .selectFrom('ticket_transfers')
      .select('id')
      .where('recipient_email', '=', 'rae.offer@example.com')
      .executeTakeFirstOrThrow();
    const ticket = await t.db
      .selectFrom('transfer_tickets as tt')
      .innerJoin('tickets as k', 'k.id', 'tt.ticket_id')
      .select('k.code')
      .where('tt.transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    // As the end-to-end spec reads it.
    expect(accepted.text_body).toMatch(/Ticket code [A-Z2-7]{4}( [A-Z2-7]{4}){4}/);
    await expectFields(
      'transfer-accepted',
      accepted,
      ['This ticket is yours now', 'Alex Sender', ...eventFields, displayCode(ticket.code)],
      [`${t.deps.config.publicUrl}/account/wallet/`],
    );
  });
});

describe('a payment plan', () => {
  // Last in this file: it moves the shared clock on by two months.
  const DAY = 24 * 60 * 60 * 1000;
  async function runInstalmentJobs() {
    const runner = startInstalmentRunner(
      t.deps,
      (error) => {
        throw error;
      },
      3_600_000,
    );
    try {
      while ((await runner.runDue()) > 0);
    } finally {
      await runner.stop();
    }
  }

  test('the schedule, the reminder, a declined payment and the final receipt show the event, the card and every payment', async () => {
    const visitor = await demoUserVisitor(t, [{ ticket_id: SEED.ticket.summerWeekend, quantity: 1 }]);
    const sale = await saleOf(t, visitor);
    const paid = await visitor.post(calls.payWithInstalment.path, {
      instalment_option: 3,
      contact_number: '07700 900123',
      selected_payment_method_id: 'pm_demo_visa',
      idempotency_key: key(),
    });
    expect(paid.json()).toEqual({ status: 'success' });
    const plan = await t.db
      .selectFrom('payment_plans')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    const instalments = await t.db
      .selectFrom('payment_plan_instalments')
      .selectAll()
      .where('plan_id', '=', plan.id)
      .orderBy('seq')
      .execute();
    expect(instalments).toHaveLength(3);
    const summer = await eventOf(SEED.event.summerFields);
    const eventFields = [
      summer.title,
      `${summer.day} at ${summer.time}`,
      summer.location,
      `Organised by ${summer.organiser}`,
    ];
    const paymentFields = instalments.flatMap((row) => [
      `Payment ${row.seq} of 3`,
      niceDay(row.due_at, 'Europe/London'),
      formatMoneyMinor(row.amount_minor, 'GBP'),
    ]);
    const first = instalments[0];
    const second = instalments[1];
    if (!first || !second) throw new Error('no instalments');

    const schedule = await onlyMail('demo@example.com', SCHEDULE_EMAIL_KIND);
    await expectFields('plan-schedule', schedule, [
      'Your payment plan is set up',
      'Hello Alex,',
      `your first payment of ${formatMoneyMinor(first.amount_minor, 'GBP')} has been taken`,
      sale.reference,
      'Visa ending 4242',
      '3 monthly payments',
      ...eventFields,
      ...paymentFields,
      'Plan total',
      formatMoneyMinor(plan.total_minor, 'GBP'),
    ]);

    t.clock.set(new Date(second.due_at.getTime() - 3 * DAY + 60_000));
    await runInstalmentJobs();
    const reminder = await onlyMail('demo@example.com', REMINDER_KIND);
    await expectFields('plan-reminder', reminder, [
      `Your next payment is on ${niceDay(second.due_at, 'Europe/London')}`,
      `Reminder: your payment of ${formatMoneyMinor(second.amount_minor, 'GBP')} for ${summer.title} will be taken from your card on ${ukDate(second.due_at)}.`,
      'This is payment 2 of 3.',
      'Visa ending 4242',
      sale.reference,
      ...eventFields,
      ...paymentFields,
    ]);

    // A declined later payment (rendered as the job would send it).
    await t.deps.mailer.send(await paymentFailedEmail(t.deps, plan.id, 2, 'Your card was declined.', false));
    const failed = await onlyMail('demo@example.com', PAYMENT_FAILED_KIND);
    await expectFields('plan-payment-failed', failed, [
      'We could not take your payment',
      `We could not take your payment of ${formatMoneyMinor(second.amount_minor, 'GBP')} for ${summer.title} from Visa ending 4242: Your card was declined.`,
      'We will try again shortly.',
      sale.reference,
      ...eventFields,
    ]);

    // The rest is charged on its days; the final payment delivers the tickets with the receipt.
    for (const row of instalments.slice(1)) {
      t.clock.set(new Date(row.due_at.getTime() + 60_000));
      await runInstalmentJobs();
    }
    const receipt = await onlyMail('demo@example.com', WALLET_EMAIL_KIND);
    await expectFields('receipt-plan', receipt, [
      'Thank you, Alex. Your order is confirmed.',
      sale.reference,
      'Visa ending 4242, 3 monthly payments',
      'Paid in 3 monthly payments with Visa ending 4242.',
      ...instalments.map((row) => `Payment ${row.seq}`),
      ...instalments.map(
        (row) => `${formatMoneyMinor(row.amount_minor, 'GBP')} on ${niceDay(row.due_at, 'Europe/London')} (paid)`,
      ),
      ...eventFields,
      'Total paid',
      formatMoneyMinor(plan.total_minor, 'GBP'),
      ...(await ticketCodes(sale.id)),
    ]);
  });
});
