import { attach, createEvent, createStore, sample } from 'effector';
import { isValidEmail, isValidFullName, isValidPhone, type ApiClient } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { $deps, apiOf, fieldErrorsOf, serverMessageOf } from '@checkout/shared/parcel';
import { $card, $cardErrors, cardPayClicked, cardValid, payByCardFx } from '../card/model';
import {
  $contact,
  $contactError,
  $context,
  attemptReady,
  payClicked,
  paymentCancelled,
  paymentReset,
  paymentShown,
} from '../model';

/**
 * Express checkout: the account form and preferences are
 * checked with the card form, sent with set_account_details once Pay is accepted, and only then is the card charged.
 */
/** set_account_details' request as the page sends it. */
export type SetAccountDetailsRequest = Parameters<ApiClient['setAccountDetails']>[0];

export interface AccountFields {
  fullname: string;
  email: string;
}
export type AccountField = keyof AccountFields;
export type AccountErrors = Partial<Record<AccountField, string>>;

export interface ExpressPreferences {
  ct_subscribed: boolean;
  /** Basket organiser id -> subscribed. */
  organisers: Record<string, boolean>;
}

/** What the step knows when it arrives: the signed-in buyer's details (if any) and the checkout's preferences. */
export const expressPrefilled = createEvent<AccountFields & ExpressPreferences>();
export const accountFieldChanged = createEvent<{ field: AccountField; value: string }>();
export const newsletterChanged = createEvent<boolean>();
export const organiserPreferenceChanged = createEvent<{ id: number; checked: boolean }>();

export const $account = createStore<AccountFields>({ fullname: '', email: '' });
export const $accountErrors = createStore<AccountErrors>({});
export const $preferences = createStore<ExpressPreferences>({ ct_subscribed: false, organisers: {} });

$account.reset(paymentShown);
$accountErrors.reset(paymentShown);
$preferences.reset(paymentShown);
$account.on(expressPrefilled, (_, { fullname, email }) => ({ fullname, email }));
$preferences.on(expressPrefilled, (_, { ct_subscribed, organisers }) => ({ ct_subscribed, organisers }));
$account.on(accountFieldChanged, (account, { field, value }) => ({ ...account, [field]: value }));
// Each error clears when its own field changes.
$accountErrors.on(accountFieldChanged, (errors, { field }) => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
});
$preferences.on(newsletterChanged, (p, checked) => ({ ...p, ct_subscribed: checked }));
$preferences.on(organiserPreferenceChanged, (p, { id, checked }) => ({
  ...p,
  organisers: { ...p.organisers, [String(id)]: checked },
}));

/** The express account needs a valid email and a full name of two parts. */
export function validateAccount(account: AccountFields): AccountErrors {
  const errors: AccountErrors = {};
  if (!isValidFullName(account.fullname)) errors.fullname = messages.expressFullNameRequired;
  if (!isValidEmail(account.email.trim())) errors.email = messages.expressInvalidEmail;
  return errors;
}

// ---- Pay: the account form with the card form ----------------------------------------------------------------------

// Checked on Pay with the card fields, so the account's errors show with the card's (not only once the card is valid).
$accountErrors.on(
  sample({
    clock: cardPayClicked,
    source: { context: $context, account: $account },
    filter: ({ context }) => context?.express ?? false,
    fn: ({ account }) => validateAccount(account),
  }),
  (_, errors) => errors,
);

const checked = sample({
  clock: cardValid,
  source: { context: $context, account: $account, contact: $contact },
  filter: ({ context }) => context?.express ?? false,
  fn: ({ context, account, contact }) => ({
    errors: validateAccount(account),
    contactError: context?.requirePhone && !isValidPhone(contact) ? messages.invalidPhone : null,
  }),
});
$accountErrors.on(checked, (_, { errors }) => errors);
$contactError.on(checked, (current, { contactError }) => contactError ?? current);
sample({
  clock: checked,
  filter: ({ errors, contactError }) => Object.keys(errors).length === 0 && contactError === null,
  fn: () => 'card' as const,
  target: payClicked,
});

/** The set_account_details request of this attempt (the billing postcode and its country come from the card form). */
export function accountRequest(
  account: AccountFields,
  preferences: ExpressPreferences,
  contact: string,
  postcode: string,
  country?: string,
): SetAccountDetailsRequest {
  const code = Number(country);
  return {
    fullname: account.fullname.trim(),
    email: account.email.trim(),
    address: { postcode: postcode.trim(), ...(Number.isInteger(code) && code > 0 ? { country: code } : {}) },
    contact_number: contact.trim(),
    organiser_subscribed_marketing: preferences.organisers,
    ct_subscribed: preferences.ct_subscribed,
  };
}

export const setAccountDetailsFx = attach({
  source: $deps,
  effect: async (deps, { request }: { request: SetAccountDetailsRequest; key: string }) => {
    await apiOf(deps).setAccountDetails(request);
  },
});

sample({
  clock: attemptReady,
  source: { context: $context, account: $account, preferences: $preferences, card: $card },
  filter: ({ context }, { method }) => method === 'card' && (context?.express ?? false),
  fn: ({ account, preferences, card }, { key, contact }) => ({
    request: accountRequest(account, preferences, contact, card.postcode, card.country),
    key,
  }),
  target: setAccountDetailsFx,
});
// The account exists and holds the sale: now the card, with the attempt's key.
sample({ clock: setAccountDetailsFx.done, fn: ({ params }) => ({ key: params.key }), target: payByCardFx });

/** The server's field errors, each shown on its field with the spec's sentence for that kind. */
const refused = setAccountDetailsFx.failData.map((error) => ({
  fields: fieldErrorsOf(error),
  text: serverMessageOf(error) ?? messages.addressNotFound,
}));
$accountErrors.on(refused, (errors, { fields }) => ({
  ...errors,
  ...(fields.email ? { email: messages.expressInvalidEmail } : {}),
  ...(fields.fullname ? { fullname: messages.expressFullNameRequired } : {}),
}));
$contactError.on(refused, (current, { fields }) => (fields.contact_number ? messages.invalidPhone : current));
$cardErrors.on(refused, (errors, { fields }) =>
  fields.address ? { ...errors, postcode: messages.addressNotFound } : errors,
);
const onFields = (fields: Record<string, string>) =>
  ['email', 'fullname', 'contact_number', 'address'].some((name) => name in fields);
sample({ clock: refused, filter: ({ fields }) => onFields(fields), target: paymentCancelled });
sample({ clock: refused, filter: ({ fields }) => !onFields(fields), fn: ({ text }) => text, target: paymentReset });
