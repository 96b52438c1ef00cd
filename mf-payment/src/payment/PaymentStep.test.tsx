import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_METHODS, type Checkout } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as paymentMessages from '@checkout/shared/messages/payment';
import { sampleCheckout } from '@checkout/shared/testing';
import { renderStep } from '../testing-ui';
import { availableMethodsOf, PaymentStep } from './PaymentStep';
import { InAppBrowserNotice } from './ui/InAppBrowserNotice';
import { ScheduleTable } from './instalments/InstalmentPanel';

const paying = (over: Parameters<typeof sampleCheckout>[0] = {}) => sampleCheckout({ state: 'payment', ...over });

test('stripe-type: the card is chosen, Billing and Card details are labelled, the heading has focus', async () => {
  renderStep(PaymentStep, { state: 'payment', checkout: paying() });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
  expect(screen.getByRole('group', { name: 'Choose your payment method' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Credit or Debit Card' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('button', { name: 'Instant Bank Transfer' })).not.toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Billing' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
});

test('an incomplete card: errors linked to their fields, focus on the first', async () => {
  const user = userEvent.setup();
  renderStep(PaymentStep, { state: 'payment', checkout: paying() });
  await user.click(screen.getByRole('button', { name: /^Pay / }));
  const postcode = screen.getByRole('textbox', { name: 'Billing postcode' });
  expect(postcode).toHaveFocus();
  expect(postcode).toHaveAccessibleDescription('Type your postcode or zip code');
});

test('square-type GBP: both methods, bank prepared on arrival, nothing chosen', async () => {
  const props = renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({ opoa: { provider: 'square', merchant_id: 'sq', overridden: false } }),
  });
  expect(await screen.findByRole('button', { name: 'Instant Bank Transfer' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Credit or Debit Card' })).toHaveAttribute('aria-pressed', 'false');
  expect(props.api.payloadsOf('createTruelayerPayment')).toHaveLength(1);
});

test('square-type GBP basket of 2000 or more: bank transfer only (chosen), no card option', async () => {
  renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({ basket_total: 2000, opoa: { provider: 'square', merchant_id: 'sq', overridden: false } }),
  });
  expect(await screen.findByRole('button', { name: 'Instant Bank Transfer' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('button', { name: 'Credit or Debit Card' })).not.toBeInTheDocument();
});

test('a contact number is required when the basket asks for one', async () => {
  const user = userEvent.setup();
  const props = renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({
      has_require_phone_number: true,
      opoa: { provider: 'square', merchant_id: 'sq', overridden: false },
    }),
  });
  await user.click(await screen.findByRole('button', { name: 'Instant Bank Transfer' }));
  await user.click(screen.getAllByRole('button', { name: /^Pay / })[0]!);
  expect(screen.getByRole('textbox', { name: 'Contact number' })).toHaveAccessibleDescription(
    paymentMessages.invalidPhone,
  );
  expect(props.api.payloadsOf('payWithTruelayer')).toEqual([]);
});

test('the payment error from the server shows in the error box', async () => {
  renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying(),
    api: { getPaymentError: async () => 'Authentication failed.' },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed.');
});

test('no payment integration: the sentence names the organiser that lacks one, no methods', () => {
  const base = paying({ opoa: null });
  const paysAlready = base.organisers[0] as (typeof base.organisers)[number];
  const checkout = {
    ...base,
    organisers: [paysAlready, { ...paysAlready, name: 'St Mary’s Village Hall', takes_payments: false }],
  };
  renderStep(PaymentStep, { state: 'payment', checkout });
  expect(screen.getByRole('alert')).toHaveTextContent(commonMessages.noPaymentIntegration('St Mary’s Village Hall'));
  expect(screen.getByRole('alert')).not.toHaveTextContent(paysAlready.name);
  expect(screen.queryByRole('group', { name: 'Choose your payment method' })).not.toBeInTheDocument();
});

test('a way of paying the server does not take now is not offered at all', async () => {
  renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({
      opoa: { provider: 'square', merchant_id: 'sq', overridden: false },
      available_payment_methods: ['bank_transfer', 'card', 'instalment'],
    }),
  });
  expect(await screen.findByRole('button', { name: 'Instant Bank Transfer' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('button', { name: 'Credit or Debit Card' })).not.toBeInTheDocument();
});

test('no way of paying available: one sentence instead of an empty list of methods', () => {
  renderStep(PaymentStep, { state: 'payment', checkout: paying({ available_payment_methods: [] }) });
  expect(screen.getByRole('alert')).toHaveTextContent(paymentMessages.noPaymentMethodAvailable);
  expect(screen.queryByRole('group', { name: 'Choose your payment method' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
});

test('a checkout read by a shell that does not know the field yet offers every method', () => {
  const { available_payment_methods: _dropped, ...older } = paying();
  expect(availableMethodsOf(older as Checkout)).toEqual(PAYMENT_METHODS);
  expect(availableMethodsOf(paying({ available_payment_methods: ['square'] }))).toEqual(['square']);
});

test('a basket of two organisers who both take payments is paid by card, collected by the marketplace', () => {
  const base = paying({ opoa: null });
  const first = base.organisers[0] as (typeof base.organisers)[number];
  renderStep(PaymentStep, {
    state: 'payment',
    checkout: { ...base, organisers: [first, { ...first, name: 'Lumen Live' }] },
  });
  expect(screen.queryByText(/payment integration has not yet been configured/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Credit or Debit Card' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
});

test('zero total: titled Claiming free tickets, claims at once and moves on', async () => {
  const props = renderStep(PaymentStep, { state: 'payment', checkout: paying({ basket_total: 0 }) });
  expect(screen.getByRole('heading', { level: 1, name: 'Claiming free tickets' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(paymentMessages.freeTicketsBeingClaimed);
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('deliver_tickets'));
});

test('express: titled Complete purchase', () => {
  renderStep(PaymentStep, { state: 'payment', checkout: paying({ express: true }) });
  expect(screen.getByRole('heading', { level: 1, name: 'Complete purchase' })).toBeInTheDocument();
});

test('instalments: months without key 1, the schedule with its first-row note, the mobile field and Pay with the first amount', async () => {
  const user = userEvent.setup();
  renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({
      payment_plan_schedule_options: {
        '1': { label: 'Pay in full', schedule: [{ uk_due: 'Today', value: 86.25 }] },
        '3': {
          label: '3 monthly payments',
          schedule: [
            { uk_due: 'Today', value: 30.25 },
            { uk_due: '1 June 2026', value: 28 },
            { uk_due: '1 July 2026', value: 28 },
          ],
        },
      },
    }),
  });
  // A plan exists: nothing is auto-selected.
  expect(screen.getByRole('button', { name: 'Credit or Debit Card' })).toHaveAttribute('aria-pressed', 'false');
  await user.click(screen.getByRole('button', { name: 'Pay in instalments: Set up a payment plan' }));
  const months = screen.getByRole('combobox', { name: 'Number of months' });
  expect([...(months as HTMLSelectElement).options].map((o) => o.text)).toEqual(['3 monthly payments']);
  expect(screen.getAllByRole('row')).toHaveLength(4);
  expect(screen.getByText('Covers the initial payment, any tickets paid in full and any fees')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Please enter a mobile number *' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'New payment card' })).toBeChecked();
  // No saved cards: no 'Make default payment method'.
  expect(screen.queryByRole('checkbox', { name: 'Make default payment method' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay £30.25' })).toBeInTheDocument();
});

test('the schedule table renders every row with its amount', () => {
  render(
    <ScheduleTable
      currencySymbol="£"
      option={{
        label: '2',
        schedule: [
          { uk_due: 'Today', value: 10 },
          { uk_due: '1 May', value: 1234.5 },
        ],
      }}
    />,
  );
  expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual([
    'Due dateAmount',
    'TodayCovers the initial payment, any tickets paid in full and any fees£10.00',
    '1 May£1,234.50',
  ]);
});

test('in-app browser notice: shown only when incompatible; Copy link says Copied for 2 s', async () => {
  jest.useFakeTimers();
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const { rerender } = render(<InAppBrowserNotice incompatible={false} url="https://x/checkout/" />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  rerender(<InAppBrowserNotice incompatible url="https://x/checkout/" />);
  expect(screen.getByRole('alert')).toHaveTextContent(paymentMessages.incompatibleBrowser);
  await act(async () => screen.getByRole('button', { name: 'Copy link' }).click());
  expect(writeText).toHaveBeenCalledWith('https://x/checkout/');
  expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  await act(async () => jest.advanceTimersByTime(2000));
  expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  jest.useRealTimers();
});

test('express checkout: Complete purchase, the Account form, the purchase-terms note and the Preferences', async () => {
  const user = userEvent.setup();
  const props = renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({ express: true, has_require_phone_number: true }),
    user: null,
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Complete purchase' })).toBeInTheDocument();
  const account = screen.getByRole('group', { name: 'Account' });
  expect(account).toContainElement(screen.getByRole('textbox', { name: 'Full name' }));
  expect(account).toContainElement(screen.getByRole('textbox', { name: 'Email address' }));
  expect(account).toContainElement(screen.getByRole('textbox', { name: 'Contact number' }));
  expect(screen.getByRole('link', { name: 'purchase terms and conditions' })).toHaveAttribute(
    'href',
    '/legal-information/purchase-terms-and-conditions/',
  );
  const preferences = screen.getByRole('group', { name: 'Preferences' });
  expect(preferences).toContainElement(
    screen.getByRole('checkbox', { name: 'Riverside Live: Hear about new shows from Riverside Live first' }),
  );
  expect(preferences).toContainElement(
    screen.getByRole('checkbox', { name: 'Send me the newsletter with events and offers' }),
  );
  await user.type(screen.getByRole('textbox', { name: 'Billing postcode' }), 'BS1 4QA');
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/34');
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await user.click(screen.getByRole('button', { name: /^Pay / }));
  expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
    paymentMessages.expressInvalidEmail,
  );
  expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
    paymentMessages.expressFullNameRequired,
  );
  expect(props.api.payloadsOf('setAccountDetails')).toEqual([]);
});

test('square-type card: Billing address and Secure Payment, the widget attached, Pay tokenises and pays', async () => {
  const user = userEvent.setup();
  const attached: string[] = [];
  window.Square = {
    payments: () => ({
      card: async () => ({
        attach: async (selector: string) => void attached.push(selector),
        tokenize: async () => ({ status: 'OK', token: 'cnon_test' }),
      }),
    }),
  };
  const props = renderStep(PaymentStep, {
    state: 'payment',
    checkout: paying({ opoa: { provider: 'square', merchant_id: 'sq', overridden: false } }),
  });
  await user.click(await screen.findByRole('button', { name: 'Credit or Debit Card' }));
  expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Secure Payment' })).toBeInTheDocument();
  await waitFor(() => expect(attached).toEqual(['#square-card']));
  expect(props.api.payloadsOf('getSquareCredentials')).toHaveLength(1);
  await user.type(screen.getByRole('textbox', { name: 'Billing postcode' }), 'BS1 4QA');
  const pay = screen.getAllByRole('button', { name: /^Pay / })[0]!;
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  await waitFor(() => expect(props.api.payloadsOf('payWithSquare')).toHaveLength(1));
  expect(props.api.payloadsOf('payWithSquare')[0]).toMatchObject({
    source_id: 'cnon_test',
    billing_address_data: { postcode: 'BS1 4QA' },
  });
  delete window.Square;
});
