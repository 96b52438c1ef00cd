import { attach, combine, createEvent, createStore, merge, sample } from 'effector';
import {
  BANK_TRANSFER_CURRENCIES,
  isApiFailure,
  isValidPhone,
  OPEN_BANKING_PROVIDER,
  paymentChoice,
  type PaymentChoice,
  type PaymentMethod,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type StepDeps,
} from '@checkout/shared/parcel';
import { navigateFx, newIdempotencyKeyFx } from '../browser-effects';

/** The request never got an answer (as opposed to a refusal): retrying it must reuse its idempotency key. */
export const isNetworkFailure = (error: unknown): boolean => isApiFailure(error) && error.kind === 'network';

/** What the payment step reads from the checkout and the user when it arrives. */
export interface PaymentContext {
  basketTotal: number;
  currencyCode: string;
  express: boolean;
  provider: 'stripe' | 'square' | null;
  organisersWithoutPayments: string[];
  planKeys: string[];
  requirePhone: boolean;
  /** The signed-in buyer's email (the free claim sends it). */
  email: string | null;
  /** The ways of paying the server takes now (checkout.available_payment_methods). */
  availableMethods: readonly PaymentMethod[];
  /** The sale is paid (another tab paid it, or this tab's payment went through). */
  paid?: boolean;
  /** The billing country the sale points to (checkout.billing_country), or null. */
  billingCountry?: number | null;
  /** The browser's language (navigator.language): its region is the next clue to the billing country. */
  browserLanguage?: string | null;
}

export const paymentShown = createEvent<{ deps: StepDeps; context: PaymentContext }>();
export const methodChosen = createEvent<PaymentMethod>();
export const contactChanged = createEvent<string>();
/** Pay pressed for a method; panels with their own fields validate them first. */
export const payClicked = createEvent<PaymentMethod>();
/** A payment attempt ended without paying: flags and method cleared, the error shown. */
export const paymentReset = createEvent<string>();

export const $context = createStore<PaymentContext | null>(null);
/** create_truelayer_payment failed: the bank option is gone for this visit. */
export const $bankUnavailable = createStore(false);
/** True until create_truelayer_payment answered (the bank button waits for it). */
export const $bankPreparing = createStore(false);
export const $choice = combine($context, $bankUnavailable, (context, bankUnavailable): PaymentChoice | null =>
  context
    ? paymentChoice({
        basketTotal: context.basketTotal,
        currencyCode: context.currencyCode,
        express: context.express,
        provider: context.provider,
        organisersWithoutPayments: context.organisersWithoutPayments,
        planKeys: context.planKeys,
        bankUnavailable,
        availableMethods: context.availableMethods,
      })
    : null,
);
const $selected = createStore<PaymentMethod | null>(null);
/** The chosen method, or the one chosen for the buyer. */
export const $method = combine(
  $selected,
  $choice,
  (selected, choice) => selected ?? (choice?.kind === 'methods' ? choice.autoSelected : null),
);
export const $paying = createStore(false);
/** The payment error box (get_payment_error, or the last reset). */
export const $error = createStore<string | null>(null);
export const $contact = createStore('');
export const $contactError = createStore<string | null>(null);
/** The key of the current Pay attempt; a retry of the same attempt sends it again (payment protocol). */
export const $attemptKey = createStore<string | null>(null);
export const $claiming = createStore(false);

sample({ clock: paymentShown, fn: ({ deps }) => deps, target: depsReceived });
$context.on(paymentShown, (_, { context }) => context);
for (const $store of [$bankUnavailable, $selected, $paying, $error, $contactError, $attemptKey, $claiming])
  $store.reset(paymentShown);
$contact.reset(paymentShown);

$selected.on(methodChosen, (_, method) => method);
$contact.on(contactChanged, (_, value) => value);
$contactError.on(contactChanged, () => null);

// ---- On arrival: the last payment error, the bank payment, the free claim ------------------------------------------

export const getPaymentErrorFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getPaymentError({}) });
sample({ clock: paymentShown, filter: ({ context }) => context.basketTotal > 0, target: getPaymentErrorFx });
$error.on(getPaymentErrorFx.doneData, (current, text) => (text.trim() !== '' ? text : current));

export const createBankPaymentFx = attach({ source: $deps, effect: (deps) => apiOf(deps).createTruelayerPayment({}) });
const bankPossible = (c: PaymentContext) =>
  c.availableMethods.includes('bank_transfer') &&
  c.basketTotal > 0 &&
  !c.express &&
  c.provider !== 'stripe' &&
  c.provider !== null &&
  BANK_TRANSFER_CURRENCIES.includes(c.currencyCode);
sample({ clock: paymentShown, filter: ({ context }) => bankPossible(context), target: createBankPaymentFx });
$bankPreparing.on(paymentShown, (_, { context }) => bankPossible(context)).on(createBankPaymentFx.finally, () => false);
// Any failure (a refused answer included) just removes the option.
$bankUnavailable
  .on(createBankPaymentFx.fail, () => true)
  .on(createBankPaymentFx.doneData, (_, r) => r.success === false);
$selected.on(createBankPaymentFx.fail, (m) => (m === 'bank_transfer' ? null : m));

export const claimFreeTicketsFx = attach({
  source: $deps,
  effect: (deps, { email, key }: { email: string; key: string }) =>
    apiOf(deps).claimFreeTickets({ email, idempotency_key: key }),
});
const freeKeyFx = attach({ effect: newIdempotencyKeyFx });
/** The checkout or user changed while the step is shown (e.g. the reload that brings a guest's email). */
export const contextChanged = createEvent<PaymentContext>();
$context.on(contextChanged, (current, context) => (current ? context : current));
const $claimStarted = createStore(false).reset(paymentShown);
// Zero total: claim once the buyer's email is known (a guest's arrives with the checkout reload after the account step).
const claimNow = sample({
  clock: [paymentShown.map(({ context }) => context), contextChanged],
  source: $claimStarted,
  filter: (started, context) => !started && context.basketTotal <= 0 && !!context.email,
  fn: (_, context) => context,
});
$claimStarted.on(claimNow, () => true);
sample({ clock: claimNow, target: freeKeyFx });
sample({
  clock: paymentShown,
  filter: ({ context }) => context.basketTotal <= 0 && !context.email,
  fn: () => [{ kind: 'reloadCheckout' as const }],
  target: shellCommandsSent,
});
$attemptKey.on(freeKeyFx.doneData, (_, key) => key);
sample({
  clock: freeKeyFx.doneData,
  source: $context,
  fn: (context, key) => ({ email: context?.email ?? '', key }),
  target: claimFreeTicketsFx,
});
$claiming.on(claimFreeTicketsFx, () => true).on(claimFreeTicketsFx.finally, () => false);
sample({
  clock: claimFreeTicketsFx.doneData,
  filter: (r) => r.success,
  fn: () => [stepCompleted],
  target: shellCommandsSent,
});
const claimFailed = sample({
  clock: [claimFreeTicketsFx.fail, claimFreeTicketsFx.doneData.filter({ fn: (r) => !r.success })],
  fn: () => messages.claimFreeTicketsFailed,
});
sample({ clock: claimFailed, fn: (text) => [notifyError(text, 'payment')], target: shellCommandsSent });
$error.on(claimFailed, (_, text) => text);

// ---- Pay ------------------------------------------------------------------------------------------------------------

/** Pay passed validation: the method, the attempt's key and the contact number. */
export const attemptReady = createEvent<{ method: PaymentMethod; key: string; contact: string }>();

const needsContact = (context: PaymentContext | null) => context?.requirePhone ?? false;
/** The contact number's error, checked on Pay together with the chosen panel's own fields. */
export const contactErrorOf = (context: PaymentContext | null, contact: string): string | null =>
  needsContact(context) && !isValidPhone(contact) ? messages.invalidPhone : null;
const checked = sample({
  clock: payClicked,
  source: { context: $context, contact: $contact, paying: $paying },
  filter: ({ paying }) => !paying,
  fn: ({ context, contact }, method) => ({
    method,
    contactError: contactErrorOf(context, contact),
  }),
});
$contactError.on(checked, (_, { contactError }) => contactError);
const valid = checked.filter({ fn: (c) => c.contactError === null });

const keyFx = attach({ effect: newIdempotencyKeyFx });
const $pendingMethod = createStore<PaymentMethod | null>(null);
$pendingMethod.on(valid, (_, { method }) => method);
// The paying flag and a clean error box as soon as Pay is accepted.
$paying.on(valid, () => true);
$error.on(valid, () => null);

/**
 * The server charges the basket as it is when the payment is made, and another tab of the same checkout may have
 * changed it since this step read it (nothing tells a tab that stays visible). So Pay reads the checkout first: a
 * total other than the one on the Pay button stops the attempt before any money moves, with the product's sentence,
 * and paymentReset reads the checkout again so the step shows the total the next Pay charges. A failed read does not
 * stop Pay: the server still prices the payment for the basket as it is.
 */
export const checkTotalFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getCheckout({}) });
sample({ clock: valid, target: checkTotalFx });
const totalMoved = (context: PaymentContext | null, checkout: { basket_total: number; currency: { code: string } }) =>
  context !== null &&
  (checkout.basket_total !== context.basketTotal || checkout.currency.code !== context.currencyCode);
sample({
  clock: checkTotalFx.doneData,
  source: $context,
  filter: totalMoved,
  fn: () => messages.paymentCancelledBasketChanged,
  target: paymentReset,
});
const totalChecked = merge([
  sample({
    clock: checkTotalFx.doneData,
    source: $context,
    filter: (context, checkout) => !totalMoved(context, checkout),
  }),
  checkTotalFx.fail,
]);

sample({ clock: totalChecked, source: $attemptKey, filter: (key) => key === null, target: keyFx });
$attemptKey.on(keyFx.doneData, (_, key) => key);
sample({
  clock: [
    sample({ clock: totalChecked, source: $attemptKey, filter: (key): key is string => key !== null }),
    keyFx.doneData,
  ],
  source: { method: $pendingMethod, contact: $contact },
  filter: ({ method }) => method !== null,
  fn: ({ method, contact }, key) => ({ method: method as PaymentMethod, key, contact: contact.trim() }),
  target: attemptReady,
});

/** Pay stopped before any money moved (a form the server sent back with field errors): only the paying flag clears. */
export const paymentCancelled = createEvent();
/**
 * A Pay request got no answer (the network failed): the server may have charged or not, so the same attempt is
 * retried with the same key (payment protocol: a repeated key is answered, never charged twice). The method stays.
 */
export const paymentInterrupted = createEvent<string>();
$paying.reset(paymentReset, paymentCancelled, paymentInterrupted);
$error.on(paymentInterrupted, (_, text) => text);
$selected.reset(paymentReset);
$error.on(paymentReset, (_, text) => text);
// A new attempt after a definite refusal gets a new key (the same key would replay the refusal).
$attemptKey.reset(paymentReset);
// The reloaded checkout says the sale is paid while this tab is not paying (another tab won): move on, not pay again.
sample({
  clock: contextChanged,
  source: { paying: $paying, claiming: $claiming },
  filter: ({ paying, claiming }, context) => !paying && !claiming && context.paid === true,
  fn: () => [stepCompleted],
  target: shellCommandsSent,
});
// A refusal may come from a basket that changed in another tab (the payment was cancelled or refunded): the checkout is
// read again, so the step shows the total the next attempt will charge.
sample({ clock: paymentReset, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });

// ---- Bank transfer ------------------------------------------------------------------------------------------------

export const payWithBankFx = attach({
  source: $deps,
  effect: (deps, { key, contact }: { key: string; contact: string }) =>
    apiOf(deps).payWithTruelayer({ contact_number: contact, idempotency_key: key }),
});
sample({ clock: attemptReady, filter: ({ method }) => method === 'bank_transfer', target: payWithBankFx });
sample({ clock: payWithBankFx.doneData, fn: ({ auth_url }) => auth_url, target: navigateFx });
const bankFailed = payWithBankFx.failData.map((error) => ({
  network: isNetworkFailure(error),
  text: messages.openBankingRedirectFailed(OPEN_BANKING_PROVIDER),
}));
sample({ clock: bankFailed, filter: (f) => f.network, fn: (f) => f.text, target: paymentInterrupted });
sample({ clock: bankFailed, filter: (f) => !f.network, fn: (f) => f.text, target: paymentReset });

/** A panel's payment went through: the next step (payment or bank result -> deliver_tickets). */
export const paymentSucceeded = createEvent();
sample({ clock: paymentSucceeded, fn: () => [stepCompleted], target: shellCommandsSent });
