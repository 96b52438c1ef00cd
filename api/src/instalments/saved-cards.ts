import type { NewCardPayload, SavedPaymentMethod } from '@checkout/shared';
import type { CardType, Db, Tx } from '../db/schema';

/** A signed-in buyer's saved cards (the checkout's saved_payment_methods), the default first. */
export async function savedPaymentMethods(db: Db, userId: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .selectFrom('user_payment_methods')
    .select(['provider_ref', 'card_type', 'last4', 'expiry', 'is_default'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    payment_method_id: row.provider_ref,
    card_type: row.card_type,
    last4digits: row.last4,
    expiry: row.expiry,
    is_default: row.is_default,
  }));
}

/** The user's saved card with this provider id, if it is theirs. */
export function savedCard(db: Db, userId: number, providerRef: string) {
  return db
    .selectFrom('user_payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_ref', '=', providerRef)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

const CARD_TYPES: ReadonlySet<string> = new Set(['visa', 'mastercard', 'amex']);

/**
 * Keeps a new card on the user's account (the plan charges it later). It becomes the default when asked
 * ('Make default payment method') or when it is the user's first card; the previous default stops being one.
 */
export async function saveNewCard(
  tx: Tx,
  userId: number,
  provider: string,
  card: NewCardPayload,
  now: Date,
): Promise<void> {
  const existing = await tx
    .selectFrom('user_payment_methods')
    .select(['id', 'provider_ref'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .execute();
  const makeDefault = card.make_default_payment_method || existing.length === 0;
  if (makeDefault)
    await tx
      .updateTable('user_payment_methods')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
  if (existing.some((row) => row.provider_ref === card.id)) {
    if (makeDefault)
      await tx
        .updateTable('user_payment_methods')
        .set({ is_default: true })
        .where('user_id', '=', userId)
        .where('provider_ref', '=', card.id)
        .execute();
    return;
  }
  const brand = card.brand.toLowerCase();
  await tx
    .insertInto('user_payment_methods')
    .values({
      user_id: userId,
      provider,
      provider_ref: card.id,
      card_type: (CARD_TYPES.has(brand) ? brand : 'other') as CardType,
      last4: card.last4,
      expiry: `${String(card.month).padStart(2, '0')}/${String(card.year % 100).padStart(2, '0')}`,
      is_default: makeDefault,
      created_at: now,
    })
    .execute();
}
