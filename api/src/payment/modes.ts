import { PAYMENT_METHODS, type PaymentMethod } from '@checkout/shared';
import type { PaymentConfig } from '../config/payment';

/** How a payment method is served: by the real provider, by its offline sandbox (test money), or not at all. */
export type ProviderMode = 'live' | 'sandbox' | 'off';

export interface ProviderModes {
  card: ProviderMode;
  square: ProviderMode;
  bank: ProviderMode;
}

export function providerModes(config: PaymentConfig): ProviderModes {
  const mode = (live: boolean): ProviderMode => (live ? 'live' : config.sandboxes ? 'sandbox' : 'off');
  return {
    card: mode(Boolean(config.stripe)),
    square: mode(Boolean(config.square)),
    bank: mode(Boolean(config.truelayer)),
  };
}

/** The start-up log's line for each payment method: live, sandbox (test money) or off. */
export function describeProviderModes(modes: ProviderModes): string[] {
  const said: Record<ProviderMode, (provider: string, variables: string) => string> = {
    live: (provider) => `live (${provider})`,
    sandbox: () => 'SANDBOX: test cards and a pretend bank, no real money (PAYMENTS_SANDBOX)',
    off: (_provider, variables) => `off: not offered (set ${variables}, or PAYMENTS_SANDBOX=1 for the sandbox)`,
  };
  return [
    `payments: card ${said[modes.card]('Stripe', 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY')}`,
    `payments: square-type card ${said[modes.square]('Square', 'the SQUARE_* variables')}`,
    `payments: bank transfer ${said[modes.bank]('TrueLayer', 'the TRUELAYER_* variables')}`,
  ];
}

/** The provider each of the page's ways of paying is charged through: instalments go through the card provider. */
const PROVIDER_OF: Record<PaymentMethod, keyof ProviderModes> = {
  bank_transfer: 'bank',
  card: 'card',
  instalment: 'card',
  square: 'square',
};

/**
 * The ways of paying the page may offer (checkout.available_payment_methods): each one whose provider is not off. The
 * calls of an off one still answer 409 'not available', for a page that offers it all the same.
 */
export function availablePaymentMethods(modes: ProviderModes): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => modes[PROVIDER_OF[method]] !== 'off');
}

/**
 * Whether some way of paying takes test money (its offline sandbox): then every page the buyer sees and every email
 * says TEST MODE, and only then.
 */
export function takesTestMoney(modes: ProviderModes): boolean {
  return Object.values(modes).includes('sandbox');
}

/** takesTestMoney for a payment configuration: what the pages and emails ask. */
export const testModeOf = (config: PaymentConfig): boolean => takesTestMoney(providerModes(config));
