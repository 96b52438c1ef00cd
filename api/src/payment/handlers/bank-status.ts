import type { TruelayerStatus } from '@checkout/shared';
import * as awaitingBankMessages from '@checkout/shared/messages/awaiting-bank';
import * as sharedPaymentMessages from '@checkout/shared/messages/payment';
import { toDecimal } from '../../catalogue/money';
import { HttpError } from '../../http/errors';
import type { CallHandlers } from '../../http/route';
import { secondsRemaining } from '../../session/current-sale';
import { paymentMessages } from '../messages';
import { bankEndedOutcome, failPayment } from '../open-payment';
import { latestProviderPayment, sessionSale } from '../sale-context';
import type { PaymentCallContext } from './context';

/** getTruelayerStatus: where the sale's bank payment is, settling the sale the first time it is seen executed. */
export function bankStatusHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock, providers } = ctx;
  return {
    getTruelayerStatus: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      const payment = sale ? await latestProviderPayment(db, sale.id, 'truelayer') : undefined;
      if (!sale || !payment?.provider_payment_id) throw new HttpError(409, paymentMessages.noBankPayment);
      const now = clock.now();
      const base: TruelayerStatus = {
        status: 'pending',
        payment_completed: false,
        reference: sale.reference,
        total: toDecimal(payment.amount_minor),
        checkout_expires_in: secondsRemaining(sale, now),
        truelayer_status_error: null,
      };
      if (sale.status === 'paid')
        return {
          truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null },
        };
      if (sale.status === 'refunded') {
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            checkout_expires_in: 0,
            truelayer_status_error: sale.refund_reason ?? awaitingBankMessages.paymentFailedExpired,
          },
        };
      }
      if (payment.status === 'refunded')
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            truelayer_status_error: sharedPaymentMessages.paymentRefundedBasketChanged,
          },
        };
      const bank = await providers.bank.retrieve(payment.provider_payment_id);
      if (bank.status === 'executed') {
        const result = await ctx.settle(
          sale.id,
          'truelayer',
          payment.provider_payment_id,
          bank.amountMinor,
          bank.currency,
        );
        if (result.outcome === 'paid')
          return {
            truelayer_status: { ...base, status: 'executed', payment_completed: true, checkout_expires_in: null },
          };
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            checkout_expires_in: result.mismatch ? secondsRemaining(sale, now) : 0,
            truelayer_status_error: result.reason,
          },
        };
      }
      if (payment.status === 'cancelled')
        return {
          truelayer_status: {
            ...base,
            status: 'failed',
            truelayer_status_error: sharedPaymentMessages.paymentCancelledBasketChanged,
          },
        };
      if (bank.status === 'failed' || bank.status === 'cancelled') {
        // Its slot is free for another payment; the first look at it counts it.
        await failPayment(db, payment.id, now, bankEndedOutcome(bank.status));
        const error = bank.status === 'failed' ? paymentMessages.bankFailed : paymentMessages.bankCancelled;
        return { truelayer_status: { ...base, status: 'failed', truelayer_status_error: error } };
      }
      return { truelayer_status: base };
    },
  };
}
