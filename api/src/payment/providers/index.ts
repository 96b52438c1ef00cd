import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/schema';
import type { PaymentConfig } from '../config';
import { providerModes, type ProviderModes } from '../modes';
import { SandboxBankProvider } from './sandbox-bank';
import { SandboxCardProvider } from './sandbox-card';
import { SandboxSquareProvider } from './sandbox-square';
import { SquareCardProvider } from './square';
import { StripeCardProvider } from './stripe';
import { TrueLayerBankProvider } from './truelayer';
import type { Providers } from './types';

export { describeProviderModes, providerModes, type ProviderMode, type ProviderModes } from '../modes';

export interface SandboxProviders {
  card: SandboxCardProvider | null;
  square: SandboxSquareProvider | null;
  bank: SandboxBankProvider | null;
}

export interface PaymentProviders extends Providers {
  /** The sandboxes in use (their pages and routes are served only for these). */
  sandboxes: SandboxProviders;
  /**
   * Each method's mode. An 'off' method opens no payment (its calls answer a sentence); its provider stays an offline
   * sandbox only so that payments a sandbox took before the switch can still be read, settled and refunded.
   */
  modes: ProviderModes;
  /** The real open-banking adapter when it is configured (its webhook is served only then). */
  truelayer: TrueLayerBankProvider | null;
}

/**
 * The providers for this configuration: each real adapter when its configuration is set (Stripe, Square, TrueLayer),
 * the offline sandboxes otherwise when sandboxes are allowed (PaymentConfig.sandboxes), or nothing. The square and
 * bank sandboxes' pages stay served beside a real adapter while sandboxes are allowed: they act only on the
 * sandboxes' own payments, and the real adapters make none. With sandboxes off no sandbox page or route is served.
 */
export function createProviders(db: Db, clock: Clock, config: PaymentConfig): PaymentProviders {
  const modes = providerModes(config);
  const sandboxCard = new SandboxCardProvider(db, clock);
  const sandboxSquare = new SandboxSquareProvider(db, clock);
  const sandboxBank = new SandboxBankProvider(db, clock, config.bankSettleMs);
  const truelayer = config.truelayer ? new TrueLayerBankProvider(db, clock, config.truelayer) : null;
  return {
    card: config.stripe ? new StripeCardProvider(config.stripe) : sandboxCard,
    square: config.square ? new SquareCardProvider(config.square) : sandboxSquare,
    bank: truelayer ?? sandboxBank,
    sandboxes: {
      card: modes.card === 'sandbox' ? sandboxCard : null,
      square: config.sandboxes ? sandboxSquare : null,
      bank: config.sandboxes ? sandboxBank : null,
    },
    modes,
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
