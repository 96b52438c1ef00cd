import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { PaymentConfig } from '../config';
import { SandboxBankProvider } from './sandbox-bank';
import { SandboxCardProvider } from './sandbox-card';
import { SandboxSquareProvider } from './sandbox-square';
import { SquareCardProvider } from './square';
import { StripeCardProvider } from './stripe';
import { TrueLayerBankProvider } from './truelayer';
import type { Providers } from './types';

export interface SandboxProviders {
  card: SandboxCardProvider | null;
  square: SandboxSquareProvider;
  bank: SandboxBankProvider;
}

export interface PaymentProviders extends Providers {
  /** The sandboxes in use (their pages and routes are served only for these). */
  sandboxes: SandboxProviders;
  /** The real open-banking adapter when it is configured (its webhook is served only then). */
  truelayer: TrueLayerBankProvider | null;
}

/**
 * The providers for this configuration: each real adapter when its configuration is set (Stripe, Square, TrueLayer),
 * the offline sandboxes otherwise. The square and bank sandboxes' pages stay served beside a real adapter: they act
 * only on the sandboxes' own payments, and the real adapters make none.
 */
export function createProviders(db: Db, clock: Clock, config: PaymentConfig): PaymentProviders {
  const sandboxCard = config.stripe ? null : new SandboxCardProvider(db, clock);
  const sandboxSquare = new SandboxSquareProvider(db, clock);
  const sandboxBank = new SandboxBankProvider(db, clock, config.bankSettleMs);
  const truelayer = config.truelayer ? new TrueLayerBankProvider(db, clock, config.truelayer) : null;
  return {
    card: config.stripe ? new StripeCardProvider(config.stripe) : (sandboxCard as SandboxCardProvider),
    square: config.square ? new SquareCardProvider(config.square) : sandboxSquare,
    bank: truelayer ?? sandboxBank,
    sandboxes: { card: sandboxCard, square: sandboxSquare, bank: sandboxBank },
    truelayer,
  };
}

/**
 * The providers of the app that owns a database handle. confirmSalePayment(db, saleId) is called from other domains
 * (delivery) with just the database: it finds the app's providers here. Without an app (scripts), the sandboxes.
 */
const byDb = new WeakMap<Db, PaymentProviders>();

export function registerProviders(db: Db, providers: PaymentProviders): void {
  byDb.set(db, providers);
}

export function providersFor(db: Db, clock: Clock, config: PaymentConfig): PaymentProviders {
  return byDb.get(db) ?? createProviders(db, clock, config);
}
