import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { claimStaleMs, type IdempotencyOptions } from '../idempotency';
import { paymentMessages } from '../messages';
import type { OpenPaymentContext } from '../open-payment';
import type { PaymentProviders, ProviderModes } from '../providers';
import { payableSale, type PayableSale } from '../sale-context';
import { settleSalePaid, type SettleResult } from '../settle';

export type PaymentSession = Parameters<typeof payableSale>[1];

/** What every payment call reads: the app's database, clock and providers, and the helpers built on them. */
export interface PaymentCallContext {
  db: Db;
  clock: Clock;
  providers: PaymentProviders;
  refundProtectionBp: number;
  /** The idempotency options of a call whose work is not safe to run again. */
  once: IdempotencyOptions;
  openCtx: OpenPaymentContext;
  /** The session's sale, refused unless it is reserved now. */
  payable(session: PaymentSession): Promise<PayableSale>;
  /** For idempotent calls: read whatever the sale's status, checked again inside the attempt (checkPayable). */
  keyed(session: PaymentSession): Promise<PayableSale>;
  settle(
    saleId: number,
    provider: string,
    providerPaymentId: string,
    amountMinor: number,
    currency: string,
  ): Promise<SettleResult>;
  /** A method whose provider is off (no real provider, sandboxes not allowed) opens no payment. */
  requireOffered(method: keyof ProviderModes): void;
}

export function paymentCallContext(deps: AppDeps, providers: PaymentProviders): PaymentCallContext {
  const { db, clock, config } = deps;
  const bp = config.sale.refundProtectionBp;
  return {
    db,
    clock,
    providers,
    refundProtectionBp: bp,
    once: { db, clock, waitMs: config.payment.idempotencyWaitMs },
    openCtx: {
      db,
      clock,
      refundProtectionBp: bp,
      waitMs: config.payment.idempotencyWaitMs,
      staleMs: claimStaleMs(),
    },
    payable: (session) => payableSale(db, session, clock.now(), bp),
    keyed: (session) => payableSale(db, session, clock.now(), bp, false),
    settle: (saleId, provider, providerPaymentId, amountMinor, currency) =>
      settleSalePaid(db, {
        saleId,
        provider,
        providerPaymentId,
        amountMinor,
        currency,
        now: clock.now(),
        refundProtectionBp: bp,
      }),
    requireOffered: (method) => {
      if (providers.modes[method] === 'off') throw new HttpError(409, paymentMessages.methodOff);
    },
  };
}

/** What makes two requests with one key the same: the price they were made at. */
export const priced = (sale: PayableSale) => ({
  amountMinor: sale.amountMinor,
  currency: sale.currency,
  version: sale.sale.basket_version,
});
