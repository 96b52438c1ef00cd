import { splitFullName } from '@checkout/shared';
import * as sharedPaymentMessages from '@checkout/shared/messages/payment';
import { HttpError } from '../../http/errors';
import type { CallHandlers } from '../../http/route';
import { saveBillingAddress, usableBillingAddress } from '../billing';
import { recordPaymentCard, squareSandboxCard } from '../card-details';
import { idempotent } from '../idempotency';
import { paymentMessages } from '../messages';
import { attachProviderPayment, claimPayment, failPayment } from '../open-payment';
import { checkPayable, requireAmount, sessionSale, squareOrganiser } from '../sale-context';
import { priced, type PaymentCallContext } from './context';

/** getSquareCredentials and payWithSquare: a card taken by the Square organiser's own merchant account. */
export function squareHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock, providers, once, openCtx } = ctx;
  return {
    getSquareCredentials: async (_input, { request }) => {
      ctx.requireOffered('square');
      const sale = await ctx.payable(request.session);
      if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
      return providers.square.credentials();
    },

    payWithSquare: async ({ billing_address_data, source_id, verification_token, idempotency_key }, { request }) => {
      ctx.requireOffered('square');
      const sale = await ctx.keyed(request.session);
      if (!source_id)
        throw new HttpError(400, sharedPaymentMessages.payFailed, { source_id: sharedPaymentMessages.payFailed });
      // Not a charge: a corrected address may be sent again with the same key.
      if (!usableBillingAddress(billing_address_data))
        return { payment_completed: false, addressError: sharedPaymentMessages.addressNotFound };
      return idempotent(
        once,
        { saleId: sale.sale.id, key: idempotency_key, call: 'payWithSquare', request: { ...priced(sale), source_id } },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          if (!squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
          // The charge is taken in this request: the sale's slot is held while it runs, so a second tab waits for it
          // (and finds the sale paid) instead of charging again.
          let claim;
          try {
            claim = await claimPayment(openCtx, request.session, { provider: 'square', reusable: false });
          } catch (error) {
            if (error instanceof HttpError && (await sessionSale(db, request.session))?.status === 'paid')
              return { payment_completed: true };
            throw error;
          }
          const { row } = claim;
          let result;
          try {
            result = await providers.square.createPayment({
              saleId: claim.sale.id,
              amountMinor: row.amount_minor,
              currency: row.currency,
              idempotencyKey: row.provider_key ?? idempotency_key,
              sourceId: source_id,
              ...(verification_token ? { verificationToken: verification_token } : {}),
            });
          } catch (error) {
            await failPayment(db, row.id, clock.now());
            throw error;
          }
          const now = clock.now();
          if (result.status === 'VERIFY_BUYER') {
            await failPayment(db, row.id, now);
            return { payment_completed: false, square_verify_buyer: true };
          }
          if (result.status === 'FAILED') {
            await failPayment(db, row.id, now);
            await db
              .updateTable('sales')
              .set({ payment_error: result.error, updated_at: now })
              .where('id', '=', claim.sale.id)
              .execute();
            return { payment_completed: false, error: result.error };
          }
          await attachProviderPayment(db, row.id, result.paymentId, now);
          await recordPaymentCard(db, result.paymentId, result.card ?? (await squareSandboxCard(db, source_id)));
          await saveBillingAddress(
            db,
            claim.sale.id,
            billing_address_data,
            splitFullName(claim.sale.full_name ?? ''),
            now,
          );
          await db.updateTable('sales').set({ card_provider: 'square' }).where('id', '=', claim.sale.id).execute();
          // Settling compares what was charged with the basket now: a change meanwhile refunds the charge.
          const settled = await ctx.settle(
            claim.sale.id,
            'square',
            result.paymentId,
            result.amountMinor,
            result.currency,
          );
          return settled.outcome === 'paid'
            ? { payment_completed: true }
            : { payment_completed: false, error: settled.reason };
        },
      );
    },
  };
}
