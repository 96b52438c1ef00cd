import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  addressErrors,
  COUNTRY_UK,
  countryCode,
  giftVoucherErrors,
  isApiFailure,
  lookupEnabled,
  noErrors,
  splitFullName,
  stateRequired,
  type Address,
  type AddressErrors,
  type AddressLookupResult,
  type AddressOwner,
  type ApiClient,
  type Country,
  type CountryState,
  type GiftVoucherErrors,
  type SavedAddress,
  type User,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery-address';
import { copy } from './copy';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type StepDeps,
} from '@checkout/shared/parcel';

/** The 'new' address form as typed: selects hold ids as text ('' = none chosen). */
export interface AddressForm {
  first_name: string;
  last_name: string;
  address_1: string;
  address_2: string;
  town: string;
  postcode: string;
  country: string;
  state: string;
}

export type Selection = number | 'new';
export type DeliveryErrors = AddressErrors & GiftVoucherErrors;

export interface DeliveryStart {
  deps: StepDeps;
  user: User | null;
  /** The basket has gift vouchers: who they are from and for is asked too. */
  hasGiftVouchers: boolean;
  /** Whose address the messages name: the buyer's, or a gift recipient's. */
  owner: AddressOwner;
  /** The name a guest gave on the login step (checkout.init_guest_full_name), or null. */
  guestName?: string | null;
}

/** The name the buyer already gave: the signed-in user's, else the guest's from the login step. */
function knownName(user: User | null, guestName: string | null | undefined): { first_name: string; last_name: string } {
  if (user) return { first_name: user.first_name, last_name: user.last_name };
  return splitFullName(guestName ?? '');
}

export const emptyForm = (user: User | null, owner: AddressOwner, guestName?: string | null): AddressForm => ({
  // A recipient's name is not the buyer's: only the buyer's own address starts with their name.
  ...(owner === 'your' ? knownName(user, guestName) : { first_name: '', last_name: '' }),
  address_1: '',
  address_2: '',
  town: '',
  postcode: '',
  country: String(COUNTRY_UK),
  state: '',
});

/** The UK alone, should the country list not load: the form stays usable for most buyers. */
export const FALLBACK_COUNTRIES: Country[] = [{ id: COUNTRY_UK, name: 'United Kingdom' }];

// ---- Events -----------------------------------------------------------------------------------------------------

export const deliveryShown = createEvent<DeliveryStart>();
/** The checkout now knows the guest's name (it may arrive after the step is shown): fills an untouched name. */
export const guestNameKnown = createEvent<string>();
export const addressSelected = createEvent<Selection>();
export const fieldChanged = createEvent<Partial<AddressForm>>();
export const lookupQueryChanged = createEvent<string>();
export const findClicked = createEvent();
export const lookupResultChosen = createEvent<AddressLookupResult>();
export const deleteClicked = createEvent<number>();
export const voucherFromChanged = createEvent<string>();
export const voucherToChanged = createEvent<string>();
export const continueClicked = createEvent();

// ---- Effects: the loads fail silently ------------------------------------------------------------------------------

export const loadAddressesFx = createEffect(async (api: ApiClient): Promise<SavedAddress[]> => {
  try {
    return (await api.getUserAddresses({})).existing_addresses;
  } catch {
    return [];
  }
});

export const loadCountriesFx = createEffect(
  async (api: ApiClient): Promise<{ countries: Country[]; states: CountryState[] }> => {
    try {
      const answer = await api.getAddressAllCountriesStates({});
      return answer.countries.length > 0 ? answer : { countries: FALLBACK_COUNTRIES, states: answer.states };
    } catch {
      return { countries: FALLBACK_COUNTRIES, states: [] };
    }
  },
);

export const lookupFx = createEffect(
  async ({ api, query }: { api: ApiClient; query: string }): Promise<AddressLookupResult[]> => {
    try {
      return (await api.lookupAddress({ address: query })).possible_addresses;
    } catch {
      return [];
    }
  },
);

export const deleteAddressFx = createEffect(async ({ api, id }: { api: ApiClient; id: number }): Promise<number> => {
  await api.deleteAddress({ address_id: id });
  return id;
});

export interface DeliveryPayload {
  address: Address;
  gift_voucher_from?: string;
  gift_voucher_to?: string;
}

export const setAddressFx = createEffect(({ api, payload }: { api: ApiClient; payload: DeliveryPayload }) =>
  api.setDeliveryAddress(payload),
);

// ---- Stores -----------------------------------------------------------------------------------------------------

export const $start = createStore<Omit<DeliveryStart, 'deps'> | null>(null, { serialize: 'ignore' });
export const $saved = createStore<SavedAddress[]>([]);
export const $countries = createStore<Country[]>([]);
export const $states = createStore<CountryState[]>([]);
/** null until the saved addresses have loaded (the first one is then chosen, or the form). */
export const $selected = createStore<Selection | null>(null);
export const $form = createStore<AddressForm>(emptyForm(null, 'your'));
export const $lookupQuery = createStore('');
/** null before any search; [] when a search found nothing. */
export const $lookupResults = createStore<AddressLookupResult[] | null>(null);
export const $voucherFrom = createStore('');
export const $voucherTo = createStore('');
export const $errors = createStore<DeliveryErrors>({});
export const $refusals = createStore(0);
export const $deleting = createStore<number | null>(null);

export const $loading = combine(loadAddressesFx.pending, loadCountriesFx.pending, (a, c) => a || c);
export const $looking = lookupFx.pending;
export const $saving = setAddressFx.pending;
export const $canFind = combine($lookupQuery, $looking, (query, looking) => lookupEnabled(query) && !looking);
/** The states of the chosen country (the USA's); none for other countries. */
export const $countryStates = combine($form, $states, (form, states) =>
  stateRequired(form.country) ? states.filter((s) => s.country_id === countryCode(form.country)) : [],
);

// ---- Shown: load saved addresses, countries and states ------------------------------------------------------------

sample({ clock: deliveryShown, fn: ({ deps }) => deps, target: depsReceived });
$start.on(deliveryShown, (_, { deps: _deps, ...start }) => start);
for (const $store of [
  $saved,
  $selected,
  $lookupQuery,
  $lookupResults,
  $voucherFrom,
  $voucherTo,
  $errors,
  $refusals,
  $deleting,
])
  $store.reset(deliveryShown);
$form.on(deliveryShown, (_, { user, owner, guestName }) => emptyForm(user, owner, guestName));
$form.on(guestNameKnown, (form, name) =>
  form.first_name.trim() === '' && form.last_name.trim() === '' ? { ...form, ...splitFullName(name) } : form,
);
sample({ clock: deliveryShown, fn: ({ deps }) => deps.api, target: [loadAddressesFx, loadCountriesFx] });

$saved.on(loadAddressesFx.doneData, (_, list) => list);
$selected.on(loadAddressesFx.doneData, (selected, list) => selected ?? list[0]?.id ?? 'new');
$countries.on(loadCountriesFx.doneData, (_, { countries }) => countries);
$states.on(loadCountriesFx.doneData, (_, { states }) => states);

// ---- Choosing and editing ------------------------------------------------------------------------------------------

$selected.on(addressSelected, (_, selection) => selection);
$form.on(fieldChanged, (form, change) => {
  const next = { ...form, ...change };
  // A state belongs to its country.
  if ('country' in change && change.country !== form.country) next.state = '';
  return next;
});
$voucherFrom.on(voucherFromChanged, (_, text) => text);
$voucherTo.on(voucherToChanged, (_, text) => text);

// A field's error goes when it is changed; the others stay until the next Continue.
$errors
  .on(fieldChanged, (errors, change) => {
    const next: DeliveryErrors = { ...errors };
    for (const key of Object.keys(change) as (keyof AddressForm)[]) if (key !== 'address_2') delete next[key];
    if ('country' in change) delete next.state;
    return next;
  })
  .on(addressSelected, ({ gift_voucher_from, gift_voucher_to }) => ({
    ...(gift_voucher_from ? { gift_voucher_from } : {}),
    ...(gift_voucher_to ? { gift_voucher_to } : {}),
  }))
  .on(voucherFromChanged, ({ gift_voucher_from: _gone, ...rest }) => rest)
  .on(voucherToChanged, ({ gift_voucher_to: _gone, ...rest }) => rest);

// ---- Lookup: Find from 3 characters; a chosen result fills the form -------------------------------------------------

$lookupQuery.on(lookupQueryChanged, (_, query) => query);
sample({
  clock: findClicked,
  source: { deps: $deps, query: $lookupQuery, canFind: $canFind },
  filter: ({ canFind }) => canFind,
  fn: ({ deps, query }) => ({ api: apiOf(deps), query: query.trim() }),
  target: lookupFx,
});
$lookupResults.on(lookupFx.doneData, (_, results) => results).reset(lookupResultChosen);
$form.on(lookupResultChosen, (form, result) => ({
  ...form,
  address_1: result.formatted_address,
  address_2: result.address_line_2 ?? '',
  town: result.town,
  postcode: result.post_code,
  // The lookup covers UK postcodes.
  country: String(COUNTRY_UK),
  state: '',
}));
$errors.on(lookupResultChosen, ({ address_1: _a, town: _t, postcode: _p, country: _c, state: _s, ...rest }) => rest);

// ---- Delete a saved address ------------------------------------------------------------------------------------------

sample({
  clock: deleteClicked,
  source: { deps: $deps, deleting: $deleting },
  filter: ({ deleting }) => deleting === null,
  fn: ({ deps }, id) => ({ api: apiOf(deps), id }),
  target: deleteAddressFx,
});
$deleting.on(deleteAddressFx, (_, { id }) => id).reset(deleteAddressFx.finally);
$saved.on(deleteAddressFx.doneData, (list, id) => list.filter((a) => a.id !== id));
sample({
  clock: deleteAddressFx.doneData,
  source: { selected: $selected, saved: $saved },
  filter: ({ selected }, id) => selected === id,
  fn: ({ saved }) => saved[0]?.id ?? ('new' as const),
  target: $selected,
});
sample({
  clock: deleteAddressFx.fail,
  fn: () => [notifyError(copy.deleteFailed, 'delete-address')],
  target: shellCommandsSent,
});

// ---- Continue ------------------------------------------------------------------------------------------------------

/** What the server is sent: a saved address by id, or the whole new one (state only for the USA). */
export function addressPayload(selected: Selection, form: AddressForm): Address {
  if (selected !== 'new') return { selected_user_address_id: selected };
  const country = countryCode(form.country);
  const state = stateRequired(form.country) ? countryCode(form.state) : null;
  return {
    selected_user_address_id: 'new',
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    address_1: form.address_1.trim(),
    address_2: form.address_2.trim(),
    town: form.town.trim(),
    postcode: form.postcode.trim(),
    country: country ?? '',
    state: state ?? '',
  };
}

export function deliveryErrors(input: {
  selected: Selection | null;
  form: AddressForm;
  owner: AddressOwner;
  hasGiftVouchers: boolean;
  from: string;
  to: string;
}): DeliveryErrors {
  const address =
    input.selected === 'new'
      ? { selected_user_address_id: 'new', ...input.form }
      : { selected_user_address_id: input.selected };
  return {
    ...addressErrors(address, { owner: input.owner }),
    ...(input.hasGiftVouchers ? giftVoucherErrors(input.from, input.to) : {}),
  };
}

const requested = sample({
  clock: continueClicked,
  source: {
    deps: $deps,
    start: $start,
    selected: $selected,
    form: $form,
    from: $voucherFrom,
    to: $voucherTo,
    saving: $saving,
  },
  filter: ({ saving, start }) => !saving && start !== null,
  fn: (s) => {
    const owner = s.start?.owner ?? 'your';
    const hasGiftVouchers = s.start?.hasGiftVouchers ?? false;
    return {
      ...s,
      hasGiftVouchers,
      errors: deliveryErrors({ selected: s.selected, form: s.form, owner, hasGiftVouchers, from: s.from, to: s.to }),
    };
  },
});
sample({ clock: requested, fn: ({ errors }) => errors, target: $errors });
$refusals.on(sample({ clock: requested, filter: ({ errors }) => !noErrors(errors) }), (n) => n + 1);
sample({
  clock: requested,
  filter: ({ errors, selected }) => noErrors(errors) && selected !== null,
  fn: ({ deps, selected, form, from, to, hasGiftVouchers }) => ({
    api: apiOf(deps),
    payload: {
      address: addressPayload(selected as Selection, form),
      ...(hasGiftVouchers ? { gift_voucher_from: from.trim(), gift_voucher_to: to.trim() } : {}),
    },
  }),
  target: setAddressFx,
});

sample({ clock: setAddressFx.done, fn: () => [stepCompleted], target: shellCommandsSent });
sample({
  clock: setAddressFx.fail,
  fn: () => [notifyError(messages.deliveryAddressFailed, 'delivery-address')],
  target: shellCommandsSent,
});
// The server names the fields at fault (the same rules): show them beside the fields.
sample({
  clock: setAddressFx.failData,
  filter: (error) => isApiFailure(error) && error.fieldErrors !== undefined,
  fn: (error): DeliveryErrors => (isApiFailure(error) ? { ...error.fieldErrors } : {}),
  target: $errors,
});
