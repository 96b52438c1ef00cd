import type { PriceComponents, PricedLine } from '../pricing/price';

/**
 * The fee rule (shared/src/rules/fees.ts) as reconcile checks it on a settled price, from the price alone (not from
 * shares.ts, so a fault there is caught too):
 *
 * - every ticket line's parts are whole: a fee and a price of at least 0, a discount no more than the price, so no
 *   organiser's part is below nothing;
 * - an organiser's gift voucher codes paid no more than that organiser's part (its tickets after discount and the
 *   gift vouchers it sold): never a fee;
 * - the marketplace's part is what it earns (booking fees, delivery, refund protection, the donation and its fee),
 *   less only what the marketplace's own gift vouchers paid beyond the organisers' parts.
 */

export interface MarketplaceFees {
  bookingFeesMinor: number;
  deliveryMinor: number;
  refundProtectionMinor: number;
  /** The donation and its fee, passed on to the charity. */
  donationMinor: number;
  /** What the marketplace's own gift voucher codes paid of these (after paying the organisers' parts). */
  paidByOwnVouchersMinor: number;
  /** The marketplace's part of the price: the sum of the above less its vouchers. */
  partMinor: number;
}

export interface FeeCheck {
  fees: MarketplaceFees;
  problems: string[];
}

export function checkFees(
  components: PriceComponents,
  organiserOf: (line: PricedLine) => number,
  organiserOfCode: (code: string) => number | null | undefined,
): FeeCheck {
  const problems: string[] = [];
  const parts = new Map<number, number>();
  for (const line of components.lines) {
    if (line.kind === 'ticket') {
      if (line.unit_fee_minor < 0) problems.push(`ticket type ${line.id}: booking fee ${line.unit_fee_minor}`);
      if (line.unit_price_minor < 0 || line.unit_discount_minor < 0 || line.unit_discount_minor > line.unit_price_minor)
        problems.push(
          `ticket type ${line.id}: organiser's part ${line.unit_price_minor} less discount ${line.unit_discount_minor}`,
        );
    }
    const organiser = organiserOf(line);
    parts.set(organiser, (parts.get(organiser) ?? 0) + (line.unit_price_minor - line.unit_discount_minor) * line.qty);
  }

  const paidByOrganiser = new Map<number, number>();
  let paidByMarketplace = 0;
  for (const code of components.gift_voucher_codes) {
    const organiser = organiserOfCode(code.code);
    if (organiser === undefined) problems.push(`gift voucher code ${code.code} is not in the catalogue`);
    if (organiser === null || organiser === undefined) paidByMarketplace += code.amountMinor;
    else paidByOrganiser.set(organiser, (paidByOrganiser.get(organiser) ?? 0) + code.amountMinor);
  }
  let organisersLeft = 0;
  for (const [organiser, part] of parts) organisersLeft += Math.max(0, part - (paidByOrganiser.get(organiser) ?? 0));
  for (const [organiser, paid] of [...paidByOrganiser.entries()].sort(([a], [b]) => a - b)) {
    const part = Math.max(0, parts.get(organiser) ?? 0);
    if (paid > part)
      problems.push(
        `organiser ${organiser}'s gift voucher codes paid ${paid}, more than its part ${part}: ` +
          `${paid - part} of it came out of the marketplace's fees`,
      );
  }

  const bookingFeesMinor = components.lines
    .filter((line) => line.kind === 'ticket')
    .reduce((sum, line) => sum + line.unit_fee_minor * line.qty, 0);
  const earned =
    bookingFeesMinor +
    components.delivery_minor +
    components.refund_protection_minor +
    components.donation_minor +
    components.donation_fee_minor;
  const paidByOwnVouchersMinor = Math.min(Math.max(0, earned), Math.max(0, paidByMarketplace - organisersLeft));
  return {
    fees: {
      bookingFeesMinor,
      deliveryMinor: components.delivery_minor,
      refundProtectionMinor: components.refund_protection_minor,
      donationMinor: components.donation_minor + components.donation_fee_minor,
      paidByOwnVouchersMinor,
      partMinor: earned - paidByOwnVouchersMinor,
    },
    problems,
  };
}

/** The marketplace's fees in words, for a mismatch. */
export function feesText(fees: MarketplaceFees): string {
  const parts = [
    `booking fees ${fees.bookingFeesMinor}`,
    `delivery ${fees.deliveryMinor}`,
    `refund protection ${fees.refundProtectionMinor}`,
    `donation and its fee ${fees.donationMinor}`,
  ];
  if (fees.paidByOwnVouchersMinor > 0) parts.push(`less ${fees.paidByOwnVouchersMinor} its own gift vouchers paid`);
  return parts.join(', ');
}
