import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { PaymentConfig } from '../config';
import { SandboxBankProvider } from './sandbox-bank';
import { SandboxCardProvider } from './sandbox-card';
import { SandboxSquareProvider } from './sandbox-square';
import { StripeCardProvider } from './stripe';
import type { Providers } from './types';

export interface SandboxProviders {
  card: SandboxCardProvider | null;
  square: SandboxSquareProvider;
  bank: SandboxBankProvider;
}

export interface PaymentProviders extends Providers {
  /** The sandboxes in use (their pages and routes are served only for these). */
  sandboxes: SandboxProviders;
}

/** The providers for this configuration: the real Stripe adapter when its keys are set, the sandboxes otherwise. */
export function createProviders(db: Db, clock: Clock, config: PaymentConfig): PaymentProviders {
  const sandboxCard = config.stripe ? null : new SandboxCardProvider(db, clock);
  const square = new SandboxSquareProvider(db, clock);
  const bank = new SandboxBankProvider(db, clock, config.bankSettleMs);
  return {
    card: config.stripe ? new StripeCardProvider(config.stripe) : (sandboxCard as SandboxCardProvider),
    square,
    bank,
    sandboxes: { card: sandboxCard, square, bank },
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
