import { formatMoney, type BreakdownRow } from '@checkout/shared';
import { countryName } from '../address/places';
import { niceDay, niceTime } from '../catalogue/dates';
import { links } from '../catalogue/links';
import { currencyOf, toDecimal } from '../catalogue/money';
import type { Db } from '../db/schema';
import { displayCode } from '../tickets/codes';
import { WALLET_PATH } from './wallet-email';
import { describeCard, paymentCardOf } from '../payment/card-details';
import type { PaymentConfig } from '../config/payment';
import {
  type BreakdownTicket,
  type BreakdownTotals,
  type BreakdownVoucher,
  priceBreakdown,
} from '../pricing/breakdown';
import type { PriceComponents, PricedLine } from '../pricing/price';
import type { WaiverKeys } from '../session/waiver-keys';

/**
 * Everything the order confirmation says, read once from the database: the settlement's price components (exactly
 * what was charged, whatever the catalogue says now) turned into the checkout's own rows (pricing/breakdown.ts), the
 * tickets issued, the events with their organiser, date, time and venue, and how the order was paid.
 */

export interface ReceiptTicket {
  name: string;
  seat: string | null;
  /** As it is read out at the door: 'ABCD EFGH IJKL MNOP QRST'. */
  code: string;
}

export interface ReceiptEvent {
  eventId: number;
  dateId: number;
  title: string;
  slug: string;
  organiser: string;
  startsAt: Date;
  endsAt: Date | null;
  timezone: string;
  /** 'Saturday 5 December 2026' in the event's zone. */
  day: string;
  /** '7:30pm' in the event's zone. */
  time: string;
  venue: string;
  address: string | null;
  tickets: ReceiptTicket[];
}

export interface ReceiptLine {
  kind: BreakdownRow['kind'];
  /** '2 × Stalls' for a ticket or voucher line, the row's own label otherwise. */
  label: string;
  /** Small print: the event, its date and time, its venue; an absorbed booking fee; Gift Aid. */
  details: string[];
  amount: string;
  amountMinor: number;
}

export interface InstalmentLine {
  due: string;
  amount: string;
  paid: boolean;
}

export type PaymentKind = 'card' | 'bank' | 'free' | 'voucher' | 'other';

export interface ReceiptModel {
  to: string;
  reference: string;
  buyerName: string | null;
  /** The day the order was paid, long form. */
  paidOn: string;
  events: ReceiptEvent[];
  lines: ReceiptLine[];
  total: string;
  totalMinor: number;
  currency: string;
  payment: {
    kind: PaymentKind;
    /** 'Visa ending 4242', 'Bank transfer', 'Free'. */
    method: string;
    /** The sentence under the total: 'Paid with Visa ending 4242.' */
    sentence: string;
    instalments: InstalmentLine[] | null;
  };
  giftAid: { charity: string } | null;
  refundProtection: boolean;
  /** The posting address of posted tickets and gift vouchers. */
  deliveryAddress: string | null;
  /** What is posted there: 'gift voucher', 'tickets for Folk by the Sea'. */
  posted: string[];
  voucherCount: number;
  links: { wallet: string; refundPolicy: string; waiver: string | null };
}

export interface ReceiptDeps {
  db: Db;
  publicUrl: string;
  payment: PaymentConfig;
  /** The waiver link's key: the receipt goes to the buyer, who shares the link with their party. */
  waiverKeys: WaiverKeys;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The settlement's components, or null for a settlement written before they were kept ('{}'). */
export function parseComponents(text: string): PriceComponents | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      !isObject(parsed) ||
      !Array.isArray(parsed.lines) ||
      typeof parsed.total_minor !== 'number' ||
      typeof parsed.currency !== 'string'
    )
      return null;
    return parsed as unknown as PriceComponents;
  } catch {
    return null;
  }
}

/** The rows' totals from the components: the same shape the checkout's totals give priceBreakdown. */
export function totalsOfComponents(components: PriceComponents): BreakdownTotals {
  return {
    lines: components.lines
      .filter((line) => line.kind === 'ticket')
      .map((line) => ({
        unitPriceMinor: line.unit_price_minor,
        unitFeeMinor: line.unit_fee_minor,
        unitDiscountMinor: line.unit_discount_minor,
      })),
    discounts: components.discounts,
    deliveryMinor: components.delivery_minor,
    refundProtectionMinor: components.refund_protection_minor,
    giftVouchers: components.gift_voucher_codes,
  };
}

function addressText(row: {
  address_1: string;
  address_2: string | null;
  town: string;
  postcode: string;
  state: string | null;
  country_code: number;
}): string {
  const country = countryName(row.country_code);
  return [row.address_1, row.address_2, row.town, row.state, row.postcode, country]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(', ');
}

async function catalogueOf(db: Db, ticketTypeIds: readonly number[]) {
  if (ticketTypeIds.length === 0) return new Map<number, Awaited<ReturnType<typeof ticketTypeQuery>>[number]>();
  const rows = await ticketTypeQuery(db, ticketTypeIds);
  return new Map(rows.map((row) => [row.id, row]));
}

function ticketTypeQuery(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('ticket_types as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .select([
      't.id',
      't.name',
      't.absorb_fee',
      't.hide_booking_fee',
      't.waiver_id',
      'e.id as event_id',
      'e.title',
      'e.slug',
      'e.location',
      'e.venue_full_address',
      'e.delivery_fee_minor',
      'e.timezone',
      'o.name as organiser',
      'd.id as date_id',
      'd.starts_at',
      'd.ends_at',
    ])
    .where('t.id', 'in', [...ids])
    .execute();
}

/** The sale's issued tickets (those a recipient accepted are theirs now, with new codes, and are left out). */
function issuedTickets(db: Db, saleId: number) {
  return db
    .selectFrom('tickets as k')
    .innerJoin('ticket_types as t', 't.id', 'k.ticket_type_id')
    .select(['k.code', 'k.seat_label', 'k.event_date_id', 't.event_id', 't.name'])
    .where('k.sale_id', '=', saleId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('transfer_tickets as tt')
            .innerJoin('ticket_transfers as tr', 'tr.id', 'tt.transfer_id')
            .select('tt.ticket_id')
            .whereRef('tt.ticket_id', '=', 'k.id')
            .where('tr.accepted_at', 'is not', null),
        ),
      ),
    )
    .orderBy('k.position')
    .execute();
}

const quantityLabel = (quantity: number | null, label: string) =>
  quantity && quantity > 0 ? `${quantity} × ${label}` : label;

/**
 * The receipt of a paid sale, or undefined when it has no settlement that paid for it. `to` is where it goes (the
 * sale's email, or its account's).
 */
export async function loadReceipt(deps: ReceiptDeps, saleId: number, to: string): Promise<ReceiptModel | undefined> {
  const { db, publicUrl } = deps;
  const sale = await db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirst();
  const settlement = await db
    .selectFrom('payments')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!sale || !settlement) return undefined;
  const components = parseComponents(settlement.components);
  const currency = currencyOf(components?.currency ?? settlement.currency);
  const money = (minor: number) => formatMoney(toDecimal(minor), currency.symbol);

  const ticketLines = (components?.lines ?? []).filter((line): line is PricedLine => line.kind === 'ticket');
  const voucherLines = (components?.lines ?? []).filter((line) => line.kind === 'voucher');
  const [catalogue, vouchers, charity, tickets, user, address, plan] = await Promise.all([
    catalogueOf(db, [...new Set(ticketLines.map((line) => line.id))]),
    voucherLines.length
      ? db
          .selectFrom('gift_vouchers')
          .select(['id', 'name'])
          .where(
            'id',
            'in',
            voucherLines.map((line) => line.id),
          )
          .execute()
      : Promise.resolve([]),
    components?.charity_id
      ? db.selectFrom('charities').select('name').where('id', '=', components.charity_id).executeTakeFirst()
      : Promise.resolve(undefined),
    issuedTickets(db, saleId),
    sale.user_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', sale.user_id).executeTakeFirst(),
    db.selectFrom('sale_delivery_addresses').selectAll().where('sale_id', '=', saleId).executeTakeFirst(),
    db
      .selectFrom('payment_plans')
      .select(['id', 'months'])
      .where('sale_id', '=', saleId)
      .where('status', 'in', ['active', 'completed'])
      .executeTakeFirst(),
  ]);

  // The events, in the order their tickets were bought, each with the tickets issued for it.
  const events: ReceiptEvent[] = [];
  for (const line of ticketLines) {
    const type = catalogue.get(line.id);
    if (!type || events.some((event) => event.dateId === type.date_id)) continue;
    events.push({
      eventId: type.event_id,
      dateId: type.date_id,
      title: type.title,
      slug: type.slug,
      organiser: type.organiser,
      startsAt: type.starts_at,
      endsAt: type.ends_at,
      timezone: type.timezone,
      day: niceDay(type.starts_at, type.timezone),
      time: niceTime(type.starts_at, type.timezone),
      venue: type.location,
      address: type.venue_full_address,
      tickets: tickets
        .filter((ticket) => ticket.event_date_id === type.date_id)
        .map((ticket) => ({ name: ticket.name, seat: ticket.seat_label, code: displayCode(ticket.code) })),
    });
  }

  const catalogueByDate = new Map([...catalogue.values()].map((type) => [type.date_id, type]));

  // The checkout's rows, from what was charged.
  let lines: ReceiptLine[] = [];
  if (components) {
    const breakdownTickets: BreakdownTicket[] = ticketLines.map((line) => {
      const type = catalogue.get(line.id);
      return {
        ticket_name: type?.name ?? 'Ticket',
        event_name: type?.title ?? '',
        nice_date: type
          ? `${niceDay(type.starts_at, type.timezone)} at ${niceTime(type.starts_at, type.timezone)}`
          : '',
        qty: line.qty,
        absorb_fee: type?.absorb_fee ?? false,
        event_hide_booking_fee: type?.hide_booking_fee ?? false,
      };
    });
    const breakdownVouchers: BreakdownVoucher[] = voucherLines.map((line) => ({
      name: vouchers.find((voucher) => voucher.id === line.id)?.name ?? 'Gift voucher',
      qty: line.qty,
      value_minor: line.unit_price_minor,
    }));
    const rows = priceBreakdown({
      totals: totalsOfComponents(components),
      tickets: breakdownTickets,
      vouchers: breakdownVouchers,
      donationMinor: components.donation_minor,
      donationFeeMinor: components.donation_fee_minor,
      isGiftAid: components.gift_aid,
      charityName: charity?.name ?? null,
      currencySymbol: currency.symbol,
    });
    // Ticket rows come in ticket-line order (one each): the venue goes under the event and date the row names.
    let ticketIndex = 0;
    lines = rows.map((row) => {
      const details = row.detail ? row.detail.split(' · ') : [];
      if (row.kind === 'ticket') {
        const type = catalogue.get(ticketLines[ticketIndex]?.id ?? -1);
        ticketIndex += 1;
        if (type) details.splice(1, 0, type.venue_full_address ?? type.location);
      }
      if (row.kind === 'voucher' && (sale.gift_voucher_to || sale.gift_voucher_from)) {
        details.push(
          [
            sale.gift_voucher_to ? `For ${sale.gift_voucher_to}` : null,
            sale.gift_voucher_from ? `from ${sale.gift_voucher_from}` : null,
          ]
            .filter(Boolean)
            .join(', '),
        );
      }
      const amountMinor = Math.round(row.amount * 100);
      return {
        kind: row.kind,
        label: row.kind === 'ticket' || row.kind === 'voucher' ? quantityLabel(row.quantity, row.label) : row.label,
        details,
        amount: money(amountMinor),
        amountMinor,
      };
    });
  }
  const totalMinor = components?.total_minor ?? settlement.price_minor;

  // How it was paid.
  const card =
    settlement.provider === 'stripe' || settlement.provider === 'square'
      ? await paymentCardOf({ db, payment: deps.payment }, settlement.provider, settlement.provider_payment_id)
      : null;
  let payment: ReceiptModel['payment'];
  if (settlement.provider === 'free' || totalMinor === 0) {
    const byVoucher = (components?.gift_vouchers_applied_minor ?? 0) > 0;
    payment = byVoucher
      ? {
          kind: 'voucher',
          method: 'Gift voucher',
          sentence: 'Paid in full with your gift voucher: nothing was charged to a card.',
          instalments: null,
        }
      : { kind: 'free', method: 'Free', sentence: 'Your tickets were free: no payment was taken.', instalments: null };
  } else if (settlement.provider === 'truelayer') {
    payment = {
      kind: 'bank',
      method: 'Bank transfer',
      sentence: 'Paid by bank transfer from your bank account.',
      instalments: null,
    };
  } else if (settlement.provider === 'stripe' || settlement.provider === 'square') {
    const method = card ? describeCard(card) : 'Card';
    payment = { kind: 'card', method, sentence: card ? `Paid with ${method}.` : 'Paid by card.', instalments: null };
  } else {
    payment = { kind: 'other', method: 'Paid', sentence: 'Paid in full.', instalments: null };
  }
  if (plan) {
    const instalments = await db
      .selectFrom('payment_plan_instalments')
      .select(['due_at', 'amount_minor', 'status'])
      .where('plan_id', '=', plan.id)
      .orderBy('seq')
      .execute();
    const paidCount = instalments.filter((row) => row.status === 'paid').length;
    payment = {
      ...payment,
      method: `${payment.method}, ${instalments.length} monthly payments`,
      sentence: `Paid in ${instalments.length} monthly payments${card ? ` with ${describeCard(card)}` : ''}${paidCount === instalments.length ? '' : `; ${paidCount} made so far`}.`,
      instalments: instalments.map((row) => ({
        due: niceDay(row.due_at, 'Europe/London'),
        amount: money(row.amount_minor),
        paid: row.status === 'paid',
      })),
    };
  }

  const buyerName = sale.full_name?.trim() || (user ? `${user.first_name} ${user.last_name}`.trim() : '') || null;
  return {
    to,
    reference: sale.reference,
    buyerName,
    paidOn: niceDay(sale.paid_at ?? settlement.created_at, 'Europe/London'),
    events,
    lines,
    total: money(totalMinor),
    totalMinor,
    currency: currency.code,
    payment,
    giftAid: components?.gift_aid ? { charity: charity?.name ?? 'the charity' } : null,
    refundProtection: (components?.refund_protection_minor ?? 0) > 0,
    deliveryAddress: address ? addressText(address) : null,
    posted: [
      ...(voucherLines.length
        ? [voucherLines.reduce((sum, line) => sum + line.qty, 0) === 1 ? 'gift voucher' : 'gift vouchers']
        : []),
      ...events
        .filter((event) => (catalogueByDate.get(event.dateId)?.delivery_fee_minor ?? 0) > 0)
        .map((event) => `tickets for ${event.title}`),
    ],
    voucherCount: voucherLines.reduce((sum, line) => sum + line.qty, 0),
    links: {
      wallet: `${publicUrl}${WALLET_PATH}`,
      refundPolicy: `${publicUrl}${links.refundPolicy}`,
      waiver: [...catalogue.values()].some((type) => type.waiver_id !== null)
        ? deps.waiverKeys.linkOf(publicUrl, sale.reference)
        : null,
    },
  };
}
