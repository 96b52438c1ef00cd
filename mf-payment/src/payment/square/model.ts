import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { billingPostcodeError, COUNTRY, type BillingAddress } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { copy } from '../copy';
import { $deps, apiOf, serverMessageOf } from '@checkout/shared/parcel';
import { newIdempotencyKeyFx } from '../../browser-effects';
import { $defaultBillingCountry } from '../billing-countries';
import {
  $contact,
  $contactError,
  $context,
  attemptReady,
  contactErrorOf,
  isNetworkFailure,
  payClicked,
  paymentCancelled,
  paymentInterrupted,
  paymentReset,
  paymentShown,
  paymentSucceeded,
  type PaymentContext,
} from '../model';
import {
  loadSquareScript,
  setSquareCard,
  squareCard,
  type SquareTokenResult,
  type SquareVerificationDetails,
} from './sdk';

/**
 * The square-type card panel (Billing address + Secure Payment; the square-type final response
 * payment_completed -> next step, otherwise reset with the message). get_square_credentials, the provider's script
 * loaded once, its card widget tokenises, then pay-with-square charges the token with the attempt's key.
 */
export interface SquareBilling {
  address_1: string;
  town: string;
  postcode: string;
  /** The billing country's id, as the select holds it (its postcode rule: UK postcode, US ZIP code, free text). */
  country: string;
}
export type BillingField = keyof SquareBilling;
export const EMPTY_BILLING: SquareBilling = { address_1: '', town: '', postcode: '', country: String(COUNTRY.UK) };

/** Where the provider's widget draws its card fields. */
export const SQUARE_CARD_SELECTOR = '#square-card';
const DEFAULT_SCRIPT = '/ajax/checkout/checkout/javascript-square/';

export const squarePanelShown = createEvent();
export const squarePanelHidden = createEvent();
export const billingChanged = createEvent<{ field: BillingField; value: string }>();
export const squarePayClicked = createEvent();

export const $billing = createStore<SquareBilling>(EMPTY_BILLING);
export const $billingErrors = createStore<Partial<Record<BillingField, string>>>({});
/** The provider's card widget is attached and can tokenise. */
export const $squareReady = createStore(false);
/** The card token of the current attempt: a retry after a lost answer re-sends it with the same key. */
export const $squareToken = createStore<string | null>(null);

$billing.reset(paymentShown);
$billingErrors.reset(paymentShown);
$billing.on(billingChanged, (billing, { field, value }) => ({ ...billing, [field]: value }));
// The billing country starts where the buyer's details point, until the buyer chooses one (always changeable).
const $countryChosen = createStore(false)
  .on(billingChanged, (chosen, { field }) => chosen || field === 'country')
  .reset(paymentShown);
sample({
  clock: [paymentShown, $defaultBillingCountry.updates],
  source: { billing: $billing, chosen: $countryChosen, country: $defaultBillingCountry },
  filter: ({ chosen, billing, country }) => !chosen && billing.country !== country,
  fn: ({ billing, country }) => ({ ...billing, country }),
  target: $billing,
});
$billingErrors.on(billingChanged, (errors, { field }) => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
});

// ---- Setup: credentials, the script once, the card widget ------------------------------------------------------

export const getSquareCredentialsFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getSquareCredentials({}) });
export const mountSquareCardFx = attach({
  source: $deps,
  effect: async (deps, credentials: { app_id: string; location_id: string; checkout_js?: string | null }) => {
    if (!deps) throw new Error('mf-payment: square setup before mount');
    const square = await loadSquareScript(deps.config, credentials.checkout_js || DEFAULT_SCRIPT);
    const payments = square.payments(credentials.app_id, credentials.location_id);
    const card = await payments.card();
    await card.attach(SQUARE_CARD_SELECTOR);
    setSquareCard({ payments, card });
  },
});
export const unmountSquareCardFx = createEffect(() => setSquareCard(null));

sample({ clock: squarePanelShown, target: getSquareCredentialsFx });
sample({ clock: getSquareCredentialsFx.doneData, target: mountSquareCardFx });
sample({ clock: squarePanelHidden, target: unmountSquareCardFx });
$squareReady.on(mountSquareCardFx.done, () => true).reset(squarePanelShown, squarePanelHidden);
sample({ clock: getSquareCredentialsFx.fail, fn: () => messages.squareCredentialsFailed, target: paymentReset });
sample({ clock: mountSquareCardFx.fail, fn: () => copy.square.loadFailed, target: paymentReset });

// ---- Pay ----------------------------------------------------------------------------------------------------------

const checked = sample({
  clock: squarePayClicked,
  source: $billing,
  fn: (billing) => squareBillingErrors(billing),
});
$billingErrors.on(checked, (_, errors) => errors);
// The contact number is checked on Pay with the billing fields, so all the form's errors show at once.
$contactError.on(
  sample({
    clock: squarePayClicked,
    source: { context: $context, contact: $contact },
    fn: ({ context, contact }) => contactErrorOf(context, contact),
  }),
  (_, error) => error,
);
sample({
  clock: checked,
  filter: (errors) => Object.keys(errors).length === 0,
  fn: () => 'square' as const,
  target: payClicked,
});

/** The ISO codes Square knows the billing countries by (the select's ids are ours). */
const COUNTRY_CODES: Record<number, string> = { [COUNTRY.UK]: 'GB', [COUNTRY.USA]: 'US' };

/** The charge and the buyer, for Square's buyer verification. */
export function verificationDetails(
  billing: SquareBilling,
  context: Pick<PaymentContext, 'basketTotal' | 'currencyCode' | 'email'> | null,
): SquareVerificationDetails {
  const countryCode = COUNTRY_CODES[Number(billing.country)];
  return {
    amount: (context?.basketTotal ?? 0).toFixed(2),
    currencyCode: context?.currencyCode ?? 'GBP',
    intent: 'CHARGE',
    customerInitiated: true,
    sellerKeyedIn: false,
    billingContact: {
      ...(billing.postcode.trim() ? { postalCode: billing.postcode.trim() } : {}),
      ...(billing.address_1.trim() ? { addressLines: [billing.address_1.trim()] } : {}),
      ...(billing.town.trim() ? { city: billing.town.trim() } : {}),
      ...(countryCode ? { countryCode } : {}),
      ...(context?.email ? { email: context.email } : {}),
    },
  };
}
const $verificationDetails = combine($billing, $context, verificationDetails);

/** The card widget's token; Square verifies the buyer while tokenising when the card's bank wants it. */
export const tokenizeFx = createEffect(async (details: SquareVerificationDetails): Promise<SquareTokenResult> => {
  const widget = squareCard();
  if (!widget) return { status: 'Invalid', errors: [{ message: copy.square.loadFailed }] };
  return widget.card.tokenize(details);
});
/**
 * The charge was refused until the buyer is verified: the card's first token is spent (Square took it for the refused
 * payment), so the widget tokenises again and the buyer is verified for that new token.
 */
export const verifyBuyerFx = createEffect(
  async (details: SquareVerificationDetails): Promise<{ token: string; verification: string }> => {
    const widget = squareCard();
    if (!widget?.payments.verifyBuyer) throw new Error('buyer verification is not available');
    const tokenized = await widget.card.tokenize(details);
    if (tokenized.status !== 'OK' || !tokenized.token) throw new Error('the card could not be tokenised again');
    const verified = await widget.payments.verifyBuyer(tokenized.token, details);
    if (!verified?.token) throw new Error('buyer verification failed');
    return { token: tokenized.token, verification: verified.token };
  },
);

/** The billing fields' errors: the postcode by the shared rule for the chosen country. */
export function squareBillingErrors(billing: SquareBilling): Partial<Record<BillingField, string>> {
  const postcode = billingPostcodeError(billing.postcode, billing.country);
  return postcode ? { postcode } : {};
}

export function billingAddressData(billing: SquareBilling): BillingAddress {
  const country = Number(billing.country);
  return {
    postcode: billing.postcode.trim(),
    ...(Number.isInteger(country) && country > 0 ? { country } : {}),
    ...(billing.address_1.trim() ? { address_1: billing.address_1.trim() } : {}),
    ...(billing.town.trim() ? { town: billing.town.trim() } : {}),
  };
}

export const payWithSquareFx = attach({
  source: { deps: $deps, billing: $billing },
  effect: ({ deps, billing }, p: { key: string; token: string; verification?: string }) =>
    apiOf(deps).payWithSquare({
      billing_address_data: billingAddressData(billing),
      source_id: p.token,
      idempotency_key: p.key,
      ...(p.verification ? { verification_token: p.verification } : {}),
    }),
});

const squareAttempt = attemptReady.filter({ fn: ({ method }) => method === 'square' });
// A kept token (the last answer was lost or the address refused) is charged again; otherwise the widget tokenises.
sample({
  clock: squareAttempt,
  source: { token: $squareToken, details: $verificationDetails },
  filter: ({ token }) => token === null,
  fn: ({ details }) => details,
  target: tokenizeFx,
});
sample({
  clock: squareAttempt,
  source: $squareToken,
  filter: (token) => token !== null,
  fn: (token, { key }) => ({ key, token: token ?? '' }),
  target: payWithSquareFx,
});
const $key = createStore<string | null>(null).on(squareAttempt, (_, { key }) => key);
const tokenized = tokenizeFx.doneData.filterMap((r) => (r.status === 'OK' && r.token ? r.token : undefined));
$squareToken.on(tokenized, (_, token) => token);
sample({
  clock: tokenized,
  source: $key,
  filter: (key) => key !== null,
  fn: (key, token) => ({ key: key ?? '', token }),
  target: payWithSquareFx,
});
sample({
  clock: tokenizeFx.doneData.filter({ fn: (r) => r.status !== 'OK' || !r.token }),
  fn: (r) => ('errors' in r ? r.errors?.find((e) => e.message)?.message : undefined) ?? messages.payFailed,
  target: paymentReset,
});
sample({ clock: tokenizeFx.fail, fn: () => messages.payFailed, target: paymentReset });

const answered = payWithSquareFx.done;
sample({ clock: answered.filter({ fn: ({ result }) => result.payment_completed === true }), target: paymentSucceeded });
// The address was refused before any charge: shown on the billing fields; the token and key stay for the retry.
const addressRefused = answered.filterMap(({ result }) =>
  result.payment_completed !== true && result.addressError ? result.addressError : undefined,
);
$billingErrors.on(addressRefused, (errors, text) => ({ ...errors, postcode: text }));
sample({ clock: addressRefused, target: paymentCancelled });
// The provider wants the buyer verified: verified with a new token, then charged as a new attempt (the first one
// ended uncharged).
const verify = answered.filter({
  fn: ({ result }) => result.payment_completed !== true && !result.addressError && !!result.square_verify_buyer,
});
sample({ clock: verify, source: $verificationDetails, target: verifyBuyerFx });
$squareToken.on(verifyBuyerFx.doneData, (_, { token }) => token);
const $verification = createStore<string | null>(null)
  .on(verifyBuyerFx.doneData, (_, { verification }) => verification)
  .reset(paymentShown);
const verifyKeyFx = attach({ effect: newIdempotencyKeyFx });
sample({ clock: verifyBuyerFx.done, target: verifyKeyFx });
sample({
  clock: verifyKeyFx.doneData,
  source: { token: $squareToken, verification: $verification },
  filter: ({ token, verification }) => token !== null && verification !== null,
  fn: ({ token, verification }, key) => ({ key, token: token ?? '', verification: verification ?? '' }),
  target: payWithSquareFx,
});
sample({ clock: verifyBuyerFx.fail, fn: () => messages.payFailed, target: paymentReset });
sample({
  clock: answered.filterMap(({ result }) =>
    result.payment_completed !== true && !result.addressError && !result.square_verify_buyer
      ? (result.error ?? messages.payFailed)
      : undefined,
  ),
  target: paymentReset,
});
const failed = payWithSquareFx.failData.map((error) => ({
  network: isNetworkFailure(error),
  text: serverMessageOf(error) ?? messages.payFailed,
}));
sample({ clock: failed, filter: (f) => f.network, fn: () => messages.payFailed, target: paymentInterrupted });
sample({ clock: failed, filter: (f) => !f.network, fn: (f) => f.text, target: paymentReset });
// A definite end of the attempt: its token is spent (or refused) and the next attempt tokenises again.
$squareToken.reset(paymentReset, paymentShown);
