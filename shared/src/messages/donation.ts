/**
 * The donation step's sentences: its validation messages and its calls' failures.
 */

export const saveDonationFailed = 'Unable to save Donation. Please try again later';

/** Inline, donation step. */
export const donationAmountProblem = 'There was a problem setting your donation amount. Please try again.';

/** Inline, donation step. */
export const selectAmount = 'Please select an amount.';

export const donationAmountRequired = 'Choose an amount or click Skip donation';
