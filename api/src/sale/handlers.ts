import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { addToBasket } from './basket';
import { buildCheckout } from './checkout';
import { currentSale } from './current';
import { destroySale } from './destroy';
import { reserveTickets } from './reserve';
import { updateBasketState } from './state';

export function saleHandlers({ db, clock, config }: AppDeps): CallHandlers {
  const reserveOptions = { db, clock, holdSeconds: config.holdSeconds };
  return {
    getCheckout: async (_input, { request }) => {
      const [sale, session] = await Promise.all([currentSale(db, request.session), request.session.load()]);
      return buildCheckout(db, config, sale, session?.user_id ?? null, clock.now());
    },
    updateBasketState: async ({ state }, { request }) => updateBasketState(db, clock, request.session, state),
    addToBasket: async (input, { request }) => addToBasket(db, clock, request.session, input),
    reserveTickets: async (_input, { request }) => reserveTickets(reserveOptions, request.session),
    destroySale: async (_input, { request }) => destroySale(db, clock, request.session),
  };
}
