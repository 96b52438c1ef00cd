import { formatMoney, type BreakdownRow } from '@checkout/shared';
import { countryName } from '../address/places';
import { niceDay, niceTime } from '../catalogue/dates';
import { links } from '../catalogue/links';
import { currencyOf, toDecimal } from '../catalogue/money';
import type { Db } from '../db/schema';
import { displayCode } from '../tickets/codes';
import { WALLET_PATH } from './wallet-email';
import { paymentCardOf } from '../payment/card-details';
import type { PaymentConfig } from '../config/payment';
import type { BreakdownTotals } from '../pricing/breakdown';
import type { PriceComponents, PricedLine } from '../pricing/price';
import type { WaiverKeys } from '../session/waiver-keys';
import { receiptLines } from './receipt-lines';
import { paymentMethod, withInstalments } from './receipt-payment';

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

export type CatalogueEntry = Awaited<ReturnType<typeof ticketTypeQuery>>[number];

/** The sale and the settlement that paid for it. */
async function saleAndSettlement(db: Db, saleId: number) {
  const sale = await db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirst();
  const settlement = await db
    .selectFrom('payments')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return sale && settlement ? { sale, settlement } : undefined;
}

type Sale = NonNullable<Awaited<ReturnType<typeof saleAndSettlement>>>['sale'];

const vouchersNamed = (db: Db, voucherLines: readonly PricedLine[]) =>
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
    : Promise.resolve([]);

const charityOf = (db: Db, components: PriceComponents | null) =>
  components?.charity_id
    ? db.selectFrom('charities').select('name').where('id', '=', components.charity_id).executeTakeFirst()
    : Promise.resolve(undefined);

const buyerOf = (db: Db, sale: Sale) =>
  sale.user_id === null
    ? Promise.resolve(undefined)
    : db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', sale.user_id).executeTakeFirst();

const activePlanOf = (db: Db, saleId: number) =>
  db
    .selectFrom('payment_plans')
    .select(['id', 'months'])
    .where('sale_id', '=', saleId)
    .where('status', 'in', ['active', 'completed'])
    .executeTakeFirst();

/** Everything else the receipt reads about the sale, at once. */
async function receiptRows(
  db: Db,
  sale: Sale,
  components: PriceComponents | null,
  ticketLines: readonly PricedLine[],
  voucherLines: readonly PricedLine[],
) {
  const [catalogue, vouchers, charity, tickets, user, address, plan] = await Promise.all([
    catalogueOf(db, [...new Set(ticketLines.map((line) => line.id))]),
    vouchersNamed(db, voucherLines),
    charityOf(db, components),
    issuedTickets(db, sale.id),
    buyerOf(db, sale),
    db.selectFrom('sale_delivery_addresses').selectAll().where('sale_id', '=', sale.id).executeTakeFirst(),
    activePlanOf(db, sale.id),
  ]);
  return { catalogue, vouchers, charity, tickets, user, address, plan };
}

/** The events, in the order their tickets were bought, each with the tickets issued for it. */
function receiptEvents(
  ticketLines: readonly PricedLine[],
  catalogue: ReadonlyMap<number, CatalogueEntry>,
  tickets: Awaited<ReturnType<typeof issuedTickets>>,
): ReceiptEvent[] {
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
  return events;
}

/** What is posted: the gift vouchers, and the tickets of each event that charges for delivery. */
function postedItems(
  voucherLines: readonly PricedLine[],
  events: readonly ReceiptEvent[],
  catalogue: ReadonlyMap<number, CatalogueEntry>,
) {
  const catalogueByDate = new Map([...catalogue.values()].map((type) => [type.date_id, type]));
  return [
    ...(voucherLines.length
      ? [voucherLines.reduce((sum, line) => sum + line.qty, 0) === 1 ? 'gift voucher' : 'gift vouchers']
      : []),
    ...events
      .filter((event) => (catalogueByDate.get(event.dateId)?.delivery_fee_minor ?? 0) > 0)
      .map((event) => `tickets for ${event.title}`),
  ];
}

/**
 * The receipt of a paid sale, or undefined when it has no settlement that paid for it. `to` is where it goes (the
 * sale's email, or its account's).
 */
export async function loadReceipt(deps: ReceiptDeps, saleId: number, to: string): Promise<ReceiptModel | undefined> {
  const { db, publicUrl } = deps;
  const paid = await saleAndSettlement(db, saleId);
  if (!paid) return undefined;
  const { sale, settlement } = paid;
  const components = parseComponents(settlement.components);
  const currency = currencyOf(components?.currency ?? settlement.currency);
  const money = (minor: number) => formatMoney(toDecimal(minor), currency.symbol);

  const ticketLines = (components?.lines ?? []).filter((line): line is PricedLine => line.kind === 'ticket');
  const voucherLines = (components?.lines ?? []).filter((line) => line.kind === 'voucher');
  const { catalogue, vouchers, charity, tickets, user, address, plan } = await receiptRows(
    db,
    sale,
    components,
    ticketLines,
    voucherLines,
  );
  const events = receiptEvents(ticketLines, catalogue, tickets);
  const lines = components
    ? receiptLines({
        components,
        ticketLines,
        voucherLines,
        catalogue,
        vouchers,
        charityName: charity?.name ?? null,
        currencySymbol: currency.symbol,
        giftVoucher: { to: sale.gift_voucher_to, from: sale.gift_voucher_from },
        money,
      })
    : [];
  const totalMinor = components?.total_minor ?? settlement.price_minor;

  const card =
    settlement.provider === 'stripe' || settlement.provider === 'square'
      ? await paymentCardOf({ db, payment: deps.payment }, settlement.provider, settlement.provider_payment_id)
      : null;
  const method = paymentMethod(settlement.provider, totalMinor, components, card);
  const payment = plan ? await withInstalments(db, plan.id, method, card, money) : method;

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
    posted: postedItems(voucherLines, events, catalogue),
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
