import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { currentSale } from '../session/current-sale';
import { waiverKeysOf } from '../session/waiver-keys';
import { providerConfirmation } from './confirm';
import { deliverTickets, emailWallet, type DeliveryDeps } from './deliver';

export function deliveryDepsOf(deps: AppDeps): DeliveryDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    confirmPayment: providerConfirmation(deps.db, deps.clock, deps.config),
    payment: deps.config.payment,
    senderName: deps.config.mail.senderName,
    waiverKeys: waiverKeysOf(deps.sessions),
  };
}

/** deliver_to_bitticket and deliver_to_wallet, in the order the delivery step calls them. */
export function deliveryHandlers(deps: AppDeps): CallHandlers {
  const delivery = deliveryDepsOf(deps);
  return {
    deliverToBitticket: async (_input, { request }) =>
      deliverTickets(delivery, (await currentSale(deps.db, request.session))?.id),
    deliverToWallet: async (_input, { request }) =>
      emailWallet(delivery, (await currentSale(deps.db, request.session))?.id),
  };
}
