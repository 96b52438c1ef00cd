import { createEffect, type fork } from 'effector';
import type { ApiClient, ApiFailure, Checkout, CheckoutState, ExtendReservationResponse, User } from '@checkout/shared';

/**
 * The calls the shell's model makes, as effects. Their handlers come from the ApiClient at start-up (apiHandlers) and
 * from the test in model tests (fork({ handlers })): the model never reaches the network by itself.
 */
function notConfigured(call: string): () => Promise<never> {
  return () => Promise.reject<never>({ kind: 'network', call, message: '' } satisfies ApiFailure);
}

export const getCheckoutFx = createEffect<void, Checkout, unknown>(notConfigured('getCheckout'));
export const getUserFx = createEffect<void, User | null, unknown>(notConfigured('getUser'));
/** What update_basket_state answers: the reservation's seconds left and the 'Need more time?' offer. */
export interface ReservationTime {
  seconds_remaining: number | null;
  hold_extension_minutes: number | null;
}

/** Sends the new state and the one it leaves; resolves to the server's time for the reservation. */
export const updateBasketStateFx = createEffect<
  { state: CheckoutState; from: CheckoutState },
  ReservationTime,
  unknown
>(notConfigured('updateBasketState'));
export const destroySaleFx = createEffect<void, unknown, unknown>(notConfigured('destroySale'));
/** 'Need more time?': extends the named reservation once; resolves to its new time. */
export const extendReservationFx = createEffect<{ sale_reference: string }, ExtendReservationResponse, unknown>(
  notConfigured('extendReservation'),
);

/** fork()'s handlers as a list of [effect, handler] pairs. */
export type HandlerList = Extract<NonNullable<NonNullable<Parameters<typeof fork>[1]>['handlers']>, unknown[]>;

/** The real handlers, for fork({ handlers: apiHandlers(api) }). */
export function apiHandlers(api: ApiClient): HandlerList {
  return [
    [getCheckoutFx, () => api.getCheckout()],
    [getUserFx, async () => (await api.getUser()).user],
    [
      updateBasketStateFx,
      async (change: { state: CheckoutState; from: CheckoutState }): Promise<ReservationTime> =>
        api.updateBasketState(change),
    ],
    [destroySaleFx, () => api.destroySale()],
    [extendReservationFx, (request: { sale_reference: string }) => api.extendReservation(request)],
  ];
}
