import type { Checkout, CheckoutState, User } from '@checkout/shared';
import { sampleCheckout, sampleUser } from '@checkout/shared/testing';
import {
  destroySaleFx,
  extendReservationFx,
  getCheckoutFx,
  getUserFx,
  updateBasketStateFx,
  type HandlerList,
} from './api/effects';

/** A fake server for model tests: jest mocks behind the model's effects, answering like the real API would. */
export function fakeServer(
  options: {
    checkout?: Checkout;
    user?: User | null;
    secondsRemaining?: number | null;
    /** What update_basket_state says of 'Need more time?'. */
    extensionMinutes?: number | null;
  } = {},
) {
  let checkout = options.checkout ?? sampleCheckout();
  const server = {
    get checkout() {
      return checkout;
    },
    set checkout(next: Checkout) {
      checkout = next;
    },
    getCheckout: jest.fn(async () => checkout),
    getUser: jest.fn(async () => (options.user === undefined ? sampleUser() : options.user)),
    updateBasketState: jest.fn(async (_change: { state: CheckoutState; from: CheckoutState }) => ({
      seconds_remaining: options.secondsRemaining === undefined ? 600 : options.secondsRemaining,
      hold_extension_minutes: options.extensionMinutes ?? null,
    })),
    destroySale: jest.fn(async () => ({ success: true })),
    extendReservation: jest.fn(async (_request: { sale_reference: string }) => ({
      seconds_remaining: 540,
      hold_expires_at: '2030-01-01T12:20:00.000Z',
      minutes_added: 5,
    })),
  };
  return server;
}

export function handlersOf(server: ReturnType<typeof fakeServer>): HandlerList {
  return [
    [getCheckoutFx, server.getCheckout],
    [getUserFx, server.getUser],
    [updateBasketStateFx, server.updateBasketState],
    [destroySaleFx, server.destroySale],
    [extendReservationFx, server.extendReservation],
  ];
}
