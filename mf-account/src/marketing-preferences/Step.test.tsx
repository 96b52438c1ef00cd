import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import * as messages from '@checkout/shared/messages/marketing-preferences';
import { copy } from './copy';
import { renderStep } from '../testing-ui';
import { MarketingPreferencesStep } from './Step';

const checkout = () =>
  sampleCheckout({
    state: 'marketing_preferences',
    marketing_preferences: {
      ct_subscribed: false,
      event_subscribed: true,
      basket_organisers: [
        {
          id: 3,
          name: 'Riverside Live',
          organiser_subscribed: false,
          marketing_signup_message: 'Hear about new shows from Riverside Live first',
        },
        {
          id: 4,
          name: 'Folk Collective',
          organiser_subscribed: true,
          marketing_signup_message: 'Get first dibs on tickets',
        },
      ],
    },
  });

test('one checkbox each for the newsletter, event updates and every basket organiser; Continue saves them', async () => {
  const user = userEvent.setup();
  const props = renderStep(MarketingPreferencesStep, { state: 'marketing_preferences', checkout: checkout() });
  expect(screen.getByRole('heading', { level: 1, name: 'Keep updated' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: copy.legend })).toBeInTheDocument();
  const newsletter = screen.getByRole('checkbox', { name: copy.ctSubscribed });
  const events = screen.getByRole('checkbox', { name: copy.eventSubscribed });
  // Each organiser's box is named for it, before its own sign-up message in its own words.
  const organiser = screen.getByRole('checkbox', {
    name: 'Riverside Live: Hear about new shows from Riverside Live first',
  });
  const folk = screen.getByRole('checkbox', { name: 'Folk Collective: Get first dibs on tickets' });
  expect(folk).toBeChecked();
  expect(newsletter).not.toBeChecked();
  expect(events).toBeChecked();
  await user.click(newsletter);
  await user.click(organiser);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('payment'));
  expect(props.api.payloadsOf('setMarketingPreferences')).toEqual([
    { ct_subscribed: true, event_subscribed: true, organiser_subscribed_marketing: { 3: true, 4: true } },
  ]);
});

test('a failure shows the spec toast and stays', async () => {
  const user = userEvent.setup();
  const props = renderStep(MarketingPreferencesStep, {
    state: 'marketing_preferences',
    checkout: checkout(),
    api: { setMarketingPreferences: failWith(apiFailure('setMarketingPreferences')) },
  });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.notifications().map((n) => n.text)).toEqual([messages.marketingPreferencesFailed]));
  expect(props.scope.getState(props.stores.$state)).toBe('marketing_preferences');
});

test('an organiser without a sign-up message gets no checkbox', () => {
  const c = checkout();
  c.marketing_preferences.basket_organisers.push({
    id: 9,
    name: 'Quiet Org',
    organiser_subscribed: false,
    marketing_signup_message: '',
  });
  renderStep(MarketingPreferencesStep, { state: 'marketing_preferences', checkout: c });
  expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  expect(screen.queryByText('Quiet Org')).toBeNull();
});
