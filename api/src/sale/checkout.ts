import { EMPTY_CHECKOUT, type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import type { AppConfig } from '../config';
import type { Db, Sale } from '../db/schema';
import type { WaiverKeys } from '../session/waiver-keys';
import { saleTotals } from '../pricing/amounts';
import { checkoutDonation } from './checkout-donation';
import { checkoutEvents } from './checkout-events';
import { checkoutIdentity } from './checkout-identity';
import { checkoutLines } from './checkout-lines';
import { loadCheckoutContext, loadCheckoutLines, type CheckoutSource } from './checkout-load';
import { checkoutMoney } from './checkout-money';
import { checkoutPaymentOptions, paymentModesOf } from './checkout-payment-options';
import { checkoutPostSale } from './checkout-post-sale';
import { secondsRemaining } from '../session/current-sale';
import { visibleState } from './state';

/**
 * The whole checkout get_checkout sends for a sale (or the empty basket when there is none), totals computed here.
 * Read-only: the lines, then everything they point to, are each read in one batch of independent queries; each section
 * of the checkout is built from that one load.
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

  const lines = await loadCheckoutLines(db, sale.id);
  const ticketTypeIds = [...new Set(lines.tickets.map((line) => line.ticket_id))];
  const eventIds = [...new Set(lines.tickets.map((line) => line.event_id))];
  const organiserIds = [
    ...new Set([...lines.tickets.map((line) => line.organiser_id), ...lines.vouchers.map((line) => line.organiser_id)]),
  ];
  const context = await loadCheckoutContext(db, ticketTypeIds, eventIds, organiserIds, userId ?? sale.user_id, now);
  const totals = saleTotals(sale, lines.tickets, lines.vouchers, lines.codes, config.sale.refundProtectionBp, now);
  const source: CheckoutSource = { sale, lines, context, totals, config, now };

  const basketLines = checkoutLines(source);
  const donation = checkoutDonation(source);
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
    ...basketLines,
    ...checkoutEvents(source),
    ...checkoutMoney(source, basketLines.tickets, donation.charity?.name ?? null),
    ...donation,
    ...(await checkoutIdentity(db, source)),
    ...(await checkoutPaymentOptions(db, source, userId)),
    ...(await checkoutPostSale(db, source, waiverKeys)),
  };
}
