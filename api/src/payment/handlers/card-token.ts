import type { CallHandlers } from '../../http/route';
import { HttpError } from '../../http/errors';
import { claimStaleMs, idempotent } from '../idempotency';
import { paymentMessages } from '../messages';
import { checkPayable, requireAmount, squareOrganiser } from '../sale-context';
import { priced, type PaymentCallContext } from './context';
import { openPayment } from './open-provider-payment';

/** getToken: the card provider's intent for the sale's price, opened once for every tab and key of the checkout. */
export function cardTokenHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock, providers, once } = ctx;
  return {
    getToken: async ({ idempotency_key }, { request }) => {
      ctx.requireOffered('card');
      const sale = await ctx.keyed(request.session);
      // Safe to run again after a crash (the intent is created with the slot's key): resumable.
      return idempotent(
        { ...once, staleMs: claimStaleMs() },
        { saleId: sale.sale.id, key: idempotency_key, call: 'getToken', request: priced(sale) },
        async () => {
          checkPayable(sale, clock.now());
          requireAmount(sale);
          if (squareOrganiser(sale.organisers)) throw new HttpError(409, paymentMessages.squareNotOffered);
          const row = await openPayment(
            ctx,
            request.session,
            'stripe',
            idempotency_key,
            async (id) => {
              const intent = await providers.card.retrieveIntent(id).catch(() => undefined);
              if (intent?.status === 'succeeded') throw new HttpError(409, paymentMessages.alreadyPaid);
              // A bank debit or a 3-D Secure answer on its way: replacing the intent could take the money twice.
              if (intent?.status === 'processing' || intent?.status === 'requires_confirmation')
                throw new HttpError(409, paymentMessages.inProgress);
              const open = intent?.status === 'requires_payment_method' || intent?.status === 'requires_action';
              return open ? undefined : 'declined';
            },
            async (claim) =>
              (
                await providers.card.createIntent({
                  saleId: claim.saleId,
                  amountMinor: claim.amountMinor,
                  currency: claim.currency,
                  idempotencyKey: claim.providerKey,
                })
              ).id,
          );
          await db
            .updateTable('sales')
            .set({ card_provider: 'stripe', payment_error: null, updated_at: clock.now() })
            .where('id', '=', sale.sale.id)
            .execute();
          const intent = await providers.card.retrieveIntent(row.provider_payment_id);
          return { public_key: providers.card.publicKey, client_secret: intent.clientSecret };
        },
      );
    },
  };
}
