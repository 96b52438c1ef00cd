import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { referrerLink, sendFeedback, simpleInfo, subscribeToEvents } from './post-sale';

export function postSaleHandlers({ db, clock, config }: AppDeps): CallHandlers {
  return {
    getSimpleInfo: async (_input, { request }) => simpleInfo(db, request.session),
    // A bare string body: sent as JSON (a quoted string) so the page's client reads it like every other answer.
    getRewardReferrerLink: async (_input, { request, reply }) => {
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(await referrerLink(db, clock, request.session, config.publicUrl));
    },
    sendCustomerFeedback: async (input, { request }) => sendFeedback(db, clock, request.session, input.message),
    subscribeToEvents: async (_input, { request }) => subscribeToEvents(db, clock, request.session),
  };
}
