import { billingCountryClue } from '@checkout/shared';
import type { Db, Sale } from '../db/schema';

/**
 * The billing country a sale points to (the checkout's billing_country), by the shared rule billingCountryClue: the
 * delivery address given in this sale, else the signed-in buyer's latest saved address, else the basket's currency.
 * Organisers have no country of their own here, so a euro basket leaves the choice to the page (the browser's region).
 * The sale's delivery country is read with the sale by the caller (the checkout reads it in its one statement).
 */
export async function billingCountryOfSale(
  db: Db,
  sale: Pick<Sale, 'currency'>,
  userId: number | null,
  deliveryCountry: number | null,
): Promise<number | null> {
  // The saved address is only a clue when this sale gave none.
  const saved =
    userId === null || deliveryCountry !== null
      ? undefined
      : await db
          .selectFrom('user_addresses')
          .select('country_code')
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
  return billingCountryClue({
    deliveryCountry,
    savedCountry: saved?.country_code ?? null,
    currencyCode: sale.currency,
    organiserCountry: null,
  });
}
