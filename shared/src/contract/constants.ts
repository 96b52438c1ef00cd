/**
 * The contract's plain constants, in a module without zod: the page's rules (shared/src/rules) import them from here,
 * so a remote that uses a rule does not also carry the schemas. The call and entity modules re-export them.
 */

/** 6 digits; the page strips non-digits before sending. */
export const ONE_TIME_CODE_PATTERN = /^\d{6}$/;

/** The smallest donation is 1. */
export const DONATION_MINIMUM = 1;

/** Address lookup needs at least 3 characters. */
export const ADDRESS_LOOKUP_MINIMUM = 3;

/** Country codes the address, Gift Aid and payment rules name. */
export const COUNTRY = { UK: 1, USA: 2 } as const;

/** The ways of paying the payment step can offer ('square' is the card method of a square-type organiser). */
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'instalment', 'square'] as const;

/** Longest accepted text per kind of field (the schemas' limits; the page's rules check the same). */
/** The 'Link copied' notice and the share modal's 'Copied' label last 2 seconds. */
export const COPIED_NOTICE_MS = 2000;

/**
 * Organiser HTML may format, link and show pictures, but not ask the buyer for input inside our pages (a look-alike
 * password or card form) nor restyle the page around it: these tags are removed with the scripts.
 */
export const ORGANISER_HTML_FORBIDDEN_TAGS = ['form', 'input', 'button', 'select', 'textarea', 'style'] as const;

export const TEXT_LIMITS = {
  email: 320,
  name: 200,
  message: 2000,
  line: 200,
  postcode: 20,
  phone: 40,
  code: 100,
  token: 20_000,
} as const;

/** A phone number: an optional country prefix, then at least 9 digits, spaces, dots or dashes. */
export const PHONE_PATTERN = /^(\(?\+\d{1,4}\)?[\s.-]?)?[\d\s.-]{9,}$/;
