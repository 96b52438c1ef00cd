import { captchaPolicyFor } from '../captcha/policy';
import type { AppDeps } from '../deps';
import { provenGuest } from '../identity/proven-guest';
import type { CallHandlers } from '../http/route';
import { addToBasket } from './basket';
import { waiverKeysOf } from '../session/waiver-keys';
import { CatalogueCache } from './catalogue-cache';
import { buildCheckout } from './checkout';
import { readCheckoutSale } from './checkout-read';
import { removeCode, setCode } from './codes';
import { destroySale } from './destroy';
import { extendReservation } from './extend';
import {
  removeFromBasket,
  removeGiftVoucherFromBasket,
  updateGiftVoucherQuantity,
  updateTicketQuantity,
} from './lines';
import { updateRefundProtection } from './refund-protection';
import { PASS_COOKIE } from '../waiting-room/queue';
import { reserveTickets } from './reserve';
import { updateBasketState } from './state';

export function saleHandlers(deps: AppDeps): CallHandlers {
  const { db, clock, config } = deps;
  const waiverKeys = waiverKeysOf(deps.sessions);
  // One per app (per api process): entries are read under the database's catalogue version and dropped when it moves.
  const catalogue = new CatalogueCache();
  const reserveDeps = { db, clock, holdSeconds: config.holdSeconds, captcha: captchaPolicyFor(deps) };
  return {
    getCheckout: async (_input, { request }) => {
      const read = await readCheckoutSale(db, request.session.tokenHash);
      const now = clock.now();
      const checkout = await buildCheckout(db, config, catalogue, read, now, waiverKeys);
      return {
        ...checkout,
        proven_guest: read ? provenGuest(read.session, read.sale, now, config.identity.verifiedEmailSeconds) : null,
      };
    },
    updateBasketState: async ({ state, from }, { request }) =>
      updateBasketState(db, clock, request.session, state, from),
    addToBasket: async (input, { request }) => addToBasket(db, clock, request.session, input),
    updateTicketQuantity: async ({ ticket_id, quantity }, { request }) =>
      updateTicketQuantity(db, clock, request.session, ticket_id, quantity),
    updateGiftVoucherQuantity: async (input, { request }) =>
      updateGiftVoucherQuantity(db, clock, request.session, input),
    updateRefundProtection: async ({ refund_protection }, { request }) =>
      updateRefundProtection(db, clock, request.session, refund_protection, config.sale.refundProtectionBp),
    setCode: async ({ code }, { request }) => setCode(db, clock, request.session, code),
    removeCode: async ({ code }, { request }) => removeCode(db, clock, request.session, code),
    removeFromBasket: async ({ ticket_id }, { request }) => removeFromBasket(db, clock, request.session, ticket_id),
    removeGiftVoucherFromBasket: async (input, { request }) =>
      removeGiftVoucherFromBasket(db, clock, request.session, input),
    reserveTickets: async (input, { request, reply }) => {
      const answer = await reserveTickets(reserveDeps, request.session, {
        captchaToken: input['h-captcha-response'],
        clientAddress: request.ip,
        passToken: request.cookies[PASS_COOKIE],
      });
      // Tickets behind a queue without a pass: refused, and the page goes to the queue.
      if (answer.queue_url !== undefined) reply.code(403);
      return answer;
    },
    destroySale: async (_input, { request }) => destroySale(db, clock, request.session),
    extendReservation: async ({ sale_reference }, { request }) =>
      extendReservation(db, clock, request.session, sale_reference),
  };
}
