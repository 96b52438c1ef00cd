import { sql } from 'kysely';
import { saleCodes } from '../catalogue/codes';
import type { AppConfig } from '../config';
import type { Db, Sale } from '../db/schema';
import { activeHeld } from '../inventory/holds';
import type { SaleTotals } from '../pricing/amounts';

/** The sale's lines with their catalogue rows, its own holds, codes and issued seats, read side by side. */
export async function loadCheckoutLines(db: Db, saleId: number) {
  const [tickets, vouchers, heldBySale, codes, seated] = await Promise.all([
    db
      .selectFrom('sale_lines as l')
      .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
      .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
      .select([
        'l.qty',
        't.id as ticket_id',
        't.name as ticket_name',
        't.price_minor',
        't.booking_fee_minor',
        't.absorb_fee',
        't.hide_booking_fee',
        't.capacity',
        't.sold',
        activeHeld('t').as('held'),
        't.max_per_customer',
        't.min_per_customer',
        't.non_refundable',
        't.seated',
        't.waiver_id',
        'e.id as event_id',
        'e.slug as event_slug',
        'e.title as event_title',
        'e.thumbnail',
        'e.timezone',
        'e.refund_protection',
        'e.delivery_fee_minor',
        'd.id as date_id',
        'd.starts_at',
        'o.id as organiser_id',
        'o.slug as organiser_slug',
        'o.name as organiser_name',
        'o.custom_refund_policy',
      ])
      .where('l.sale_id', '=', saleId)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('gift_vouchers as g', 'g.id', 'l.gift_voucher_id')
      .innerJoin('organisers as o', 'o.id', 'g.organiser_id')
      .select([
        'l.qty',
        'l.value_minor',
        'g.id',
        'g.name',
        'g.thumbnail',
        'g.valid_months',
        'o.id as organiser_id',
        'o.name as organiser_name',
        'o.slug as organiser_slug',
      ])
      .where('l.sale_id', '=', saleId)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('holds')
      .select(['ticket_type_id', sql<number>`sum(qty)::int`.as('qty')])
      .where('sale_id', '=', saleId)
      .where('status', '=', 'active')
      .groupBy('ticket_type_id')
      .execute(),
    saleCodes(db, saleId),
    // Issued tickets' seats (none before delivery): a line's seats are its ticket type's, in seat order.
    db
      .selectFrom('tickets')
      .select(['ticket_type_id', 'seat_label'])
      .where('sale_id', '=', saleId)
      .where('seat_label', 'is not', null)
      .orderBy('position')
      .execute(),
  ]);
  const seatsByType = new Map<number, string[]>();
  for (const row of seated)
    if (row.seat_label !== null)
      seatsByType.set(row.ticket_type_id, [...(seatsByType.get(row.ticket_type_id) ?? []), row.seat_label]);
  return {
    tickets,
    vouchers,
    codes,
    seatsByType,
    heldBySale: new Map(heldBySale.map((row) => [row.ticket_type_id, row.qty])),
  };
}

/** The basket's organisers with their charity's donation terms. */
function basketOrganisers(db: Db, organiserIds: number[]) {
  return db
    .selectFrom('organisers as o')
    .leftJoin('charities as c', 'c.id', 'o.charity_id')
    .select([
      'o.id',
      'o.name',
      'o.slug',
      'o.is_saas',
      'o.charity_id',
      'o.custom_refund_policy',
      'o.marketing_signup_message',
      'o.payment_provider',
      'o.payment_merchant_id',
      'o.express_checkout',
      'o.audience_diversity_notice',
      'c.name as charity_name',
      'c.logo as charity_logo',
      'c.description_html as charity_description_html',
      'c.donation_checkout_title as charity_donation_checkout_title',
      'c.donation_options_minor as charity_donation_options_minor',
      'c.base_fee_minor as charity_base_fee_minor',
      'c.booking_fee_bp as charity_booking_fee_bp',
      'c.booking_fee_includes_vat as charity_booking_fee_includes_vat',
      'c.booking_fee_vat_bp as charity_booking_fee_vat_bp',
      'c.booking_fee_cap_minor as charity_booking_fee_cap_minor',
    ])
    .where('o.id', 'in', organiserIds)
    .orderBy('o.id')
    .execute();
}

/** The organisers' published events with a date still to come, soonest first. */
function upcomingEvents(db: Db, organiserIds: number[], now: Date) {
  return db
    .selectFrom('events as e')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('event_dates')
          .select(['event_id', sql<Date>`min(starts_at)`.as('first_at')])
          .where('starts_at', '>', now)
          .groupBy('event_id')
          .as('next'),
      (join) => join.onRef('next.event_id', '=', 'e.id'),
    )
    .select(['e.id', 'e.organiser_id', 'e.slug', 'e.title', 'e.thumbnail', 'e.location', 'e.timezone', 'next.first_at'])
    .where('e.organiser_id', 'in', organiserIds)
    .where('e.published', '=', true)
    .orderBy('next.first_at')
    .execute();
}

/**
 * What the lines point to (requirements, events, organisers and their upcoming events, questions, after-sale messages)
 * and the buyer's account, in one batch of independent queries.
 */
export async function loadCheckoutContext(
  db: Db,
  ticketTypeIds: number[],
  eventIds: number[],
  organiserIds: number[],
  userId: number | null,
  now: Date,
) {
  const none = Promise.resolve([]);
  const [requirements, events, organisers, upcoming, questions, afterSale, user, subscriptions] = await Promise.all([
    ticketTypeIds.length
      ? db
          .selectFrom('ticket_requirements')
          .select(['ticket_type_id', 'title', 'required_ticket_type_ids'])
          .where('ticket_type_id', 'in', ticketTypeIds)
          .orderBy('id')
          .execute()
      : none,
    eventIds.length ? db.selectFrom('events').selectAll().where('id', 'in', eventIds).orderBy('id').execute() : none,
    organiserIds.length ? basketOrganisers(db, organiserIds) : none,
    organiserIds.length ? upcomingEvents(db, organiserIds, now) : none,
    eventIds.length
      ? db
          .selectFrom('questions')
          .selectAll()
          .where('event_id', 'in', eventIds)
          .orderBy('sort_order')
          .orderBy('id')
          .execute()
      : none,
    eventIds.length
      ? db
          .selectFrom('after_sale_messages')
          .selectAll()
          .where('event_id', 'in', eventIds)
          .orderBy('sort_order')
          .orderBy('id')
          .execute()
      : none,
    userId === null
      ? Promise.resolve(undefined)
      : db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    userId === null || organiserIds.length === 0
      ? none
      : db
          .selectFrom('organiser_subscriptions')
          .select(['organiser_id', 'subscribed'])
          .where('user_id', '=', userId)
          .where('organiser_id', 'in', organiserIds)
          .execute(),
  ]);
  return { requirements, events, organisers, upcoming, questions, afterSale, user, subscriptions };
}

export type CheckoutLines = Awaited<ReturnType<typeof loadCheckoutLines>>;
export type CheckoutContext = Awaited<ReturnType<typeof loadCheckoutContext>>;

/** What every section of a sale's checkout is built from: loaded once, by buildCheckout. */
export interface CheckoutSource {
  sale: Sale;
  lines: CheckoutLines;
  context: CheckoutContext;
  totals: SaleTotals;
  config: AppConfig;
  now: Date;
}
