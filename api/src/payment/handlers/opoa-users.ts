import type { CallHandlers } from '../../http/route';
import { saleOrganisers, sessionSale } from '../sale-context';
import type { PaymentCallContext } from './context';

/** getOpoaUsers: the basket's organisers that take payments on their own merchant account, and the buyer's name. */
export function opoaUsersHandlers({ db }: PaymentCallContext): CallHandlers {
  return {
    getOpoaUsers: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      if (!sale) return { opoa_users: [], full_name: null };
      const organisers = await saleOrganisers(db, sale.id);
      const user = sale.user_id
        ? await db
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', sale.user_id)
            .executeTakeFirst()
        : undefined;
      return {
        opoa_users: organisers
          .filter((organiser) => organiser.payment_provider !== null && organiser.payment_merchant_id !== null)
          .map((organiser) => ({
            organiser_id: organiser.id,
            name: organiser.name,
            provider: organiser.payment_provider,
            merchant_id: organiser.payment_merchant_id,
          })),
        full_name: user ? `${user.first_name} ${user.last_name}`.trim() : sale.full_name,
      };
    },
  };
}
