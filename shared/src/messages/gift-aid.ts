/**
 * The Gift Aid step's sentences (failures); its address fields use the address sentences of delivery-address.ts.
 */

export const updateDonationFailed = 'Unable to update Donation. Please try again later';

/** Inline, Gift Aid step. */
export const giftAidStatusProblem = 'There was a problem setting your gift aid status. Please try again.';
