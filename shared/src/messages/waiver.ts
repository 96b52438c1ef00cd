/**
 * The waiver step's sentence (spec section 8).
 */

export const linkCopied = 'Link copied';
