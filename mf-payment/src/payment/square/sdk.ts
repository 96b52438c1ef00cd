import type { RuntimeConfig } from '@checkout/shared';

/**
 * The part of the square-type provider's Web Payments SDK the page uses: Square's own script (web.squarecdn.com) with
 * the real adapter, the server's sandbox script otherwise, which defines the same.
 */
export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: { message?: string }[];
}
/**
 * What Square's Strong Customer Authentication needs to know about the charge and the buyer (the Web Payments SDK's
 * verificationDetails): given to tokenize(), Square verifies the buyer there when the card's bank asks for it.
 */
export interface SquareVerificationDetails {
  /** The amount in major units, as text: '12.50'. */
  amount: string;
  currencyCode: string;
  intent: 'CHARGE';
  customerInitiated: boolean;
  sellerKeyedIn: boolean;
  billingContact: {
    addressLines?: string[];
    city?: string;
    postalCode?: string;
    countryCode?: string;
    email?: string;
  };
}
export interface SquareCard {
  attach(selector: string): Promise<void>;
  tokenize(details?: SquareVerificationDetails): Promise<SquareTokenResult>;
  destroy?(): void;
}
export interface SquarePayments {
  card(): Promise<SquareCard>;
  verifyBuyer?(sourceId: string, details: SquareVerificationDetails): Promise<{ token?: string } | null | undefined>;
}
interface SquareGlobal {
  payments(appId: string, locationId: string): SquarePayments;
}
declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

const loading = new Map<string, Promise<SquareGlobal>>();

/** Loads the provider's script once per page (a second panel mount reuses it). */
export function loadSquareScript(config: RuntimeConfig, checkoutJs: string): Promise<SquareGlobal> {
  const src = new URL(checkoutJs, config.apiBase || window.location.origin).href;
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<SquareGlobal>((resolve, reject) => {
    if (window.Square) return resolve(window.Square);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.Square ? resolve(window.Square) : reject(new Error('square script defined no Square'));
    script.onerror = () => reject(new Error(`square script failed: ${src}`));
    document.head.appendChild(script);
  });
  // A failed load may be tried again on the next mount.
  promise.catch(() => loading.delete(src));
  loading.set(src, promise);
  return promise;
}

/** The card widget attached last (one card panel at a time); tokenize reads it. */
let current: { payments: SquarePayments; card: SquareCard } | null = null;
export function setSquareCard(value: { payments: SquarePayments; card: SquareCard } | null): void {
  current?.card.destroy?.();
  current = value;
}
export function squareCard(): { payments: SquarePayments; card: SquareCard } | null {
  return current;
}
