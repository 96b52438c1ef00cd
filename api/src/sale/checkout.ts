import { EMPTY_CHECKOUT, type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import type { WaiverKeys } from '../session/waiver-keys';
import { saleTotals } from '../pricing/amounts';
import { checkoutDonation } from './checkout-donation';
import { checkoutEvents } from './checkout-events';
import { checkoutIdentity } from './checkout-identity';
import { checkoutLines } from './checkout-lines';
import { extensionMinutesOf, ticketLinesOf, type CatalogueCache, type OrganiserAsk } from './catalogue-cache';
import { loadCheckoutBuyer, type CheckoutSource } from './checkout-load';
import type { CheckoutSaleRead } from './checkout-read';
import { checkoutMoney } from './checkout-money';
import { checkoutPaymentOptions, paymentModesOf } from './checkout-payment-options';
import { checkoutPostSale } from './checkout-post-sale';
import { secondsRemaining } from '../session/current-sale';
import { visibleState } from './state';
import { extensionOfferedOn } from './extend';

/**
 * The whole checkout get_checkout sends for a sale (or the empty basket when there is none), totals computed here.
 * Read-only: the sale and everything of its own come in one statement (`read`, sale/checkout-read.ts), what its lines
 * point to in the catalogue from the cache kept under the version read with it, and the signed-in buyer's account in
 * one more batch; each section of the checkout is built from that one load.
 */
export async function buildCheckout(
  db: Db,
  config: AppConfig,
  catalogue: CatalogueCache,
  read: CheckoutSaleRead | undefined,
  now: Date,
  waiverKeys: WaiverKeys,
): Promise<Checkout> {
  if (!read) return { ...EMPTY_CHECKOUT, captcha_sitekey: config.captcha.siteKey, ...paymentModesOf(config) };

  const { sale } = read;
  const userId = read.session.user_id;
  const asks = catalogueAsks(read);
  const organiserIds = [...asks.keys()].sort((a, b) => a - b);
  const [catalogueContext, buyer] = await Promise.all([
    catalogue.context(db, read.catalogueVersions, asks, now),
    loadCheckoutBuyer(db, userId ?? sale.user_id, organiserIds),
  ]);
  const context = { ...catalogueContext, ...buyer };
  const lines = { ...read.lines, tickets: ticketLinesOf(read.stock, catalogueContext) };
  const totals = saleTotals(sale, lines.tickets, lines.vouchers, lines.codes, config.sale.refundProtectionBp, now);
  const source: CheckoutSource = { sale, lines, context, totals, config, now, deliveryCountry: read.deliveryCountry };

  const basketLines = checkoutLines(source);
  const donation = checkoutDonation(source);
  const [identity, paymentOptions, postSale] = await Promise.all([
    checkoutIdentity(db, source),
    checkoutPaymentOptions(db, source, userId),
    checkoutPostSale(db, source, waiverKeys),
  ]);
  // EMPTY_CHECKOUT first: it fixes the order of the answer's fields, whichever section fills them.
  return {
    ...EMPTY_CHECKOUT,
    state: visibleState(sale),
    sale_reference: sale.reference,
    reserving_error: sale.status === 'expired' ? messages.checkoutExpired : sale.reserving_error,
    had_mismatching_currencies: sale.had_mismatching_currencies,
    seconds_remaining: secondsRemaining(sale, now),
    captcha_sitekey: config.captcha.siteKey,
    edit_basket_clicked: sale.edit_basket_clicked,
    hold_extension_minutes: extensionOfferedOn(sale, now, {
      minutes: extensionMinutesOf(lines.tickets, catalogueContext),
      paying: read.paymentStarted,
    }),
    ...basketLines,
    ...checkoutEvents(source),
    ...checkoutMoney(source, basketLines.tickets, donation.charity?.name ?? null),
    ...donation,
    ...identity,
    ...paymentOptions,
    ...postSale,
  };
}

/** What the lines point to in the catalogue, by organiser: the basket's events and ticket types of each. */
function catalogueAsks({ stock, lines }: CheckoutSaleRead): Map<number, OrganiserAsk> {
  const asks = new Map<number, OrganiserAsk>();
  const askOf = (organiserId: number) => {
    let ask = asks.get(organiserId);
    if (!ask) {
      ask = { eventIds: [], ticketTypeIds: [] };
      asks.set(organiserId, ask);
    }
    return ask;
  };
  for (const line of stock) {
    const ask = askOf(line.organiser_id);
    if (!ask.eventIds.includes(line.event_id)) ask.eventIds.push(line.event_id);
    if (!ask.ticketTypeIds.includes(line.ticket_id)) ask.ticketTypeIds.push(line.ticket_id);
  }
  for (const line of lines.vouchers) askOf(line.organiser_id);
  return asks;
}
