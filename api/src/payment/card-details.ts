import Stripe from 'stripe';
import type { Db, DbOrTx } from '../db/schema';
import { brandOf, digitsOf } from './card-numbers';
import type { PaymentConfig } from '../config/payment';

/**
 * The card a payment was taken from, as a receipt names it: the brand and the last four digits, nothing more. Kept on
 * the sale's provider payment (sale_provider_payments.card_brand / card_last4), written where the card is known: the
 * card sandbox's confirm (it sees the number), a square-type charge (its token knows the last four), and, for a
 * payment whose card only the provider knows (Stripe, an off-session instalment charge), looked up when the receipt
 * is made and written then.
 */
export interface PaymentCard {
  /** Lower case as the providers write it ('visa', 'mastercard', 'amex'…); null when the provider did not say. */
  brand: string | null;
  last4: string;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** 'Visa ending 4242'; 'Card ending 4242' when the brand is unknown. */
export function describeCard(card: PaymentCard): string {
  const brand = card.brand ? BRANDS[card.brand.toLowerCase().replace(/[\s-]/g, '_')] : undefined;
  return `${brand ?? 'Card'} ending ${card.last4}`;
}

const usable = (card: { brand?: string | null; last4?: string | null } | null | undefined): PaymentCard | null =>
  card?.last4 && /^\d{4}$/.test(card.last4)
    ? { brand: card.brand?.trim().toLowerCase() || null, last4: card.last4 }
    : null;

/** What a typed card number tells a receipt (the number itself is never kept). */
export function cardOfNumber(number: string): PaymentCard | null {
  const digits = digitsOf(number);
  if (!/^\d{12,19}$/.test(digits)) return null;
  const brand = brandOf(digits);
  return { brand: brand === 'other' ? null : brand, last4: digits.slice(-4) };
}

function storeCard(db: DbOrTx, providerPaymentId: string, card: PaymentCard) {
  return db
    .updateTable('sale_provider_payments')
    .set({ card_brand: card.brand, card_last4: card.last4 })
    .where('provider_payment_id', '=', providerPaymentId);
}

/**
 * Records the card of a provider payment that is still open. A later card replaces an earlier one (after a failed
 * 3-D Secure, the next card is the one that pays); once the payment has settled, confirming it again with another
 * card changes nothing, as it charges nothing.
 */
export async function recordPaymentCard(
  db: DbOrTx,
  providerPaymentId: string,
  card: PaymentCard | null,
): Promise<void> {
  const clean = usable(card);
  if (!clean) return;
  await storeCard(db, providerPaymentId, clean).where('status', 'in', ['creating', 'open']).execute();
}

/** A square-type sandbox token's card: its last four digits (the sandbox keeps no brand). */
export async function squareSandboxCard(db: DbOrTx, token: string): Promise<PaymentCard | null> {
  const row = await db
    .selectFrom('sandbox_square_tokens')
    .select('last4')
    .where('token', '=', token)
    .executeTakeFirst();
  return usable(row ? { brand: null, last4: row.last4 } : null);
}

/** A card saved on the sandbox or on an account (the demo user's seeded cards exist only there). */
async function savedCard(db: Db, paymentMethodId: string): Promise<PaymentCard | null> {
  const sandbox = await db
    .selectFrom('sandbox_payment_methods')
    .select(['brand', 'last4'])
    .where('id', '=', paymentMethodId)
    .executeTakeFirst();
  if (sandbox) return usable(sandbox);
  const saved = await db
    .selectFrom('user_payment_methods')
    .select(['card_type', 'last4'])
    .where('provider_ref', '=', paymentMethodId)
    .executeTakeFirst();
  return usable(saved ? { brand: saved.card_type === 'other' ? null : saved.card_type, last4: saved.last4 } : null);
}

/** Stripe knows the card of a PaymentIntent: its payment method's card. Null when Stripe cannot be asked or does not say. */
async function stripeCard(keys: NonNullable<PaymentConfig['stripe']>, intentId: string): Promise<PaymentCard | null> {
  const stripe = new Stripe(keys.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    timeout: 10_000,
    ...(keys.host ? { host: keys.host } : {}),
    ...(keys.port ? { port: keys.port } : {}),
    ...(keys.protocol ? { protocol: keys.protocol } : {}),
  });
  try {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
    const method = intent.payment_method;
    if (!method || typeof method === 'string') return null;
    return usable(method.card ? { brand: method.card.brand, last4: method.card.last4 } : null);
  } catch {
    // A receipt without the card is better than no receipt.
    return null;
  }
}

export interface CardLookupDeps {
  db: Db;
  payment: PaymentConfig;
}

/**
 * The card a settled payment was taken from: as recorded, or found where the provider keeps it (and recorded for
 * next time). Null for payments made without a card (bank, free claim) or whose card cannot be known.
 */
export async function paymentCardOf(
  deps: CardLookupDeps,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentCard | null> {
  const { db } = deps;
  const row = await db
    .selectFrom('sale_provider_payments')
    .select(['card_brand', 'card_last4'])
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
  const recorded = usable(row ? { brand: row.card_brand, last4: row.card_last4 } : null);
  if (recorded || provider !== 'stripe') return recorded;
  let found: PaymentCard | null = null;
  if (deps.payment.stripe) {
    found = await stripeCard(deps.payment.stripe, providerPaymentId);
  } else {
    // The card sandbox: an off-session charge (a payment plan) names the saved card it used.
    const intent = await db
      .selectFrom('sandbox_payment_intents')
      .select('payment_method_id')
      .where('id', '=', providerPaymentId)
      .executeTakeFirst();
    if (intent?.payment_method_id) found = await savedCard(db, intent.payment_method_id);
  }
  if (found) await storeCard(db, providerPaymentId, found).execute();
  return found;
}
