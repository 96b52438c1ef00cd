import { failpoint } from '../../platform/failpoints';
import { HttpError } from '../../http/errors';
import { paymentMessages } from '../messages';
import {
  attachProviderPayment,
  bankEndedOutcome,
  basketChangedRefusal,
  claimPayment,
  failPayment,
  type EndedOutcome,
} from '../open-payment';
import { isExpress, type PayableSale } from '../sale-context';
import type { PaymentCallContext, PaymentSession } from './context';

const BANK_CURRENCIES = new Set(['GBP', 'EUR']);

/**
 * The sale's open card intent or bank payment, created at the provider when the sale has none for its price now;
 * every tab and key of one checkout gets the same one. A change of price during the provider's call cancels it.
 */
export async function openPayment(
  { db, clock, openCtx }: PaymentCallContext,
  session: PaymentSession,
  provider: 'stripe' | 'truelayer',
  key: string,
  /** How the provider's payment ended, or undefined when it is still open and can be handed out again. */
  endedAs: (id: string) => Promise<EndedOutcome | undefined>,
  create: (claim: {
    saleId: number;
    amountMinor: number;
    currency: string;
    providerKey: string;
    reference: string;
  }) => Promise<string>,
) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = await claimPayment(openCtx, session, { provider, reusable: true });
    if (claim.kind === 'reuse') {
      const ended = await endedAs(claim.row.provider_payment_id);
      if (ended === undefined) return claim.row;
      await failPayment(db, claim.row.id, clock.now(), ended);
      continue;
    }
    let providerId: string;
    try {
      providerId = await create({
        saleId: claim.sale.id,
        amountMinor: claim.row.amount_minor,
        currency: claim.row.currency,
        providerKey: claim.row.provider_key ?? key,
        reference: claim.sale.reference,
      });
    } catch (error) {
      await failPayment(db, claim.row.id, clock.now());
      throw error;
    }
    failpoint('card.after-intent');
    const row = await attachProviderPayment(db, claim.row.id, providerId, clock.now());
    if (row.status !== 'open') throw basketChangedRefusal();
    return { ...row, provider_payment_id: providerId };
  }
  throw new HttpError(409, paymentMessages.inProgress);
}

export function assertBankOffered(sale: PayableSale): void {
  const stripeType = sale.organisers.some((organiser) => organiser.payment_provider === 'stripe');
  if (!BANK_CURRENCIES.has(sale.currency) || stripeType || isExpress(sale.sale, sale.organisers))
    throw new HttpError(409, paymentMessages.bankNotOffered);
}

export const openBankPayment = (ctx: PaymentCallContext, session: PaymentSession, key: string) =>
  openPayment(
    ctx,
    session,
    'truelayer',
    key,
    async (id) => {
      const status = await ctx.providers.bank.status(id).catch(() => undefined);
      // Approved at the bank (authorising) or executed: this very payment's money is on its way and cannot be
      // cancelled. Replacing it would fail its slot, so when it executes it is refunded as a stale payment, and the
      // new one would charge the buyer a second time: the other tab waits for it instead.
      if (status === 'authorizing' || status === 'executed') throw new HttpError(409, paymentMessages.inProgress);
      if (status === 'pending') return undefined;
      return status === 'failed' || status === 'cancelled' ? bankEndedOutcome(status) : 'declined';
    },
    async (claim) =>
      (
        await ctx.providers.bank.createPayment({
          saleId: claim.saleId,
          amountMinor: claim.amountMinor,
          currency: claim.currency,
          idempotencyKey: claim.providerKey,
          reference: claim.reference,
        })
      ).id,
  );
