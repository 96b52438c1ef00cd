import { paymentMessages } from './messages';

/**
 * The card sandboxes' test numbers (Stripe's): what a number does when it is charged. Any other number that passes
 * the Luhn check succeeds, like a live card with funds.
 */
export type CardOutcome = 'succeed' | 'decline' | 'insufficient_funds' | 'three_d_secure';

const TEST_NUMBERS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'three_d_secure',
};

export const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): 'visa' | 'mastercard' | 'amex' | 'other' {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'other';
}

export interface CardFields {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardCheck =
  { ok: true; digits: string; outcome: CardOutcome } | { ok: false; code: string; message: string; field: string };

/** What the card form's details say before any charge: a wrong number, an expired card or a bad CVC stop it. */
export function checkCard(card: CardFields, now: Date): CardCheck {
  const digits = digitsOf(card.number);
  if (!luhnValid(digits))
    return { ok: false, code: 'incorrect_number', message: paymentMessages.incorrectNumber, field: 'number' };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const endOfMonth = Date.UTC(year, card.exp_month, 1);
  if (endOfMonth <= now.getTime())
    return { ok: false, code: 'expired_card', message: paymentMessages.expiredCard, field: 'exp_month' };
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    return { ok: false, code: 'incorrect_cvc', message: paymentMessages.incorrectCvc, field: 'cvc' };
  return { ok: true, digits, outcome: TEST_NUMBERS[digits] ?? 'succeed' };
}

/** The decline an outcome gives when charged (null: it is charged). */
export function declineOf(outcome: CardOutcome): { code: string; message: string } | null {
  if (outcome === 'decline') return { code: 'card_declined', message: paymentMessages.cardDeclined };
  if (outcome === 'insufficient_funds')
    return { code: 'insufficient_funds', message: paymentMessages.insufficientFunds };
  return null;
}
