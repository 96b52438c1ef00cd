import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'effector-react';
import { apiFailure, failWith, fakeStepProps, type FakeStepOptions } from '@checkout/shared/testing';
import { ReserveStep } from './Step';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

function renderReserve(options: FakeStepOptions = {}) {
  const props = fakeStepProps({ state: 'reserve', ...options });
  render(
    <StrictMode>
      <Provider value={props.scope}>
        <ReserveStep {...props} />
      </Provider>
    </StrictMode>,
  );
  return props;
}

beforeEach(() => {
  delete (window as DataLayerWindow).dataLayer;
});

test("shows 'PLEASE WAIT Reserving tickets' and reserves once, even under StrictMode", async () => {
  const props = renderReserve({ api: { reserveTickets: () => new Promise(() => undefined) } });
  // Focus follows the buyer from the Reserve Basket button (now gone) to the new screen.
  expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('PLEASE WAIT Reserving tickets');
  await waitFor(() => expect(props.api.payloadsOf('reserveTickets')).toEqual([{}]));
});

test('a fresh reservation is reported to analytics, starts the countdown and moves on', async () => {
  const props = renderReserve({ secondsRemaining: null });
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('login'));
  expect(props.scope.getState(props.stores.$secondsRemaining)).toBe(900);
  const events = (window as DataLayerWindow).dataLayer ?? [];
  expect(events).toContainEqual(expect.objectContaining({ event: 'add_to_cart' }));
});

test('a demanded captcha goes to the captcha step', async () => {
  const props = renderReserve({
    api: { reserveTickets: async () => ({ captcha: true, captcha_sitekey: 'site-key' }) },
  });
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('captcha'));
  expect(props.notifications()).toEqual([]);
});

test("the server's error is shown and the basket reloaded", async () => {
  const props = renderReserve({ api: { reserveTickets: async () => ({ error: 'Sorry, Adult has sold out' }) } });
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('basket'));
  expect(props.notifications()).toEqual([{ type: 'error', text: 'Sorry, Adult has sold out' }]);
  await waitFor(() => expect(props.api.log.map((call) => call.name)).toEqual(['reserveTickets', 'getCheckout']));
});

test('a failed request shows the spec message and returns to the basket', async () => {
  const props = renderReserve({ api: { reserveTickets: failWith(apiFailure('reserveTickets')) } });
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('basket'));
  expect(props.notifications()).toEqual([
    { type: 'error', text: 'Unable to reserve ticket(s). Please try again later' },
  ]);
});
