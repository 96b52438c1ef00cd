import type { Charity } from '../contract/entities';
import { DONATION_MINIMUM } from '../contract/constants';

/**
 * Donation and Gift Aid rules, shared by the page (what it shows) and the server (what it
 * charges and checks). Money is a decimal amount (10.5 = 10.50); sums are done in pence so floats cannot drift.
 */

export type FeeRule = Pick<
  Charity,
  'base_fee' | 'booking_fee' | 'booking_fee_includes_vat' | 'booking_fee_vat' | 'booking_fee_cap'
>;

/** Gift Aid adds 25 % (amount x 1.25). */
export const GIFT_AID_UPLIFT = 1.25;
/** At a donation of 20 or more Gift Aid needs an address. */
export const GIFT_AID_ADDRESS_THRESHOLD = 20;

/** Pence from a decimal amount, tolerant of float noise (1.005 * 100 = 100.49999…). */
function toPence(amount: number): number {
  return Math.round(Math.round(amount * 1e6) / 1e4);
}

/** Round a fractional number of pence half up, ignoring float noise below a millionth of a penny. */
function roundPence(pence: number): number {
  return Math.round(Math.round(pence * 1e6) / 1e6);
}

/**
 * The fee: base_fee + booking_fee percent of the amount, plus booking_fee_vat percent of that fee when the fee includes
 * VAT, capped at booking_fee_cap; rounded to the penny. No donation (0 or less) has no fee.
 */
export function donationFee(charity: FeeRule, amountBeforeFee: number): number {
  if (!Number.isFinite(amountBeforeFee) || amountBeforeFee <= 0) return 0;
  let fee = toPence(charity.base_fee) + (toPence(amountBeforeFee) * charity.booking_fee) / 100;
  if (charity.booking_fee_includes_vat) fee += (fee * charity.booking_fee_vat) / 100;
  if (charity.booking_fee_cap !== null) fee = Math.min(fee, toPence(charity.booking_fee_cap));
  return roundPence(Math.max(0, fee)) / 100;
}

/** The fee notice's numbers: the percent of the amount and the fixed pence, each with VAT when the fee includes it. */
export interface DonationFeeNotice {
  /** e.g. 3 for 2.5 % plus 20 % VAT; at most two decimals. */
  percent: number;
  /** Whole pence, e.g. 24 for a 0.20 base fee plus 20 % VAT. */
  pence: number;
}

export function donationFeeNotice(charity: FeeRule): DonationFeeNotice {
  const vat = charity.booking_fee_includes_vat ? 1 + charity.booking_fee_vat / 100 : 1;
  return {
    percent: Math.round(charity.booking_fee * vat * 100) / 100,
    pence: roundPence(toPence(charity.base_fee) * vat),
  };
}

/** The amount with Gift Aid's 25 % added, to the penny. */
export function giftAidUplift(amount: number): number {
  return roundPence(toPence(amount) * GIFT_AID_UPLIFT) / 100;
}

/**
 * At 20 or more, address line 1 is required, plus the postcode for a UK resident; an overseas taxpayer gives
 * only the (overseas) address. Below 20 neither is asked for.
 */
export function giftAidAddressRequired(amount: number, ukResident: boolean): { address1: boolean; postcode: boolean } {
  const needed = amount >= GIFT_AID_ADDRESS_THRESHOLD;
  return { address1: needed, postcode: needed && ukResident };
}

/** A donation is at least 1, with at most two decimals (the server refuses fractions of a penny). */
export function donationAmountValid(amount: number): boolean {
  return Number.isFinite(amount) && amount >= DONATION_MINIMUM && Math.abs(toPence(amount) - amount * 100) < 1e-6;
}
