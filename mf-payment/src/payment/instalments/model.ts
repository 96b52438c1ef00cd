import { attach, createEvent, createStore, sample } from 'effector';
import {
  instalmentKeys,
  isValidPhone,
  NEW_PAYMENT_METHOD,
  type NewCardPayload,
  type SavedPaymentMethod,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { $deps, fieldErrorsOf, shellCommandsSent, type StepDeps } from '@checkout/shared/parcel';
import { navigateFx, newIdempotencyKeyFx } from '../../browser-effects';
import {
  EMPTY_CARD,
  cardDigits,
  parseExpiry,
  validateCard,
  type CardErrors,
  type CardField,
  type CardFields,
  withCardField,
} from '../card/fields';
import { $contact, $contactError, $context, $paying, paymentCancelled, paymentReset, paymentSucceeded } from '../model';
import { sandboxPost } from '../sandbox-http';
import { copy } from '../copy';

export interface InstalmentSetup {
  planKeys: string[];
  savedCards: SavedPaymentMethod[];
  /** The buyer's name: the new card's billing name. */
  cardholder: string;
}

export const instalmentsShown = createEvent<InstalmentSetup>();
export const monthsChosen = createEvent<string>();
export const mobileChanged = createEvent<string>();
export const cardChosen = createEvent<string>();
export const newCardFieldChanged = createEvent<{ field: CardField; value: string }>();
export const makeDefaultChanged = createEvent<boolean>();
export const instalmentPayClicked = createEvent();

export const $months = createStore<string | null>(null);
export const $mobile = createStore('');
export const $mobileError = createStore<string | null>(null);
/** A saved card's payment_method_id, or 'new'. */
export const $cardChoice = createStore<string>(NEW_PAYMENT_METHOD);
export const $newCard = createStore<CardFields>(EMPTY_CARD, { serialize: 'ignore' });
export const $newCardErrors = createStore<CardErrors>({});
export const $makeDefault = createStore(false);
const $cardholder = createStore('');
const $attemptKey = createStore<string | null>(null);

$months
  .on(instalmentsShown, (_, { planKeys }) => instalmentKeys(planKeys)[0] ?? null)
  .on(monthsChosen, (_, key) => key);
$cardChoice.on(
  instalmentsShown,
  (_, { savedCards }) =>
    (savedCards.find((c) => c.is_default) ?? savedCards[0])?.payment_method_id ?? NEW_PAYMENT_METHOD,
);
$cardChoice.on(cardChosen, (_, id) => id);
$cardholder.on(instalmentsShown, (_, { cardholder }) => cardholder);
$mobile.on(mobileChanged, (_, v) => v);
$mobileError.on(mobileChanged, () => null);
$newCard.on(newCardFieldChanged, (card, { field, value }) => withCardField(card, field, value));
$newCardErrors.on(newCardFieldChanged, (errors, { field }) => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
});
$makeDefault.on(makeDefaultChanged, (_, on) => on);
for (const $store of [$mobile, $mobileError, $newCard, $newCardErrors, $makeDefault, $attemptKey])
  $store.reset(instalmentsShown);

/**
 * The plan asks for one phone number: the payment page's contact number when the basket needs one (that field is
 * then the plan's mobile number, and the panel shows none of its own), else the panel's mobile number.
 */
export const $usesContactNumber = $context.map((context) => context?.requirePhone ?? false);

/** The number the plan sends, from whichever field asks for it. */
export function instalmentPhone(usesContactNumber: boolean, contact: string, mobile: string): string {
  return (usesContactNumber ? contact : mobile).trim();
}

/**
 * The phone number's error, by the card's contact-number rule (isValidPhone, the server's own): the spec's sentence
 * for an empty mobile number, the phone field's sentence for one of the wrong shape.
 */
export function instalmentPhoneError(usesContactNumber: boolean, phone: string): string | null {
  if (phone === '' && !usesContactNumber) return copy.instalments.mobileRequired;
  return isValidPhone(phone) ? null : messages.invalidPhone;
}

const checked = sample({
  clock: instalmentPayClicked,
  source: {
    mobile: $mobile,
    contact: $contact,
    usesContact: $usesContactNumber,
    choice: $cardChoice,
    card: $newCard,
    paying: $paying,
  },
  filter: ({ paying }) => !paying,
  fn: ({ mobile, contact, usesContact, choice, card }) => ({
    usesContact,
    phoneError: instalmentPhoneError(usesContact, instalmentPhone(usesContact, contact, mobile)),
    cardErrors: choice === NEW_PAYMENT_METHOD ? validateCard(card, { withPostcode: false }) : {},
  }),
});
$mobileError.on(checked, (current, { usesContact, phoneError }) => (usesContact ? current : phoneError));
$contactError.on(checked, (current, { usesContact, phoneError }) => (usesContact ? phoneError : current));
$newCardErrors.on(checked, (_, { cardErrors }) => cardErrors);
const valid = checked.filter({
  fn: ({ phoneError, cardErrors }) => phoneError === null && Object.keys(cardErrors).length === 0,
});

const keyFx = attach({ effect: newIdempotencyKeyFx });
$paying.on(valid, () => true);
sample({ clock: valid, source: $attemptKey, filter: (key) => key === null, target: keyFx });
$attemptKey.on(keyFx.doneData, (_, key) => key);

type InstalmentOutcome = { status: 'success' | 'redirect_to_url' | 'unsuccessful'; url?: string | null | undefined };

export const payWithInstalmentFx = attach({
  source: {
    deps: $deps,
    months: $months,
    mobile: $mobile,
    contact: $contact,
    usesContact: $usesContactNumber,
    choice: $cardChoice,
    card: $newCard,
    makeDefault: $makeDefault,
    cardholder: $cardholder,
  },
  effect: async (
    s: {
      deps: StepDeps | null;
      months: string | null;
      mobile: string;
      contact: string;
      usesContact: boolean;
      choice: string;
      card: CardFields;
      makeDefault: boolean;
      cardholder: string;
    },
    key: string,
  ): Promise<InstalmentOutcome> => {
    if (!s.deps || !s.months) throw new Error('mf-payment: instalment payment before mount');
    let newPaymentMethod: NewCardPayload | undefined;
    if (s.choice === NEW_PAYMENT_METHOD) {
      // The new card is first created with the card provider (sandbox: POST /sandbox/stripe/payment_methods).
      const expiry = parseExpiry(s.card.expiry);
      const { status, body } = await sandboxPost(s.deps.config, '/sandbox/stripe/payment_methods', {
        number: cardDigits(s.card.number),
        exp_month: String(expiry?.month ?? ''),
        exp_year: String(expiry?.year ?? ''),
        cvc: s.card.cvc.trim(),
        name: s.cardholder,
      });
      const pm = body as {
        id?: string;
        brand?: string;
        last4?: string;
        month?: number;
        year?: number;
        funding?: string;
      } | null;
      if (status < 200 || status >= 300 || !pm?.id) return { status: 'unsuccessful' };
      newPaymentMethod = {
        id: pm.id,
        brand: pm.brand ?? 'other',
        last4: pm.last4 ?? '',
        month: pm.month ?? expiry?.month ?? 1,
        year: pm.year ?? expiry?.year ?? 2000,
        funding: pm.funding ?? 'credit',
        make_default_payment_method: s.makeDefault,
      };
    }
    return s.deps.api.payWithInstalment({
      instalment_option: Number(s.months),
      contact_number: instalmentPhone(s.usesContact, s.contact, s.mobile),
      selected_payment_method_id: s.choice,
      ...(newPaymentMethod ? { new_payment_method: newPaymentMethod } : {}),
      idempotency_key: key,
    });
  },
});
sample({
  clock: [sample({ clock: valid, source: $attemptKey, filter: (key): key is string => key !== null }), keyFx.doneData],
  target: payWithInstalmentFx,
});

// Success: the plan is set up; the reloaded checkout carries payment_plan_remaining for the delivery step.
const succeeded = payWithInstalmentFx.doneData.filter({ fn: (r) => r.status === 'success' });
sample({ clock: succeeded, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
sample({ clock: succeeded, target: paymentSucceeded });
sample({
  clock: payWithInstalmentFx.doneData.filterMap((r) => (r.status === 'redirect_to_url' && r.url ? r.url : undefined)),
  target: navigateFx,
});
// The server refused the phone number (its rule is the page's, so only if they ever differ): the field's own sentence
// on the field that asked for it, and the card typed stays, since nothing was charged.
const phoneRefused = payWithInstalmentFx.failData.filterMap((error) => fieldErrorsOf(error).contact_number);
const otherFailure = payWithInstalmentFx.failData.filter({ fn: (error) => !fieldErrorsOf(error).contact_number });
sample({ clock: phoneRefused, filter: $usesContactNumber, target: $contactError });
sample({ clock: phoneRefused, filter: $usesContactNumber.map((uses) => !uses), target: $mobileError });
sample({ clock: phoneRefused, target: paymentCancelled });
$attemptKey.reset(phoneRefused);
const failed = sample({
  clock: [
    otherFailure,
    payWithInstalmentFx.doneData.filter({
      fn: (r) => r.status === 'unsuccessful' || (r.status === 'redirect_to_url' && !r.url),
    }),
  ],
  fn: () => messages.instalmentPaymentFailed,
});
sample({ clock: failed, target: paymentReset });
// The form resets: the card typed is gone and the next attempt has its own key.
$newCard.reset(failed);
$newCardErrors.reset(failed);
$attemptKey.reset(failed);
