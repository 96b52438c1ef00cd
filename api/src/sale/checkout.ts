import {
  EMPTY_CHECKOUT,
  type AfterSaleMessage,
  type BasketOrganiser,
  type Charity,
  type Checkout,
  type Event,
  type GiftVoucherLine,
  type Organiser,
  type TicketLine,
  type UpcomingEvent,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { appliedCodes, priceBreakdown } from './breakdown';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import { niceDate, niceDay, niceTime, ukDate, wallClock } from '../catalogue/dates';
import { absolute, links } from '../catalogue/links';
import { currencyOf, toDecimal } from '../catalogue/money';
import { ticketRefundPolicy } from '../catalogue/refund-policy';
import type { Db, Sale } from '../db/schema';
import { serverMessages } from '../http/server-messages';
import { activeHeld, availableOf } from '../inventory/holds';
import { guestMarketingChoices } from '../preferences/marketing';
import { secondsRemaining } from './current';
import { visibleState } from './state';
import { saleCodes } from '../catalogue/codes';
import { saleTotals, type SaleTotals } from './amounts';
import { saleMessages } from './messages';
import { cardProviderOf, isExpress, takesPayments } from '../payment/sale-context';
import { availablePaymentMethods, providerModes, takesTestMoney } from '../payment/modes';
import { toPlanBasket } from '../instalments/basket';
import { lastInstalmentDue, PLAN_TIME_ZONE } from '../instalments/last-due';
import { savedPaymentMethods } from '../instalments/saved-cards';
import { addMonths, scheduleOptions } from '../instalments/schedule';
import { questionsByTicket } from '../questions/by-ticket';
import { canTransfer } from '../transfers/transferable';
import { billingCountryOfSale } from '../payment/billing-country';
import { vouchersLeftToPay } from './voucher-scope';
import type { WaiverKeys } from '../waivers/link-key';

const UPCOMING_PER_ORGANISER = 4;

async function loadLines(db: Db, saleId: number) {
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

async function loadContext(
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
    organiserIds.length
      ? db
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
          .execute()
      : none,
    organiserIds.length
      ? db
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
          .select([
            'e.id',
            'e.organiser_id',
            'e.slug',
            'e.title',
            'e.thumbnail',
            'e.location',
            'e.timezone',
            'next.first_at',
          ])
          .where('e.organiser_id', 'in', organiserIds)
          .where('e.published', '=', true)
          .orderBy('next.first_at')
          .execute()
      : none,
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

/**
 * What the buyer should fix before reserving (shown as warnings): the last code refused, codes that have expired or
 * no longer apply, and lines asking for more than the stock left (a reserved sale's own holds count as its stock).
 */
function basketErrors(
  sale: Sale,
  rows: readonly { ticket_name: string; qty: number }[],
  tickets: readonly TicketLine[],
  totals: SaleTotals,
): string[] {
  const errors: string[] = [];
  if (sale.code_error) errors.push(sale.code_error);
  for (const code of totals.expiredCodes) errors.push(saleMessages.codeNoLongerValid(code));
  if (tickets.length > 0) for (const code of totals.inapplicable) errors.push(saleMessages.codeNoLongerApplies(code));
  if (sale.status !== 'paid') {
    tickets.forEach((line, index) => {
      const row = rows[index];
      if (row && line.qty > line.max_can_reserve)
        errors.push(serverMessages.notEnoughTickets(row.ticket_name, line.max_can_reserve));
    });
  }
  return errors;
}

/**
 * What the deployment's payment modes mean for the page, from the configuration the payment calls themselves read:
 * whether it says TEST MODE, and which ways of paying it offers at all.
 */
function paymentModesOf(config: AppConfig): Pick<Checkout, 'test_mode' | 'available_payment_methods'> {
  const modes = providerModes(config.payment);
  return { test_mode: takesTestMoney(modes), available_payment_methods: availablePaymentMethods(modes) };
}

/** The last instalment's due date in UK wall-clock time, while the sale's plan has payments left. */
async function planLastDue(db: Db, sale: Pick<Sale, 'id' | 'payment_plan_remaining'>): Promise<string | null> {
  if (!sale.payment_plan_remaining) return null;
  const due = await lastInstalmentDue(db, sale.id);
  return due ? wallClock(due, PLAN_TIME_ZONE) : null;
}

/**
 * The whole checkout of spec section 3 for a sale (or the empty basket when there is none), totals computed here.
 * Read-only: several independent queries run side by side.
 */
export async function buildCheckout(
  db: Db,
  config: AppConfig,
  sale: Sale | undefined,
  userId: number | null,
  now: Date,
  waiverKeys: WaiverKeys,
): Promise<Checkout> {
  if (!sale) return { ...EMPTY_CHECKOUT, captcha_sitekey: config.captcha.siteKey, ...paymentModesOf(config) };

  const lines = await loadLines(db, sale.id);
  const ticketTypeIds = [...new Set(lines.tickets.map((line) => line.ticket_id))];
  const eventIds = [...new Set(lines.tickets.map((line) => line.event_id))];
  const organiserIds = [
    ...new Set([...lines.tickets.map((line) => line.organiser_id), ...lines.vouchers.map((line) => line.organiser_id)]),
  ];
  const context = await loadContext(db, ticketTypeIds, eventIds, organiserIds, userId ?? sale.user_id, now);
  const currency = currencyOf(sale.currency);

  const requirementsByTicket = new Map<number, { title: string; ids: number[] }[]>();
  for (const row of context.requirements) {
    const list = requirementsByTicket.get(row.ticket_type_id) ?? [];
    list.push({ title: row.title, ids: row.required_ticket_type_ids });
    requirementsByTicket.set(row.ticket_type_id, list);
  }
  const organiserById = new Map(context.organisers.map((organiser) => [organiser.id, organiser]));

  const totals = saleTotals(sale, lines.tickets, lines.vouchers, lines.codes, config.sale.refundProtectionBp, now);

  const tickets: TicketLine[] = lines.tickets.map((line, index) => {
    const ownHeld = lines.heldBySale.get(line.ticket_id) ?? 0;
    const amounts = totals.lines[index];
    return {
      ticket_id: line.ticket_id,
      event_id: line.event_id,
      event_name: line.event_title,
      event_url: links.event(line.event_slug),
      ticket_name: line.ticket_name,
      date_id: line.date_id,
      nice_date: niceDate(line.starts_at, line.timezone),
      qty: line.qty,
      // Net of an absorbed fee, so price + booking fee is what one ticket costs (sale/totals.ts).
      price: toDecimal(amounts?.unitPriceMinor ?? line.price_minor),
      discount_amount: toDecimal(amounts?.unitDiscountMinor ?? 0),
      absorb_fee: line.absorb_fee,
      booking_fee: toDecimal(amounts?.unitFeeMinor ?? line.booking_fee_minor),
      event_hide_booking_fee: line.hide_booking_fee,
      thumbnail: line.thumbnail,
      seats: lines.seatsByType.get(line.ticket_id) ?? [],
      non_refundable: line.non_refundable,
      can_update_quantity: sale.status !== 'paid' && !line.seated,
      // What this buyer could hold: the per-customer cap, or less when stock is short (their own hold counts as free).
      max_can_reserve: Math.max(0, Math.min(line.max_per_customer, availableOf(line) + ownHeld)),
      min_per_customer: line.min_per_customer,
      required_tickets: requirementsByTicket.get(line.ticket_id) ?? [],
      refund_policy: ticketRefundPolicy(line),
      organiser_url: links.organiser(line.organiser_slug),
    };
  });

  const gift_vouchers: GiftVoucherLine[] = lines.vouchers.map((line) => ({
    id: line.id,
    name: line.name,
    value: toDecimal(line.value_minor ?? 0),
    qty: line.qty,
    thumbnail: line.thumbnail,
    o_name: line.organiser_name,
    o_url: links.organiser(line.organiser_slug),
    uk_expiry_date: ukDate(addMonths(now, line.valid_months)),
  }));

  const events: Event[] = context.events.map((event) => ({
    id: event.id,
    title: event.title,
    refund_protection: event.refund_protection,
    warn_customers_about_different_timeslots_message: event.timeslot_warning_message,
    shareable_link: absolute(config.publicUrl, links.event(event.slug)),
    venue:
      event.venue_full_address || event.venue_map_address || event.venue_map_checkin
        ? {
            full_address: event.venue_full_address,
            map_address: event.venue_map_address,
            map_checkin: event.venue_map_checkin,
          }
        : null,
    has_livestream: event.has_livestream,
    access_online: event.access_online,
    ga: event.ga,
    ga_conversion_id: event.ga_conversion_id,
    fb_pixel: event.fb_pixel,
    reward_referrers: event.reward_text
      ? { text: event.reward_text, short_text: event.reward_short_text ?? event.reward_text }
      : null,
    fundraising_contact_notice: event.fundraising_contact_notice,
  }));

  const inBasket = new Set(eventIds);
  const organisers: Organiser[] = context.organisers.map((organiser) => {
    const upcoming_events: UpcomingEvent[] = context.upcoming
      .filter((event) => event.organiser_id === organiser.id && !inBasket.has(event.id))
      .slice(0, UPCOMING_PER_ORGANISER)
      .map((event) => ({
        url: links.event(event.slug),
        thumbnail: event.thumbnail,
        title: event.title,
        location: event.location,
        date: niceDate(event.first_at, event.timezone),
      }));
    return {
      name: organiser.name,
      url: links.organiser(organiser.slug),
      full_url: absolute(config.publicUrl, links.organiser(organiser.slug)),
      is_saas: organiser.is_saas,
      has_custom_refund_policy: organiser.custom_refund_policy !== null,
      charity: organiser.charity_id !== null,
      upcoming_events,
      audience_diversity_notice: organiser.audience_diversity_notice,
      takes_payments: takesPayments(organiser),
    };
  });

  // A guest's marketing choices are kept for the email the sale was made with (preferences/marketing.ts).
  const guestChoices =
    !context.user && sale.email
      ? await guestMarketingChoices(
          db,
          sale.email,
          context.organisers.map((organiser) => organiser.id),
        )
      : null;
  const subscribed =
    guestChoices?.organisers ?? new Map(context.subscriptions.map((row) => [row.organiser_id, row.subscribed]));
  const basket_organisers: BasketOrganiser[] = context.organisers.map((organiser) => ({
    id: organiser.id,
    name: organiser.name,
    organiser_subscribed: subscribed.get(organiser.id) ?? false,
    marketing_signup_message: organiser.marketing_signup_message,
  }));

  const charityOrganiser = context.organisers.find((organiser) => organiser.charity_id !== null);
  const charity: Charity | null =
    charityOrganiser?.charity_id != null && charityOrganiser.charity_name !== null
      ? {
          id: charityOrganiser.charity_id,
          name: charityOrganiser.charity_name,
          logo: charityOrganiser.charity_logo,
          description_html: charityOrganiser.charity_description_html ?? '',
          donation_checkout_title: charityOrganiser.charity_donation_checkout_title ?? '',
          donation_options: (charityOrganiser.charity_donation_options_minor ?? []).map(toDecimal),
          base_fee: toDecimal(charityOrganiser.charity_base_fee_minor ?? 0),
          booking_fee: (charityOrganiser.charity_booking_fee_bp ?? 0) / 100,
          booking_fee_includes_vat: charityOrganiser.charity_booking_fee_includes_vat ?? false,
          booking_fee_vat: (charityOrganiser.charity_booking_fee_vat_bp ?? 0) / 100,
          booking_fee_cap:
            charityOrganiser.charity_booking_fee_cap_minor === null
              ? null
              : toDecimal(charityOrganiser.charity_booking_fee_cap_minor ?? 0),
        }
      : null;

  // The organiser's own payment account, when every line belongs to one organiser who has one.
  const single = context.organisers.length === 1 ? context.organisers[0] : undefined;
  const opoa =
    single?.payment_provider && single.payment_merchant_id
      ? { provider: single.payment_provider, merchant_id: single.payment_merchant_id, overridden: false }
      : null;

  const questionsByTiming = questionsByTicket(lines.tickets, context.questions);

  const eventById = new Map(context.events.map((event) => [event.id, event]));
  const firstDateByEvent = new Map<number, { at: Date; timezone: string }>();
  for (const line of lines.tickets)
    if (!firstDateByEvent.has(line.event_id))
      firstDateByEvent.set(line.event_id, { at: line.starts_at, timezone: line.timezone });
  const after_sale_messages: AfterSaleMessage[] = context.afterSale.map((message) => {
    const event = eventById.get(message.event_id);
    const date = firstDateByEvent.get(message.event_id);
    const organiser = event ? organiserById.get(event.organiser_id) : undefined;
    return {
      organiser_name: organiser?.name ?? '',
      event_title: event?.title ?? '',
      event_nice_date: date ? niceDay(date.at, date.timezone) : '',
      event_nice_time: date ? niceTime(date.at, date.timezone) : '',
      message: message.message_html,
    };
  });

  const hasDonation = sale.donation_minor > 0;
  const hasWaivers = lines.tickets.some((line) => line.waiver_id !== null);
  return {
    ...EMPTY_CHECKOUT,
    state: visibleState(sale),
    sale_reference: sale.reference,
    tickets,
    gift_vouchers,
    events,
    organisers,
    currency,
    delivery_cost: toDecimal(totals.deliveryMinor),
    discounts_applied: Object.fromEntries(totals.discounts.map((entry) => [entry.code, toDecimal(entry.amountMinor)])),
    // Automatic offers are not part of the catalogue: every discount comes from a code.
    offers_applied_total: 0,
    gift_vouchers_applied_total: toDecimal(totals.giftVouchersAppliedMinor),
    basket_total: toDecimal(totals.basketTotalMinor),
    has_refund_protection: totals.refundProtectionCostMinor !== null,
    refund_protection: sale.refund_protection && totals.refundProtectionCostMinor !== null ? 1 : 0,
    refund_protection_cost:
      totals.refundProtectionCostMinor === null ? null : toDecimal(totals.refundProtectionCostMinor),
    basket_errors: basketErrors(sale, lines.tickets, tickets, totals),
    basket_success: [
      ...totals.giftVouchers
        .filter((entry) => entry.amountMinor > 0)
        .map((entry) => saleMessages.giftVoucherApplied(entry.code, toDecimal(entry.amountMinor), currency.symbol)),
      ...(vouchersLeftToPay(totals) ? [saleMessages.giftVoucherLeavesVouchers] : []),
    ],
    reserving_error: sale.status === 'expired' ? messages.checkoutExpired : sale.reserving_error,
    had_mismatching_currencies: sale.had_mismatching_currencies,
    seconds_remaining: secondsRemaining(sale, now),
    captcha_sitekey: config.captcha.siteKey,
    all_booking_fees_are_absorbed: totals.allFeesAbsorbed,
    express: isExpress(sale, context.organisers),
    edit_basket_clicked: sale.edit_basket_clicked,
    donation: hasDonation
      ? {
          amount_before_booking_fee: toDecimal(sale.donation_minor),
          booking_fee: toDecimal(sale.donation_fee_minor),
          is_gift_aid: sale.is_gift_aid,
        }
      : null,
    donation_amount: hasDonation ? toDecimal(sale.donation_minor + sale.donation_fee_minor) : null,
    is_gift_aid: sale.is_gift_aid,
    charity,
    has_require_phone_number: context.events.some((event) => event.require_phone_number),
    marketing_preferences: {
      ct_subscribed: guestChoices?.ct_subscribed ?? context.user?.subscribed ?? false,
      event_subscribed: guestChoices?.event_subscribed ?? context.user?.is_event_subscribed ?? false,
      basket_organisers,
    },
    opoa,
    sagepay_or_stripe: cardProviderOf(sale, context.organisers),
    truelayer_returned_from: sale.truelayer_returned_from,
    payment_complete: sale.status === 'paid',
    payment_plan_remaining: sale.payment_plan_remaining,
    payment_plan_last_due: await planLastDue(db, sale),
    // Instalments (instalments/schedule.ts states the rule): only while there is still something to pay.
    payment_plan_schedule_options:
      sale.status === 'paid'
        ? {}
        : scheduleOptions(
            toPlanBasket({
              currency: sale.currency,
              totals,
              ticketDates: lines.tickets.map((line) => line.starts_at),
              voucherLines: lines.vouchers.length,
              events: context.events,
              organisers: context.organisers,
            }),
            now,
          ),
    saved_payment_methods: userId === null ? [] : await savedPaymentMethods(db, userId),
    init_guest_email: sale.email,
    init_guest_full_name: sale.full_name,
    require_delivery_address:
      context.events.some((event) => event.require_delivery_address) || gift_vouchers.length > 0,
    before_payment_questions: questionsByTiming.before_payment,
    after_payment_questions: questionsByTiming.after_payment,
    has_waivers: hasWaivers,
    // The link's key goes only to the session holding the paid sale: before payment a recovery link can still move
    // the sale to another browser, and the key made then would open the page for whoever made that link.
    waiver_key: hasWaivers && sale.status === 'paid' ? waiverKeys.keyOf(sale.reference) : null,
    after_sale_messages,
    can_transfer: await canTransfer(db, sale),
    price_breakdown: priceBreakdown({
      totals,
      tickets,
      vouchers: lines.vouchers,
      donationMinor: sale.donation_minor,
      donationFeeMinor: sale.donation_fee_minor,
      isGiftAid: sale.is_gift_aid,
      charityName: charity?.name ?? null,
      currencySymbol: currency.symbol,
    }),
    applied_codes: appliedCodes(lines.codes, totals),
    ...paymentModesOf(config),
    billing_country: await billingCountryOfSale(db, sale, userId),
  };
}
