/**
 * The marketing preferences step's sentence (spec section 8).
 */

export const marketingPreferencesFailed = 'Unable to set the marketing preferences. Please try again later';
