import type { CallHandlers } from '../../http/route';
import { idempotent } from '../idempotency';
import { checkPayable, requireAmount } from '../sale-context';
import { priced, type PaymentCallContext } from './context';
import { assertBankOffered, openBankPayment } from './open-provider-payment';

/** createTruelayerPayment and payWithTruelayer: the sale's one open bank payment, and the bank's page to approve it. */
export function bankPaymentHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock, providers, once } = ctx;
  return {
    createTruelayerPayment: async (_input, { request }) => {
      ctx.requireOffered('bank');
      const sale = await ctx.payable(request.session);
      requireAmount(sale);
      assertBankOffered(sale);
      const row = await openBankPayment(ctx, request.session, '');
      return { success: true, payment_id: row.provider_payment_id };
    },

    payWithTruelayer: async ({ contact_number, idempotency_key }, { request }) => {
      ctx.requireOffered('bank');
      const sale = await ctx.keyed(request.session);
      return idempotent(
        once,
        { saleId: sale.sale.id, key: idempotency_key, call: 'payWithTruelayer', request: priced(sale) },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          assertBankOffered(sale);
          const row = await openBankPayment(ctx, request.session, idempotency_key);
          await db
            .updateTable('sales')
            .set({
              state: 'awaiting_truelayer',
              truelayer_returned_from: null,
              payment_error: null,
              ...(contact_number ? { contact_number } : {}),
              updated_at: clock.now(),
            })
            .where('id', '=', sale.sale.id)
            .where('status', '=', 'reserved')
            .execute();
          return { auth_url: await providers.bank.authUrl(row.provider_payment_id) };
        },
      );
    },
  };
}
