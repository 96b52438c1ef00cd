import { createEffect, createEvent, createStore, sample } from 'effector';
import { type ApiClient, type MarketingPreferences } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/marketing-preferences';
import {
  $deps,
  apiOf,
  depsReceived,
  notifyError,
  shellCommandsSent,
  stepCompleted,
  type StepDeps,
} from '@checkout/shared/parcel';

/** The form: product newsletter, events subscription and each basket organiser's own list (by organiser id). */
export interface PreferenceChoices {
  ct_subscribed: boolean;
  event_subscribed: boolean;
  organisers: Record<number, boolean>;
}

const fromCheckout = (p: MarketingPreferences): PreferenceChoices => ({
  ct_subscribed: p.ct_subscribed,
  event_subscribed: p.event_subscribed,
  organisers: Object.fromEntries(p.basket_organisers.map((o) => [o.id, o.organiser_subscribed])),
});

/** The step was mounted with the checkout's preferences. */
export const preferencesShown = createEvent<{ deps: StepDeps; preferences: MarketingPreferences }>();
/** The checkout was reloaded (e.g. just after signing in): its preferences replace the form until the buyer changes it. */
export const preferencesReloaded = createEvent<MarketingPreferences>();
export const newsletterChanged = createEvent<boolean>();
export const eventUpdatesChanged = createEvent<boolean>();
export const organiserChanged = createEvent<{ id: number; subscribed: boolean }>();
export const continueClicked = createEvent();

export const savePreferencesFx = createEffect(({ api, choices }: { api: ApiClient; choices: PreferenceChoices }) =>
  api.setMarketingPreferences({
    ct_subscribed: choices.ct_subscribed,
    event_subscribed: choices.event_subscribed,
    organiser_subscribed_marketing: Object.fromEntries(Object.entries(choices.organisers).map(([id, on]) => [id, on])),
  }),
);
export const $saving = savePreferencesFx.pending;

export const $choices = createStore<PreferenceChoices>({
  ct_subscribed: false,
  event_subscribed: false,
  organisers: {},
});
/** Whether the buyer changed anything on this visit (a reload must not undo it). */
export const $touched = createStore(false);

sample({ clock: preferencesShown, fn: ({ deps }) => deps, target: depsReceived });
$touched.reset(preferencesShown);
$choices.on(preferencesShown, (_, { preferences }) => fromCheckout(preferences));
sample({
  clock: preferencesReloaded,
  source: $touched,
  filter: (touched) => !touched,
  fn: (_, p) => fromCheckout(p),
  target: $choices,
});

$choices
  .on(newsletterChanged, (c, on) => ({ ...c, ct_subscribed: on }))
  .on(eventUpdatesChanged, (c, on) => ({ ...c, event_subscribed: on }))
  .on(organiserChanged, (c, { id, subscribed }) => ({ ...c, organisers: { ...c.organisers, [id]: subscribed } }));
$touched.on([newsletterChanged, eventUpdatesChanged, organiserChanged], () => true);

sample({
  clock: continueClicked,
  source: { deps: $deps, choices: $choices, saving: $saving },
  filter: ({ saving }) => !saving,
  fn: ({ deps, choices }) => ({ api: apiOf(deps), choices }),
  target: savePreferencesFx,
});
sample({ clock: savePreferencesFx.done, fn: () => [stepCompleted], target: shellCommandsSent });
sample({
  clock: savePreferencesFx.fail,
  fn: () => [notifyError(messages.marketingPreferencesFailed, 'marketing')],
  target: shellCommandsSent,
});
