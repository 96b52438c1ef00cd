import { act, screen, waitFor } from '@testing-library/react';
import { messages } from '@checkout/shared';
import { sampleCheckout } from '@checkout/shared/testing';
import { renderStep } from '../testing-ui';
import { DeliveryStep } from './Step';

afterEach(() => {
  jest.useRealTimers();
  delete window.dataLayer;
});

test('delivers, reports the purchase to the dataLayer and moves on after 3 s', async () => {
  jest.useFakeTimers();
  const props = renderStep(DeliveryStep, { state: 'deliver_tickets', checkout: sampleCheckout({ state: 'deliver_tickets', sale_reference: 'REF1' }) });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Payment complete');
  await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(await screen.findByText('Delivered! Your tickets are in your ticket wallet and on their way to your email', { selector: '[role=status]' })).toBeInTheDocument();
  expect(props.api.log.map((c) => c.name)).toEqual(['deliverToBitticket', 'deliverToWallet']);
  expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'purchase', ecommerce: expect.objectContaining({ transaction_id: 'REF1' }) })]);
  expect(props.scope.getState(props.stores.$state)).toBe('deliver_tickets');
  await act(() => jest.advanceTimersByTimeAsync(3000));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).not.toBe('deliver_tickets'));
});

test('a payment plan: the wording says some tickets come at the end of the schedule', () => {
  renderStep(DeliveryStep, { state: 'deliver_tickets', checkout: sampleCheckout({ state: 'deliver_tickets', payment_plan_remaining: true }) });
  expect(screen.getByRole('status')).toHaveTextContent('First payment complete');
});

test('not completed: the support message with its error code', async () => {
  jest.useFakeTimers();
  const props = renderStep(DeliveryStep, {
    state: 'deliver_tickets',
    checkout: sampleCheckout({ state: 'deliver_tickets' }),
    api: { deliverToBitticket: async () => ({ delivery_completed: false }) },
  });
  await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.deliveryNotCompleted);
  expect(props.notifications().map((n) => n.text)).toEqual([messages.deliveryNotCompleted]);
});
