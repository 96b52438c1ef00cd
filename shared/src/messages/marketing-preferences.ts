/**
 * The marketing preferences step's sentence: its call's failure.
 */

export const marketingPreferencesFailed = 'Unable to set the marketing preferences. Please try again later';
