import { type TicketLine } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';

/** The quantity input's minimum. */
export const QUANTITY_MIN = 1;

export interface QuantityDecision {
  /** What the line's input shows from now on. */
  qty: number;
  /** Whether the change goes to the server (after the debounce). */
  send: boolean;
  /** The warning shown under the line, if any. */
  warning: string | null;
  /** A minimum not met blocks reserving. */
  belowMinimum: boolean;
}

type Limits = Pick<TicketLine, 'max_can_reserve' | 'min_per_customer'>;

/**
 * A quantity is at least 1; above max_can_reserve is clamped with a warning and still sent; below a
 * min_per_customer above 1 warns and sends nothing. Gift vouchers have no limits (pass null).
 */
export function decideQuantity(requested: number, limits: Limits | null): QuantityDecision {
  const wanted = Number.isFinite(requested) ? Math.max(QUANTITY_MIN, Math.trunc(requested)) : QUANTITY_MIN;
  if (limits && limits.max_can_reserve > 0 && wanted > limits.max_can_reserve) {
    return {
      qty: limits.max_can_reserve,
      send: true,
      warning: messages.canOnlyReserve(limits.max_can_reserve),
      belowMinimum: false,
    };
  }
  if (limits && isBelowMinimum(wanted, limits)) {
    return { qty: wanted, send: false, warning: messages.minimumPurchase(limits.min_per_customer), belowMinimum: true };
  }
  return { qty: wanted, send: true, warning: null, belowMinimum: false };
}

export function isBelowMinimum(qty: number, limits: Pick<TicketLine, 'min_per_customer'>): boolean {
  return limits.min_per_customer > 1 && qty < limits.min_per_customer;
}

/**
 * What a quantity box holds: a whole number of at least QUANTITY_MIN, or null when it holds none (cleared, 0, a
 * fraction, a sign). A box without a quantity is never read as one: it sends nothing and blocks reserving.
 */
export function typedQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number.parseInt(trimmed, 10);
  return quantity >= QUANTITY_MIN ? quantity : null;
}
