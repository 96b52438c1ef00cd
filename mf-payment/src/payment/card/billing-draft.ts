import { createEffect } from 'effector';
import type { CardFields } from './fields';

/**
 * The card's 3-D Secure check takes the buyer to another page and back, which starts the payment step afresh. What
 * they typed for billing (postcode and country) is kept in this tab's sessionStorage for that trip, and put back when
 * the step shows again, whatever the check's outcome; the card number, expiry and security code are never kept.
 */
const KEY = 'checkout:card-billing';

export type BillingDraft = Pick<CardFields, 'postcode' | 'country'>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const keepBillingFx = createEffect((draft: BillingDraft): void => {
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Not kept: the buyer types the postcode again, as before.
  }
});

/** The kept billing fields, once: reading them forgets them. */
export const takeBillingFx = createEffect((): BillingDraft | null => {
  try {
    const raw = storage()?.getItem(KEY) ?? null;
    storage()?.removeItem(KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { postcode, country } = value as Record<string, unknown>;
    return typeof postcode === 'string' && typeof country === 'string' ? { postcode, country } : null;
  } catch {
    return null;
  }
});
