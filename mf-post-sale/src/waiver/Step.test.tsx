import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import { fakeStepProps, sampleCheckout } from '@checkout/shared/testing';
import { WaiverStep } from './Step';

const REFERENCE = 'CT-ABCDEFGHJKLMNPQR';
const KEY = 'AbCdEfGhIjKlMnOpQrStUv';
/** The link as the server keyed it: the reference alone would open nothing. */
const LINK = `${window.location.origin}/activity-terms-and-conditions/${REFERENCE}/?key=${KEY}`;

function open() {
  const props = fakeStepProps({
    state: 'waiver',
    checkout: sampleCheckout({ state: 'waiver', sale_reference: REFERENCE, has_waivers: true, waiver_key: KEY }),
  });
  render(
    <Provider value={props.scope}>
      <WaiverStep {...props} />
    </Provider>,
  );
  return props;
}

const setNavigator = (name: 'share' | 'clipboard', value: unknown) =>
  Object.defineProperty(window.navigator, name, { value, configurable: true, writable: true });

afterEach(() => {
  setNavigator('share', undefined);
  setNavigator('clipboard', undefined);
});

test('the heading, the party sentences and the link; no Share button where the device cannot share', () => {
  open();
  expect(screen.getByRole('heading', { level: 1, name: 'Activity Terms and Conditions' })).toHaveFocus();
  expect(screen.getByText(/Share this link with all members of your booking party/)).toBeInTheDocument();
  expect(screen.getByText('All visitors must sign before arrival on-site.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Waiver link' })).toHaveValue(LINK);
  expect(screen.getByRole('link', { name: /Open the waiver/ })).toHaveAttribute('href', LINK);
  expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
});

test('Copy link: the link on the clipboard and the "Link copied" toast', async () => {
  const writeText = jest.fn(async () => undefined);
  setNavigator('clipboard', { writeText });
  const props = open();
  await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(props.notifications().map((n) => n.text)).toEqual(['Link copied']));
  expect(writeText).toHaveBeenCalledWith(LINK);
});

test('Share, where the device can: the spec title and text with the link', async () => {
  const share = jest.fn(async () => undefined);
  setNavigator('share', share);
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith({
    title: 'Waiver to be signed',
    text: 'Please sign the following waiver.',
    url: LINK,
  });
});

test('Continue moves the checkout on', async () => {
  const props = open();
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).not.toBe('waiver'));
});
