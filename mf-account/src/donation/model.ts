import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { donationAmountValid, type ApiClient, type Charity, type Donation } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/donation';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type StepDeps,
} from '@checkout/shared/parcel';

/** The step was mounted: the charity, and any donation already saved (preselected). */
export const donationShown = createEvent<{ deps: StepDeps; charity: Charity | null; saved: Donation | null }>();
/** A preset amount was picked. */
export const presetChosen = createEvent<number>();
/** The custom amount was typed (text as in the input). */
export const customChanged = createEvent<string>();
export const donateClicked = createEvent();
export const skipClicked = createEvent();
/** The shell's checkout changed (the component reports every new one). */
export const checkoutArrived = createEvent();
/** The shell finished reloading, whether or not a new checkout came (a failed reload has its own toast). */
export const reloadSettled = createEvent();

export const saveDonationFx = createEffect(
  ({ api, amount, charityId }: { api: ApiClient; amount: number; charityId: number }) =>
    api.saveDonation({ amount_before_booking_fee: amount, charity_id: charityId }),
);

export const $charity = createStore<Charity | null>(null, { serialize: 'ignore' });
export const $preset = createStore<number | null>(null);
export const $custom = createStore('');
export const $error = createStore<string | null>(null);
export const $refusals = createStore(0);
/**
 * 'reloading' from a saved donation until the reloaded checkout is in the shell: the next step (gift_aid) is chosen
 * from the checkout, so it must hold the donation first.
 */
export const $phase = createStore<'idle' | 'reloading' | 'done'>('idle');
export const $saving = combine(saveDonationFx.pending, $phase, (pending, phase) => pending || phase !== 'idle');

/** The amount chosen: a preset, or the custom text as a number; null when nothing is chosen. */
export const $amount = combine($preset, $custom, (preset, custom): number | null => {
  if (preset !== null) return preset;
  const text = custom.trim();
  return text === '' ? null : Number(text);
});

sample({ clock: donationShown, fn: ({ deps }) => deps, target: depsReceived });
$charity.on(donationShown, (_, { charity }) => charity);
for (const $store of [$error, $refusals, $phase]) $store.reset(donationShown);
// A donation saved earlier is shown again: as its preset when it is one, else as the custom amount.
$preset.on(donationShown, (_, { charity, saved }) =>
  saved && charity?.donation_options.includes(saved.amount_before_booking_fee) ? saved.amount_before_booking_fee : null,
);
$custom.on(donationShown, (_, { charity, saved }) =>
  saved && saved.amount_before_booking_fee > 0 && !charity?.donation_options.includes(saved.amount_before_booking_fee)
    ? String(saved.amount_before_booking_fee)
    : '',
);

$preset.on(presetChosen, (_, amount) => amount).on(customChanged, () => null);
$custom.on(presetChosen, () => '').on(customChanged, (_, text) => text);
$error.on([presetChosen, customChanged], () => null);

/** Nothing chosen -> 'Please select an amount.'; under 1 -> 'Choose an amount or click Skip donation'. */
export function amountError(amount: number | null): string | null {
  if (amount === null) return messages.selectAmount;
  return donationAmountValid(amount) ? null : messages.donationAmountRequired;
}

const donateRequested = sample({
  clock: donateClicked,
  source: { deps: $deps, charity: $charity, amount: $amount, saving: $saving },
  filter: ({ saving }) => !saving,
});
const refused = sample({ clock: donateRequested, filter: ({ amount }) => amountError(amount) !== null });
sample({ clock: refused, fn: ({ amount }) => amountError(amount), target: $error });
$refusals.on(refused, (n) => n + 1);
sample({
  clock: donateRequested,
  filter: ({ amount, charity }) => amountError(amount) === null && charity !== null,
  fn: ({ deps, amount, charity }) => ({
    api: apiOf(deps),
    amount: amount as number,
    charityId: (charity as Charity).id,
  }),
  target: saveDonationFx,
});

// Saved: reload the checkout, and only once it has arrived complete the step.
$phase.on(saveDonationFx.done, () => 'reloading');
sample({ clock: saveDonationFx.done, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
const reloaded = sample({ clock: checkoutArrived, source: $phase, filter: (phase) => phase === 'reloading' });
$phase.on(reloaded, () => 'done');
sample({ clock: reloaded, fn: () => [stepCompleted], target: shellCommandsSent });
// The reload failed (the shell said so): let the buyer try again.
$phase.on(reloadSettled, (phase) => (phase === 'reloading' ? 'idle' : phase));

sample({ clock: saveDonationFx.fail, fn: () => messages.donationAmountProblem, target: $error });
sample({
  clock: saveDonationFx.fail,
  fn: () => [notifyError(messages.saveDonationFailed, 'donation')],
  target: shellCommandsSent,
});

// Skip: nothing saved, so the next step is login.
sample({
  clock: skipClicked,
  source: $saving,
  filter: (saving) => !saving,
  fn: () => [stepCompleted],
  target: shellCommandsSent,
});
