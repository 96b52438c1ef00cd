import type { Checkout } from '@checkout/shared';
import { shortDate, wallClock } from '../catalogue/dates';
import type { AppConfig } from '../config';
import type { Db, Sale } from '../db/schema';
import { toPlanBasket } from '../instalments/basket';
import { lastInstalmentDue, PLAN_TIME_ZONE } from '../instalments/last-due';
import { savedPaymentMethods } from '../instalments/saved-cards';
import { scheduleOptions } from '../instalments/schedule';
import { billingCountryOfSale } from '../payment/billing-country';
import { availablePaymentMethods, providerModes, takesTestMoney } from '../payment/modes';
import { cardProviderOf, isExpress } from '../payment/sale-context';
import type { CheckoutSource } from './checkout-load';

type PaymentFields =
  | 'express'
  | 'opoa'
  | 'sagepay_or_stripe'
  | 'truelayer_returned_from'
  | 'payment_complete'
  | 'payment_plan_remaining'
  | 'payment_plan_last_due'
  | 'payment_plan_last_due_text'
  | 'payment_plan_schedule_options'
  | 'saved_payment_methods'
  | 'test_mode'
  | 'available_payment_methods'
  | 'billing_country';

/**
 * How the buyer can pay: the card provider and the organiser's own account, instalment plans, saved cards, the
 * deployment's payment modes and the billing country the forms start on.
 */
export async function checkoutPaymentOptions(
  db: Db,
  { sale, lines, context, totals, config, now, deliveryCountry }: CheckoutSource,
  userId: number | null,
): Promise<Pick<Checkout, PaymentFields>> {
  const [lastDue, savedMethods, billingCountry] = await Promise.all([
    planLastDue(db, sale),
    userId === null ? [] : savedPaymentMethods(db, userId),
    billingCountryOfSale(db, sale, userId, deliveryCountry),
  ]);
  // The organiser's own payment account, when every line belongs to one organiser who has one.
  const single = context.organisers.length === 1 ? context.organisers[0] : undefined;
  const opoa =
    single?.payment_provider && single.payment_merchant_id
      ? { provider: single.payment_provider, merchant_id: single.payment_merchant_id, overridden: false }
      : null;
  return {
    express: isExpress(sale, context.organisers),
    opoa,
    sagepay_or_stripe: cardProviderOf(sale, context.organisers),
    truelayer_returned_from: sale.truelayer_returned_from,
    payment_complete: sale.status === 'paid',
    payment_plan_remaining: sale.payment_plan_remaining,
    payment_plan_last_due: lastDue && wallClock(lastDue, PLAN_TIME_ZONE),
    payment_plan_last_due_text: lastDue && shortDate(lastDue, PLAN_TIME_ZONE),
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
    saved_payment_methods: savedMethods,
    ...paymentModesOf(config),
    billing_country: billingCountry,
  };
}

/**
 * What the deployment's payment modes mean for the page, from the configuration the payment calls themselves read:
 * whether it says TEST MODE, and which ways of paying it offers at all.
 */
export function paymentModesOf(config: AppConfig): Pick<Checkout, 'test_mode' | 'available_payment_methods'> {
  const modes = providerModes(config.payment);
  return { test_mode: takesTestMoney(modes), available_payment_methods: availablePaymentMethods(modes) };
}

/** When the last instalment is due, while the sale's plan has payments left (given in UK time, PLAN_TIME_ZONE). */
async function planLastDue(db: Db, sale: Pick<Sale, 'id' | 'payment_plan_remaining'>): Promise<Date | null> {
  if (!sale.payment_plan_remaining) return null;
  return (await lastInstalmentDue(db, sale.id)) ?? null;
}
