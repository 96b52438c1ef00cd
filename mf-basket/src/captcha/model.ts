import { createEvent, createStore, sample } from 'effector';
import { captchaProblem, type CaptchaReset, type Checkout } from '@checkout/shared';
import type { StepDeps } from '@checkout/shared/parcel';
import { reservationRequested, reservationSettled, reserveTicketsFx } from '../reserve/model';

/**
 * The captcha step's model: passed on a verified challenge, back to not passed on
 * expiry, challenge expiry or error (the spec's expiry sentence only for an expiry, the provider's own words for an
 * error); Continue reserves with the token and the reserve step's outcome handling takes it from there.
 */

export type { CaptchaReset };

/** The step was shown: a token or message from an earlier visit means nothing now. */
export const captchaStepOpened = createEvent();
export const captchaVerified = createEvent<string>();
export const captchaReset = createEvent<CaptchaReset>();
export const continueClicked = createEvent<{ deps: StepDeps; checkout: Checkout | null }>();

/** The challenge's token while it is valid: Continue is enabled only with one. */
export const $captchaToken = createStore<string | null>(null)
  .on(captchaVerified, (_, token) => token)
  .reset([captchaReset, captchaStepOpened]);

/** What went wrong with the challenge, shown under it until it is passed. */
export const $captchaProblem = createStore<string | null>(null)
  .on(captchaReset, (_, reset) => captchaProblem(reset))
  .reset([captchaVerified, captchaStepOpened]);

/**
 * A new challenge is needed after a token was spent on a reservation that did not go through (the server asked for a
 * captcha again): the widget is mounted afresh under a new key.
 */
export const $challengeRound = createStore(0);

sample({
  clock: continueClicked,
  source: $captchaToken,
  filter: (token: string | null): token is string => token !== null,
  fn: (token, { deps, checkout }) => ({ deps, checkout, captchaResponse: token }),
  target: reservationRequested,
});

// A token is good for one reservation request, whatever its outcome.
$captchaToken.reset([reservationSettled, reserveTicketsFx.fail]);
$challengeRound.on(reservationSettled, (round, outcome) => (outcome.kind === 'captcha' ? round + 1 : round));
