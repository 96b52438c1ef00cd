import { splitFullName } from '@checkout/shared';
import type { CallHandlers } from '../../http/route';
import { assertUsableBillingAddress, saveBillingAddress } from '../billing';
import type { PaymentCallContext } from './context';

/** setBillingAddress: the card's billing address, under the buyer's account name or the sale's. */
export function billingAddressHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock } = ctx;
  return {
    setBillingAddress: async ({ address, contact_number }, { request }) => {
      const sale = await ctx.payable(request.session);
      assertUsableBillingAddress(address);
      const user = sale.sale.user_id
        ? await db
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', sale.sale.user_id)
            .executeTakeFirst()
        : undefined;
      const names = user ?? splitFullName(sale.sale.full_name ?? '');
      const now = clock.now();
      if (contact_number)
        await db.updateTable('sales').set({ contact_number, updated_at: now }).where('id', '=', sale.sale.id).execute();
      return saveBillingAddress(db, sale.sale.id, address, names, now);
    },
  };
}
