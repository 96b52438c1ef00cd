import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  failureText,
  isApiFailure,
  queueUrlOf,
  type ApiClient,
  type Checkout,
  type ReserveTicketsResponse,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/reserve';
import { $deps, notifyError, shellCommandsSent, type StepDeps } from '@checkout/shared/parcel';
import { reservationEcommerceEvent, type EcommerceEvent } from './analytics';
import { reservationOutcome, shellCommandsFor } from './outcome';

export interface ReservationStart {
  deps: StepDeps;
  /** The basket being reserved: what a fresh reservation reports to analytics. */
  checkout: Checkout | null;
  /** The captcha token, when the captcha step asks to reserve. */
  captchaResponse?: string;
}

/** The reserve step was shown (or the captcha passed): ask the server to reserve, once at a time. */
export const reservationRequested = createEvent<ReservationStart>();

export const reserveTicketsFx = createEffect(
  ({ api, captchaResponse }: { api: ApiClient; captchaResponse?: string }): Promise<ReserveTicketsResponse> =>
    api.reserveTickets(captchaResponse ? { 'h-captcha-response': captchaResponse } : {}),
);
export const $reservingTickets = reserveTicketsFx.pending;

/** Analytics and navigation are effects so a test can replace them (fork({ handlers })). */
export const pushAnalyticsFx = createEffect((event: EcommerceEvent) => {
  const w = window as Window & { dataLayer?: unknown[] };
  // GA4 asks for the previous ecommerce object to be cleared first.
  (w.dataLayer ??= []).push({ ecommerce: null }, event);
});
export const navigateFx = createEffect((url: string) => window.location.assign(url));

const $basket = createStore<Checkout | null>(null, { serialize: 'ignore' });
/** The reservation's sale reference, once reserved. */
export const $saleReference = createStore<string | null>(null);
/** The site key the server asked the captcha step to use. */
export const $captchaSiteKey = createStore<string | null>(null);

const started = sample({
  clock: reservationRequested,
  source: $reservingTickets,
  filter: (busy) => !busy,
  fn: (_, start) => start,
});
sample({ clock: started, fn: (start) => start.deps, target: $deps });
sample({ clock: started, fn: (start) => start.checkout, target: $basket });
sample({
  clock: started,
  fn: ({ deps, captchaResponse }) => ({ api: deps.api, ...(captchaResponse ? { captchaResponse } : {}) }),
  target: reserveTicketsFx,
});

export const reservationSettled = reserveTicketsFx.doneData.map(reservationOutcome);

$saleReference.on(reservationSettled, (current, outcome) =>
  outcome.kind === 'reserved' ? (outcome.saleReference ?? current) : current,
);
$captchaSiteKey.on(reservationSettled, (current, outcome) =>
  outcome.kind === 'captcha' ? (outcome.siteKey ?? current) : current,
);

sample({
  clock: reservationSettled,
  source: $basket,
  filter: (basket, outcome) => basket !== null && outcome.kind === 'reserved' && outcome.freshReservation,
  fn: (basket) => reservationEcommerceEvent(basket as Checkout),
  target: pushAnalyticsFx,
});
sample({ clock: reservationSettled, fn: shellCommandsFor, target: shellCommandsSent });
sample({
  clock: reservationSettled,
  filter: (outcome) => outcome.kind === 'redirect',
  fn: (outcome) => (outcome.kind === 'redirect' ? outcome.url : ''),
  target: navigateFx,
});

/** The queue page's URL when the reservation was refused for want of a pass (HTTP 403 with queue_url), else null. */
function queueUrlOfFailure(error: unknown): string | null {
  return isApiFailure(error) && error.status === 403 ? queueUrlOf(error.body) : null;
}

// The tickets are behind an on-sale's waiting room: the page leaves for the queue, which brings the buyer back.
sample({
  clock: reserveTicketsFx.failData,
  filter: (error) => queueUrlOfFailure(error) !== null,
  fn: (error) => queueUrlOfFailure(error) ?? '',
  target: navigateFx,
});
sample({
  clock: reserveTicketsFx.failData,
  filter: (error) => queueUrlOfFailure(error) === null,
  fn: (error) => [
    notifyError((isApiFailure(error) && failureText(error)) || messages.reserveFailedBasket),
    { kind: 'goTo' as const, state: 'basket' as const },
  ],
  target: shellCommandsSent,
});
