import { allSettled } from 'effector';
import { apiFailure, failWith } from '@checkout/shared/testing';
import { type MarketingPreferences } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/marketing-preferences';
import { modelScope } from '../testing';
import {
  $choices,
  continueClicked,
  eventUpdatesChanged,
  newsletterChanged,
  organiserChanged,
  preferencesReloaded,
  preferencesShown,
} from './model';

const preferences = (over: Partial<MarketingPreferences> = {}): MarketingPreferences => ({
  ct_subscribed: false,
  event_subscribed: true,
  basket_organisers: [
    {
      id: 3,
      name: 'Riverside Live',
      organiser_subscribed: false,
      marketing_signup_message: 'Hear about new shows first',
    },
    { id: 4, name: 'Folk Collective', organiser_subscribed: true, marketing_signup_message: 'Folk news' },
  ],
  ...over,
});

async function shown(setup: ReturnType<typeof modelScope>, p = preferences()) {
  await allSettled(preferencesShown, { scope: setup.scope, params: { deps: setup.deps, preferences: p } });
}

test("starts from the checkout's preferences", async () => {
  const setup = modelScope();
  await shown(setup);
  expect(setup.scope.getState($choices)).toEqual({
    ct_subscribed: false,
    event_subscribed: true,
    organisers: { 3: false, 4: true },
  });
});

test('Continue saves every choice, then completes the step', async () => {
  const setup = modelScope();
  await shown(setup);
  await allSettled(newsletterChanged, { scope: setup.scope, params: true });
  await allSettled(eventUpdatesChanged, { scope: setup.scope, params: false });
  await allSettled(organiserChanged, { scope: setup.scope, params: { id: 3, subscribed: true } });
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.api.payloadsOf('setMarketingPreferences')).toEqual([
    { ct_subscribed: true, event_subscribed: false, organiser_subscribed_marketing: { 3: true, 4: true } },
  ]);
  expect(setup.sent).toEqual([{ kind: 'stepCompleted' }]);
});

test('a reloaded checkout (just signed in) replaces untouched choices, never changed ones', async () => {
  const setup = modelScope();
  await shown(setup);
  await allSettled(preferencesReloaded, { scope: setup.scope, params: preferences({ ct_subscribed: true }) });
  expect(setup.scope.getState($choices).ct_subscribed).toBe(true);
  await allSettled(eventUpdatesChanged, { scope: setup.scope, params: false });
  await allSettled(preferencesReloaded, {
    scope: setup.scope,
    params: preferences({ ct_subscribed: false, event_subscribed: true }),
  });
  expect(setup.scope.getState($choices)).toMatchObject({ ct_subscribed: true, event_subscribed: false });
});

test('a failure toasts the spec message and stays', async () => {
  const setup = modelScope({ setMarketingPreferences: failWith(apiFailure('setMarketingPreferences')) });
  await shown(setup);
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.sent).toEqual([
    { kind: 'notify', notification: { type: 'error', text: messages.marketingPreferencesFailed, group: 'marketing' } },
  ]);
});
