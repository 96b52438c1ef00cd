import { attach, createEvent, createStore, sample } from 'effector';
import { isApiFailure } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { $deps, type StepDeps } from '@checkout/shared/parcel';
import { navigateFx } from '../../browser-effects';
import {
  $contact,
  $contactError,
  $context,
  attemptReady,
  contactErrorOf,
  isNetworkFailure,
  payClicked,
  paymentInterrupted,
  paymentReset,
  paymentShown,
  paymentSucceeded,
} from '../model';
import { $defaultBillingCountry } from '../billing-countries';
import { sandboxPost } from '../sandbox-http';
import { keepBillingFx, takeBillingFx } from './billing-draft';
import {
  cardDigits,
  EMPTY_CARD,
  parseExpiry,
  validateCard,
  type CardErrors,
  type CardField,
  type CardFields,
  withCardField,
} from './fields';

export const cardFieldChanged = createEvent<{ field: CardField; value: string }>();
export const cardPayClicked = createEvent();

export const $card = createStore<CardFields>(EMPTY_CARD, { serialize: 'ignore' });
export const $cardErrors = createStore<CardErrors>({});

$card.reset(paymentShown);
$cardErrors.reset(paymentShown);
$card.on(cardFieldChanged, (card, { field, value }) => withCardField(card, field, value));
// The billing country starts where the buyer's details point, until the buyer chooses one (always changeable).
const $countryChosen = createStore(false)
  .on(cardFieldChanged, (chosen, { field }) => chosen || field === 'country')
  .reset(paymentShown);
sample({
  clock: [paymentShown, $defaultBillingCountry.updates],
  source: { card: $card, chosen: $countryChosen, country: $defaultBillingCountry },
  filter: ({ chosen, card, country }) => !chosen && card.country !== country,
  fn: ({ card, country }) => ({ ...card, country }),
  target: $card,
});
// Back from the 3-D Secure page (a fresh step): the billing postcode and country the buyer typed come back, over the
// default country (and count as chosen); the card fields do not.
sample({ clock: paymentShown, target: takeBillingFx });
$card.on(takeBillingFx.doneData, (card, draft) => (draft ? { ...card, ...draft } : card));
$countryChosen.on(takeBillingFx.doneData, (chosen, draft) => chosen || Boolean(draft?.country));
$cardErrors.on(cardFieldChanged, (errors, { field }) => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
});

const checked = sample({ clock: cardPayClicked, source: $card, fn: (card) => validateCard(card) });
$cardErrors.on(checked, (_, errors) => errors);
// Every field of the payment form is checked on Pay, so all its errors show at once: the contact number with the card.
const contactChecked = sample({
  clock: cardPayClicked,
  source: { context: $context, contact: $contact },
  fn: ({ context, contact }) => contactErrorOf(context, contact),
});
$contactError.on(contactChecked, (_, error) => error);
/** The card form is complete; an express checkout checks its account form before paying (express/model.ts). */
export const cardValid = createEvent();
/** Express checkouts send the account details before the card is charged. */
export const $express = $context.map((context) => context?.express ?? false);
sample({ clock: checked, filter: (errors) => Object.keys(errors).length === 0, target: cardValid });
sample({
  clock: cardValid,
  source: $express,
  filter: (express) => !express,
  fn: () => 'card' as const,
  target: payClicked,
});

export type CardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'redirect'; url: string }
  | { kind: 'refused'; message: string }
  /** No answer from the server: retried with the same key. */
  | { kind: 'interrupted'; message: string };

/** With real Stripe keys the mounted Elements form confirms the PaymentIntent (it holds the card element). */
let stripeConfirm: ((clientSecret: string) => Promise<CardOutcome>) | null = null;
export function setStripeConfirm(confirm: ((clientSecret: string) => Promise<CardOutcome>) | null): void {
  stripeConfirm = confirm;
}

/**
 * The sandbox flow: get_token (a PaymentIntent per attempt key), then the sandbox confirms it with the typed card.
 * Real Stripe keys take the Elements path in the panel instead.
 */
export const payByCardFx = attach({
  source: { deps: $deps, card: $card },
  effect: async (
    { deps, card }: { deps: StepDeps | null; card: CardFields },
    { key }: { key: string },
  ): Promise<CardOutcome> => {
    if (!deps) throw new Error('mf-payment: card payment before mount');
    let token: { client_secret: string };
    try {
      token = await deps.api.getToken({ idempotency_key: key });
    } catch (error) {
      if (isNetworkFailure(error)) return { kind: 'interrupted', message: messages.stripeTokenFailed };
      return {
        kind: 'refused',
        message: isApiFailure(error) && error.serverMessage ? error.serverMessage : messages.stripeTokenFailed,
      };
    }
    if (deps.config.stripePublishableKey) {
      if (!stripeConfirm) return { kind: 'refused', message: messages.stripeRedirectFailed };
      return stripeConfirm(token.client_secret);
    }
    const expiry = parseExpiry(card.expiry);
    const { status, body } = await sandboxPost(deps.config, '/sandbox/stripe/confirm', {
      client_secret: token.client_secret,
      number: cardDigits(card.number),
      exp_month: String(expiry?.month ?? ''),
      exp_year: String(expiry?.year ?? ''),
      cvc: card.cvc.trim(),
      postcode: card.postcode.trim(),
    });
    return confirmOutcome(status, body);
  },
});

/** Reads the sandbox's answer (protocol: 200 succeeded | requires_action, 402 { error: { message } }). */
export function confirmOutcome(status: number, body: unknown): CardOutcome {
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    status?: unknown;
    redirect_url?: unknown;
    error?: unknown;
  };
  if (status >= 200 && status < 300 && b.status === 'succeeded') return { kind: 'succeeded' };
  if (status >= 200 && status < 300 && b.status === 'requires_action' && typeof b.redirect_url === 'string')
    return { kind: 'redirect', url: b.redirect_url };
  const error = b.error;
  const message =
    typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : typeof error === 'string'
        ? error
        : messages.stripeRedirectFailed;
  return { kind: 'refused', message };
}

sample({
  clock: attemptReady,
  source: $express,
  filter: (express, { method }) => method === 'card' && !express,
  fn: (_, { key }) => ({ key }),
  target: payByCardFx,
});
sample({ clock: payByCardFx.doneData, filter: (o) => o.kind === 'succeeded', target: paymentSucceeded });
const leavingFor3ds = payByCardFx.doneData.filterMap((o) => (o.kind === 'redirect' ? o.url : undefined));
sample({
  clock: leavingFor3ds,
  source: $card,
  fn: ({ postcode, country }) => ({ postcode, country }),
  target: keepBillingFx,
});
sample({ clock: leavingFor3ds, target: navigateFx });
sample({
  clock: payByCardFx.doneData.filterMap((o) => (o.kind === 'refused' ? o.message : undefined)),
  target: paymentReset,
});
sample({
  clock: payByCardFx.doneData.filterMap((o) => (o.kind === 'interrupted' ? o.message : undefined)),
  target: paymentInterrupted,
});
// The confirmation itself got no answer (a thrown fetch): the same attempt again, same key.
sample({ clock: payByCardFx.fail, fn: () => messages.stripeRedirectFailed, target: paymentInterrupted });
