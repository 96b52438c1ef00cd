import type { Checkout, SavedPaymentMethod } from '@checkout/shared';

/** Saved cards for instalments (protocol: checkout.saved_payment_methods, [] until the contract carries it). */
export function savedCardsOf(checkout: Checkout): SavedPaymentMethod[] {
  const value: unknown = (checkout as Checkout & { saved_payment_methods?: unknown }).saved_payment_methods;
  return Array.isArray(value) ? (value as SavedPaymentMethod[]) : [];
}
