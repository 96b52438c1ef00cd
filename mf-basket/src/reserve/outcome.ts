import { type ReserveTicketsResponse } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/reserve';
import { notifyError, type ShellCommand } from '@checkout/shared/parcel';

/** What the reservation request came to, in the spec's order of precedence. */
export type ReservationOutcome =
  | { kind: 'reserved'; saleReference: string | null; freshReservation: boolean; seconds: number | null }
  | { kind: 'captcha'; siteKey: string | null; error: string | null }
  | { kind: 'redirect'; url: string }
  | { kind: 'error'; message: string }
  | { kind: 'unknown'; message: string };

export function reservationOutcome(response: ReserveTicketsResponse): ReservationOutcome {
  if (response.reserved) {
    return {
      kind: 'reserved',
      saleReference: response.sale_reference ?? null,
      freshReservation: response.fresh_reservation === true,
      seconds: typeof response.checkout_time === 'number' ? Math.max(0, response.checkout_time) : null,
    };
  }
  if (response.captcha) {
    return { kind: 'captcha', siteKey: response.captcha_sitekey ?? null, error: response.error || null };
  }
  if (response.redirect) return { kind: 'redirect', url: response.redirect };
  if (response.error) return { kind: 'error', message: response.error };
  return { kind: 'unknown', message: messages.unknownReserveError };
}

/** What the shell is asked to do for each outcome, in order. A redirect leaves the page, so it asks nothing. */
export function shellCommandsFor(outcome: ReservationOutcome): ShellCommand[] {
  switch (outcome.kind) {
    case 'reserved':
      return [
        ...(outcome.seconds === null ? [] : [{ kind: 'reservationStarted' as const, seconds: outcome.seconds }]),
        { kind: 'stepCompleted' },
      ];
    case 'captcha':
      return [{ kind: 'goTo', state: 'captcha' }, ...(outcome.error ? [notifyError(outcome.error)] : [])];
    case 'redirect':
      return [];
    case 'error':
      return [notifyError(outcome.message), { kind: 'goTo', state: 'basket' }, { kind: 'reloadCheckout' }];
    case 'unknown':
      return [notifyError(outcome.message), { kind: 'goTo', state: 'basket' }];
  }
}
