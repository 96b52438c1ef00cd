/**
 * The waiver step's sentence: its call's failure.
 */

export const linkCopied = 'Link copied';
