import * as commonMessages from '@checkout/shared/messages/common';
import { HttpError } from '../../http/errors';
import type { CallHandlers } from '../../http/route';
import { RESERVING } from '../../identity/checkout-sale';
import { idempotent } from '../idempotency';
import { paymentMessages } from '../messages';
import { claimPayment, failPayment } from '../open-payment';
import { checkPayable } from '../sale-context';
import { settleInTransaction } from '../settle';
import { priced, type PaymentCallContext } from './context';

/** claimFreeTickets: a basket that costs nothing, settled without a provider. */
export function freeTicketsHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock, once, openCtx, refundProtectionBp: bp } = ctx;
  return {
    claimFreeTickets: async ({ email, idempotency_key }, { request }) => {
      const sale = await ctx.keyed(request.session);
      return idempotent(
        once,
        {
          saleId: sale.sale.id,
          key: idempotency_key,
          call: 'claimFreeTickets',
          request: { email: email.toLowerCase(), ...priced(sale) },
        },
        async () => {
          checkPayable(sale, clock.now());
          if (sale.amountMinor !== 0) throw new HttpError(409, paymentMessages.notFree);
          // Priced and settled under one lock, the lock every basket change takes: free at the moment of the claim.
          const claim = await claimPayment(openCtx, request.session, { provider: 'free', reusable: false });
          const now = clock.now();
          const result = await db.transaction().execute(async (tx) => {
            // The sale's row before its payment row, the order every basket change takes them in (session, sale, then
            // the open payment it cancels): writing the payment row first deadlocked with a change made at this moment.
            await tx.selectFrom('sales').select('id').where('id', '=', claim.sale.id).forUpdate().execute();
            const providerPaymentId = `free_${claim.row.id}`;
            await tx
              .updateTable('sale_provider_payments')
              .set({ provider_payment_id: providerPaymentId, status: 'open', updated_at: now })
              .where('id', '=', claim.row.id)
              .where('status', '=', 'creating')
              .execute();
            const settled = await settleInTransaction(tx, {
              saleId: claim.sale.id,
              provider: 'free',
              providerPaymentId,
              amountMinor: 0,
              currency: claim.row.currency,
              now,
              refundProtectionBp: bp,
            });
            if (settled.outcome === 'paid' && !claim.sale.email)
              await tx.updateTable('sales').set({ email, updated_at: now }).where('id', '=', claim.sale.id).execute();
            return settled;
          });
          if (result.outcome !== 'paid') {
            await failPayment(db, claim.row.id, clock.now());
            throw result.mismatch
              ? new HttpError(409, paymentMessages.notFree)
              : new HttpError(409, commonMessages.checkoutExpired, undefined, RESERVING);
          }
          return { success: true };
        },
      );
    },
  };
}
