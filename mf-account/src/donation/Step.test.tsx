import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { type Charity } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/donation';
import { renderStep } from '../testing-ui';
import { DonationStep } from './Step';

const charity: Charity = {
  id: 1,
  name: 'Harbour Lifeboat Trust',
  logo: '/assets/demo/lifeboat-logo.svg',
  description_html:
    '<p>Crews answer calls <strong>day and night</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  donation_checkout_title: 'Would you like to add a donation?',
  donation_options: [5, 10, 20, 50],
  base_fee: 0.2,
  booking_fee: 1.5,
  booking_fee_includes_vat: true,
  booking_fee_vat: 20,
  booking_fee_cap: 5,
};

const open = (api: Parameters<typeof renderStep>[1]['api'] = {}) =>
  renderStep(DonationStep, { state: 'donation', checkout: sampleCheckout({ state: 'donation', charity }), api });

test("shows the charity's title, name, logo, sanitised description and the fee notice", async () => {
  open();
  expect(screen.getByRole('heading', { level: 1, name: 'Would you like to add a donation?' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Harbour Lifeboat Trust' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Harbour Lifeboat Trust logo' })).toHaveAttribute(
    'src',
    '/assets/demo/lifeboat-logo.svg',
  );
  expect(await screen.findByText('day and night')).toBeInTheDocument();
  const description = screen.getByText('day and night').closest('.donation__description') as HTMLElement;
  expect(description.innerHTML).not.toMatch(/onerror|<script/);
  // 1.5 % and 20p, each plus 20 % VAT
  expect(screen.getByText(/A fee of 1.8% \+ 24p is added/)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Donation amount' })).toBeInTheDocument();
  expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['5', '10', '20', '50']);
  expect(screen.getByRole('radio', { name: '£20.00' })).toBeInTheDocument();
  expect(screen.getByRole('spinbutton', { name: 'Other amount' })).toHaveAttribute('step', '0.01');
});

test('a preset amount shows its fee, is saved, and the step moves to Gift Aid once the checkout has reloaded', async () => {
  const user = userEvent.setup();
  const props = open();
  await user.click(screen.getByRole('radio', { name: '£20.00' }));
  // 0.20 + 1.5 % of 20 = 0.50, plus 20 % VAT = 0.60
  expect(screen.getByText('Your donation £20.00 + fee £0.60 = £20.60')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add donation' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('gift_aid'));
  expect(props.api.payloadsOf('saveDonation')).toEqual([{ amount_before_booking_fee: 20, charity_id: 1 }]);
  expect(props.api.log.map((c) => c.name)).toEqual(['saveDonation', 'getCheckout']);
});

test('no amount, or under 1, is refused with the spec messages and focus goes to the choice', async () => {
  const user = userEvent.setup();
  const props = open();
  await user.click(screen.getByRole('button', { name: 'Add donation' }));
  expect(await screen.findByText(messages.selectAmount)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Donation amount' })).toHaveAccessibleDescription(messages.selectAmount);
  expect(screen.getByRole('radio', { name: '£5.00' })).toHaveFocus();

  const other = screen.getByRole('spinbutton', { name: 'Other amount' });
  await user.type(other, '0.5');
  await user.click(screen.getByRole('button', { name: 'Add donation' }));
  expect(await screen.findByText(messages.donationAmountRequired)).toBeInTheDocument();
  expect(other).toHaveAttribute('aria-invalid', 'true');
  expect(other).toHaveFocus();
  expect(props.api.payloadsOf('saveDonation')).toEqual([]);
});

test('Skip donation moves on without saving', async () => {
  const user = userEvent.setup();
  const props = open();
  await user.click(screen.getByRole('button', { name: 'Skip donation' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('login'));
  expect(props.api.payloadsOf('saveDonation')).toEqual([]);
});

test('a failed save: the toast and the inline message', async () => {
  const user = userEvent.setup();
  const props = open({ saveDonation: failWith(apiFailure('saveDonation')) });
  await user.click(screen.getByRole('radio', { name: '£10.00' }));
  await user.click(screen.getByRole('button', { name: 'Add donation' }));
  expect(await screen.findByText(messages.donationAmountProblem)).toBeInTheDocument();
  expect(props.notifications().map((n) => n.text)).toEqual([messages.saveDonationFailed]);
  expect(props.scope.getState(props.stores.$state)).toBe('donation');
});
