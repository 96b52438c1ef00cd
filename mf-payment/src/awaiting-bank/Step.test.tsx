import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as messages from '@checkout/shared/messages/awaiting-bank';
import { sampleCheckout } from '@checkout/shared/testing';
import { renderStep } from '../testing-ui';
import { AwaitingBankStep } from './Step';

afterEach(() => jest.useRealTimers());

test('cancelled at the bank: the sentence and a way back to the payment step', async () => {
  const user = userEvent.setup();
  const props = renderStep(AwaitingBankStep, {
    state: 'awaiting_truelayer',
    checkout: sampleCheckout({ state: 'awaiting_truelayer', truelayer_returned_from: 0 }),
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent(messages.bankCancelled);
  await user.click(screen.getByRole('button', { name: 'Try a different payment method' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('payment'));
  expect(props.api.payloadsOf('getTruelayerStatus')).toEqual([]);
});

test('executed: the amount and reference, and Continue goes on', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const props = renderStep(AwaitingBankStep, {
    state: 'awaiting_truelayer',
    checkout: sampleCheckout({ state: 'awaiting_truelayer', truelayer_returned_from: 1 }),
    api: {
      getTruelayerStatus: async () => ({
        truelayer_status: {
          status: 'executed',
          payment_completed: true,
          reference: 'TL-9',
          total: 1234.5,
          checkout_expires_in: 300,
          truelayer_status_error: null,
        },
      }),
    },
  });
  expect(screen.getByRole('status')).toHaveTextContent('Checking your payment with your bank');
  await act(() => jest.advanceTimersByTimeAsync(2000));
  expect(await screen.findByText('Ref: TL-9')).toBeInTheDocument();
  expect(screen.getByText('£1,234.50')).toBeInTheDocument();
  expect(props.scope.getState(props.stores.$secondsRemaining)).toBe(300);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('deliver_tickets'));
});
