import { fork } from 'effector';
import { Provider } from 'effector-react';
import { render, screen, within } from '@testing-library/react';
import type { Checkout } from '@checkout/shared';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout } from '../model';
import { OrderSummaryColumn } from './OrderSummaryColumn';

function renderSummary(checkout: Checkout) {
  render(
    <Provider value={fork({ values: [[$checkout, checkout]] })}>
      <OrderSummaryColumn />
    </Provider>,
  );
  return within(screen.getByRole('region', { name: 'Order summary' }));
}

const row = (summary: ReturnType<typeof renderSummary>, label: string) => summary.getByText(label).closest('div');

describe('order summary totals (spec section 9, the same rule as the basket)', () => {
  test('fees on top: the subtotal of the lines and the fee as + amount', () => {
    const summary = renderSummary(sampleCheckout());
    expect(row(summary, 'Subtotal')).toHaveTextContent('£82.50');
    expect(row(summary, 'Booking fee')).toHaveTextContent('+ £3.75');
    expect(row(summary, 'Total')).toHaveTextContent('£86.25');
  });

  test('every fee absorbed: the fee is in the subtotal and shown in brackets', () => {
    const summary = renderSummary(sampleCheckout({ all_booking_fees_are_absorbed: true }));
    expect(row(summary, 'Subtotal')).toHaveTextContent('£86.25');
    expect(row(summary, 'Booking fee')).toHaveTextContent('(£3.75)');
  });

  test('no fee row when every event hides its fees and there are no vouchers', () => {
    const checkout = sampleCheckout({ gift_vouchers: [], basket_total: 66.25 });
    checkout.tickets = checkout.tickets.map((t) => ({ ...t, event_hide_booking_fee: true }));
    const summary = renderSummary(checkout);
    expect(summary.queryByText('Booking fee')).not.toBeInTheDocument();
    expect(row(summary, 'Subtotal')).toHaveTextContent('£62.50');
  });
});
