import { billingCountryClue } from '@checkout/shared';
import type { Db, Sale } from '../db/schema';

/**
 * The billing country a sale points to (the checkout's billing_country), by the shared rule billingCountryClue: the
 * delivery address given in this sale, else the signed-in buyer's latest saved address, else the basket's currency.
 * Organisers have no country of their own here, so a euro basket leaves the choice to the page (the browser's region).
 */
export async function billingCountryOfSale(db: Db, sale: Sale, userId: number | null): Promise<number | null> {
  const [delivery, saved] = await Promise.all([
    db.selectFrom('sale_delivery_addresses').select('country_code').where('sale_id', '=', sale.id).executeTakeFirst(),
    userId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('user_addresses')
          .select('country_code')
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst(),
  ]);
  return billingCountryClue({
    deliveryCountry: delivery?.country_code ?? null,
    savedCountry: saved?.country_code ?? null,
    currencyCode: sale.currency,
    organiserCountry: null,
  });
}
