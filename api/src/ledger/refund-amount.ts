import type { Share } from './shares';
import type { PriceComponents, PricedLine } from '../pricing/price';

/**
 * What an organiser's refund gives back, from the price the sale was paid at (its settlement's components): each
 * ticket is given back at what the buyer paid for it, its price net of its discount code (the organiser's part) plus
 * its booking fee (the marketplace's part), by the shares rule of ledger/shares.ts. The marketplace's own parts of
 * the sale (delivery, refund protection, the donation and its fee) are given back only with the last tickets of the
 * sale (`wholeOrder`), so that a sale refunded ticket by ticket ends with nothing kept.
 *
 * Every part is a whole number of minor units per ticket: refunds in several steps add up to a refund in one step.
 */

export interface RefundedTicket {
  /** The ticket's position in its sale (1..n): tickets are issued line by line, in the order the lines are priced. */
  position: number;
}

export interface RefundParts {
  amountMinor: number;
  /** Organisers in id order, then the marketplace (null); parties with nothing are left out. */
  shares: Share[];
}

/** The priced ticket line a ticket was issued from, by its position; undefined past the last ticket. */
export function lineOfPosition(components: PriceComponents, position: number): PricedLine | undefined {
  let last = 0;
  for (const line of components.lines) {
    if (line.kind !== 'ticket') continue;
    last += line.qty;
    if (position >= 1 && position <= last) return line;
  }
  return undefined;
}

/** The marketplace's parts of a sale that are not any ticket's. */
export const salePartsMinor = (components: PriceComponents): number =>
  components.delivery_minor +
  components.refund_protection_minor +
  components.donation_minor +
  components.donation_fee_minor;

export function refundParts(
  components: PriceComponents,
  tickets: readonly RefundedTicket[],
  organiserOf: (line: PricedLine) => number,
  wholeOrder: boolean,
): RefundParts {
  const byOrganiser = new Map<number, number>();
  let marketplace = wholeOrder ? salePartsMinor(components) : 0;
  for (const ticket of tickets) {
    const line = lineOfPosition(components, ticket.position);
    if (!line) throw new Error(`refund: no priced line for ticket position ${ticket.position}`);
    const organiser = organiserOf(line);
    byOrganiser.set(organiser, (byOrganiser.get(organiser) ?? 0) + line.unit_price_minor - line.unit_discount_minor);
    marketplace += line.unit_fee_minor;
  }
  const shares: Share[] = [...byOrganiser.entries()]
    .sort(([a], [b]) => a - b)
    .map(([organiserId, amountMinor]) => ({ organiserId, amountMinor }));
  shares.push({ organiserId: null, amountMinor: marketplace });
  const kept = shares.filter((share) => share.amountMinor > 0);
  return { amountMinor: kept.reduce((sum, share) => sum + share.amountMinor, 0), shares: kept };
}
