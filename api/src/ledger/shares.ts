import type { PriceComponents, PricedLine } from '../pricing/price';

/**
 * Who a payment belongs to. The marketplace collects every payment; a basket of several organisers is one payment,
 * and each ledger entry is split into shares, the rows a payout reads (as a Stripe Connect transfer group would):
 *
 * - each organiser: the price of its own lines (tickets net of their discount codes, gift vouchers sold);
 * - the marketplace (organiser null): booking fees, delivery, refund protection, and the donation with its fee,
 *   which it passes on to the charity;
 * - gift vouchers redeemed against the basket were paid for earlier, so they come off the organisers' shares first
 *   (in proportion), and off the marketplace's only for what is left.
 *
 * An amount that is not the whole price (an instalment, a partial refund, money collected for a price that changed)
 * is split in the same proportions, rounded so the shares add up to it exactly.
 */

export interface Share {
  /** null: the marketplace. */
  organiserId: number | null;
  amountMinor: number;
}

/** Splits `amount` in proportion to `weights`, largest remainders first: the parts add up to `amount` exactly. */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (Math.max(0, weight) * amount) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Each party's part of a price: organisers in id order, then the marketplace; parties with nothing are left out. */
export function partiesOf(components: PriceComponents, organiserOf: (line: PricedLine) => number): Share[] {
  const byOrganiser = new Map<number, number>();
  for (const line of components.lines) {
    const organiser = organiserOf(line);
    byOrganiser.set(
      organiser,
      (byOrganiser.get(organiser) ?? 0) + (line.unit_price_minor - line.unit_discount_minor) * line.qty,
    );
  }
  const organisers = [...byOrganiser.entries()].sort(([a], [b]) => a - b);
  const organisersMinor = organisers.reduce((sum, [, minor]) => sum + minor, 0);
  const marketplaceMinor =
    components.booking_fees_minor +
    components.delivery_minor +
    components.refund_protection_minor +
    components.donation_minor +
    components.donation_fee_minor;
  const fromOrganisers = Math.min(components.gift_vouchers_applied_minor, organisersMinor);
  const organiserParts = apportion(
    organisersMinor - fromOrganisers,
    organisers.map(([, minor]) => minor),
  );
  const shares: Share[] = organisers.map(([organiserId], index) => ({
    organiserId,
    amountMinor: organiserParts[index] ?? 0,
  }));
  shares.push({
    organiserId: null,
    amountMinor: marketplaceMinor - (components.gift_vouchers_applied_minor - fromOrganisers),
  });
  return shares.filter((share) => share.amountMinor > 0);
}

/**
 * The shares of `amount` among `parties` (the price's parties, or a payment's shares for its refund): in their
 * proportions, adding up to `amount`; all of it the marketplace's when the parties have nothing to weigh by.
 */
export function sharesOf(amount: number, parties: readonly Share[]): Share[] {
  const weighed = parties.filter((party) => party.amountMinor > 0);
  if (weighed.length === 0) return amount > 0 ? [{ organiserId: null, amountMinor: amount }] : [];
  const parts = apportion(
    amount,
    weighed.map((party) => party.amountMinor),
  );
  return weighed
    .map((party, index) => ({ organiserId: party.organiserId, amountMinor: parts[index] ?? 0 }))
    .filter((share) => share.amountMinor > 0);
}
