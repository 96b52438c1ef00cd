import { createEffect, createEvent, createStore, sample } from 'effector';
import { giftAidAddressRequired, noErrors, type ApiClient } from '@checkout/shared';
import * as deliveryAddressMessages from '@checkout/shared/messages/delivery-address';
import * as giftAidMessages from '@checkout/shared/messages/gift-aid';
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

export interface GiftAidForm {
  optedIn: boolean;
  /** The three confirmations: UK taxpayer, own money, not gambling or a raffle. */
  taxpayer: boolean;
  ownMoney: boolean;
  notGambling: boolean;
  /** The UK-taxpayer choice: living in the UK, or overseas. */
  ukResident: boolean;
  address1: string;
  postcode: string;
  subscribe: boolean;
}

export type GiftAidErrors = Partial<Record<'confirm' | 'address1' | 'postcode', string>>;

const EMPTY: GiftAidForm = {
  optedIn: false,
  taxpayer: false,
  ownMoney: false,
  notGambling: false,
  ukResident: true,
  address1: '',
  postcode: '',
  subscribe: false,
};

/** Opted in needs all three confirmations, and at 20 or more the address the residence asks for. */
export function giftAidErrors(form: GiftAidForm, amount: number): GiftAidErrors {
  if (!form.optedIn) return {};
  const errors: GiftAidErrors = {};
  if (!form.taxpayer || !form.ownMoney || !form.notGambling) errors.confirm = copy.confirmAll;
  const required = giftAidAddressRequired(amount, form.ukResident);
  if (required.address1 && form.address1.trim() === '')
    errors.address1 = deliveryAddressMessages.addressLine1Required('your');
  if (required.postcode && form.postcode.trim() === '')
    errors.postcode = deliveryAddressMessages.postcodeFieldRequired('your');
  return errors;
}

/** The step was mounted with the donation saved on the previous step (amount before the booking fee). */
export const giftAidShown = createEvent<{ deps: StepDeps; amount: number; isGiftAid: boolean }>();
export const formChanged = createEvent<Partial<GiftAidForm>>();
export const continueClicked = createEvent();

export const updateDonationFx = createEffect(
  ({ api, form, amount }: { api: ApiClient; form: GiftAidForm; amount: number }) => {
    const required = giftAidAddressRequired(amount, form.ukResident);
    return api.updateDonation({
      is_gift_aid: form.optedIn,
      subscribe: form.subscribe,
      uk_based: form.ukResident,
      // Only what applies is sent: no address below 20, no postcode from overseas.
      address1: form.optedIn && required.address1 ? form.address1.trim() : '',
      postcode: form.optedIn && required.postcode ? form.postcode.trim() : '',
    });
  },
);
export const $saving = updateDonationFx.pending;

export const $amount = createStore(0);
export const $form = createStore<GiftAidForm>(EMPTY);
export const $errors = createStore<GiftAidErrors>({});
/** The inline save error. */
export const $saveError = createStore<string | null>(null);
export const $refusals = createStore(0);

sample({ clock: giftAidShown, fn: ({ deps }) => deps, target: depsReceived });
$amount.on(giftAidShown, (_, { amount }) => amount);
$form.on(giftAidShown, (_, { isGiftAid }) => ({ ...EMPTY, optedIn: isGiftAid }));
for (const $store of [$errors, $saveError, $refusals]) $store.reset(giftAidShown);

$form.on(formChanged, (form, change) => ({ ...form, ...change }));
// An error goes once its field is changed; the rest stay until the next Continue.
$errors.on(formChanged, (errors, change) => {
  const next = { ...errors };
  if ('taxpayer' in change || 'ownMoney' in change || 'notGambling' in change || 'optedIn' in change)
    delete next.confirm;
  if ('address1' in change || 'ukResident' in change || 'optedIn' in change) delete next.address1;
  if ('postcode' in change || 'ukResident' in change || 'optedIn' in change) delete next.postcode;
  return next;
});
$saveError.reset(formChanged);

const requested = sample({
  clock: continueClicked,
  source: { deps: $deps, form: $form, amount: $amount, saving: $saving },
  filter: ({ saving }) => !saving,
  fn: (source) => ({ ...source, errors: giftAidErrors(source.form, source.amount) }),
});
sample({ clock: requested, fn: ({ errors }) => errors, target: $errors });
$refusals.on(sample({ clock: requested, filter: ({ errors }) => !noErrors(errors) }), (n) => n + 1);
sample({
  clock: requested,
  filter: ({ errors }) => noErrors(errors),
  fn: ({ deps, form, amount }) => ({ api: apiOf(deps), form, amount }),
  target: updateDonationFx,
});

// The checkout carries is_gift_aid: reload it for the later steps' summary.
sample({
  clock: updateDonationFx.done,
  fn: () => [{ kind: 'reloadCheckout' as const }, stepCompleted],
  target: shellCommandsSent,
});
sample({ clock: updateDonationFx.fail, fn: () => giftAidMessages.giftAidStatusProblem, target: $saveError });
sample({
  clock: updateDonationFx.fail,
  fn: () => [notifyError(giftAidMessages.updateDonationFailed, 'gift-aid')],
  target: shellCommandsSent,
});
