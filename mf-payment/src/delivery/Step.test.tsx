import { act, screen, waitFor } from '@testing-library/react';
import * as messages from '@checkout/shared/messages/delivery';
import { sampleCheckout } from '@checkout/shared/testing';
import { renderStep } from '../testing-ui';
import { DeliveryStep } from './Step';

afterEach(() => {
  jest.useRealTimers();
  delete window.dataLayer;
});

test('delivers, reports the purchase to the dataLayer and moves on after 3 s', async () => {
  jest.useFakeTimers();
  const props = renderStep(DeliveryStep, {
    state: 'deliver_tickets',
    checkout: sampleCheckout({ state: 'deliver_tickets', sale_reference: 'REF1' }),
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Payment complete');
  await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(
    await screen.findByText('Delivered! Your tickets are in your ticket wallet and on their way to your email', {
      selector: '[role=status]',
    }),
  ).toBeInTheDocument();
  // Delivered: the checkout is reloaded (the tickets exist now) for the steps after this one.
  expect(props.api.log.map((c) => c.name)).toEqual(['deliverToBitticket', 'deliverToWallet', 'getCheckout']);
  expect(window.dataLayer).toEqual([
    expect.objectContaining({ event: 'purchase', ecommerce: expect.objectContaining({ transaction_id: 'REF1' }) }),
  ]);
  expect(props.scope.getState(props.stores.$state)).toBe('deliver_tickets');
  await act(() => jest.advanceTimersByTimeAsync(3000));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).not.toBe('deliver_tickets'));
});

test('a payment plan: the wording says some tickets come at the end of the schedule', () => {
  renderStep(DeliveryStep, {
    state: 'deliver_tickets',
    checkout: sampleCheckout({ state: 'deliver_tickets', payment_plan_remaining: true }),
  });
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

test('each message once: the lines done in the list, the current one in the status', async () => {
  jest.useFakeTimers();
  renderStep(DeliveryStep, {
    state: 'deliver_tickets',
    checkout: sampleCheckout({ state: 'deliver_tickets', sale_reference: 'REF1' }),
  });
  expect(screen.getAllByText('Payment complete')).toHaveLength(1);
  await act(() => jest.advanceTimersByTimeAsync(1000));
  const delivered = 'Delivered! Your tickets are in your ticket wallet and on their way to your email';
  expect(await screen.findByText(delivered, { selector: '[role=status]' })).toBeInTheDocument();
  for (const line of [
    'Payment complete',
    'Delivering your tickets to your ticket wallet',
    'Sending your ticket wallet to your email',
    delivered,
  ]) {
    expect(screen.getAllByText(line)).toHaveLength(1);
  }
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Payment complete',
    'Delivering your tickets to your ticket wallet',
    'Sending your ticket wallet to your email',
  ]);
});

test('a free claim says its own words, not that a payment was taken', async () => {
  jest.useFakeTimers();
  renderStep(DeliveryStep, {
    state: 'deliver_tickets',
    checkout: sampleCheckout({ state: 'deliver_tickets', basket_total: 0 }),
  });
  expect(screen.getByRole('status')).toHaveTextContent(messages.freeTicketsClaimed);
  expect(screen.queryByText('Payment complete')).not.toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(1000));
  await screen.findByText('Delivered! Your tickets are in your ticket wallet and on their way to your email', {
    selector: '[role=status]',
  });
  expect(screen.getAllByText(messages.freeTicketsClaimed)).toHaveLength(1);
  expect(screen.queryByText('Payment complete')).not.toBeInTheDocument();
});
