import { fork } from 'effector';
import { Provider } from 'effector-react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Checkout, type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, $state, destroySaleFx, getCheckoutFx } from '../model';
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

describe('the order summary shows the server breakdown, row by row, and its total', () => {
  test('each ticket and voucher line with its quantity, the booking fee, the total', () => {
    const summary = renderSummary(sampleCheckout());
    expect(row(summary, 'Adult')).toHaveTextContent('2 × Adult');
    expect(row(summary, 'Booking fee')).toHaveTextContent('£3.75');
    expect(row(summary, 'Total')).toHaveTextContent('£86.25');
  });

  test('codes, delivery, refund protection and a donation are rows of their own; a code reads as a minus', () => {
    const checkout = sampleCheckout({
      basket_total: 50,
      price_breakdown: [
        { kind: 'ticket', label: 'Stalls', detail: 'Folk by the Sea, Sat 1 Aug', quantity: 2, amount: 66, code: null },
        { kind: 'discount', label: 'Discount code FOLK5', detail: null, quantity: null, amount: -5, code: 'FOLK5' },
        { kind: 'booking_fee', label: 'Booking fee', detail: null, quantity: null, amount: 3.5, code: null },
        { kind: 'delivery', label: 'Delivery', detail: null, quantity: null, amount: 1.5, code: null },
        {
          kind: 'donation',
          label: 'Donation to Lifeboats',
          detail: 'With Gift Aid: the charity can claim 25% more at no cost to you',
          quantity: null,
          amount: 20,
          code: null,
        },
        {
          kind: 'gift_voucher_code',
          label: 'Gift voucher GIFT-DEMO-50',
          detail: null,
          quantity: null,
          amount: -36,
          code: 'GIFT-DEMO-50',
        },
      ],
    });
    const summary = renderSummary(checkout);
    expect(row(summary, 'Discount code FOLK5')).toHaveTextContent('-£5.00');
    expect(row(summary, 'Delivery')).toHaveTextContent('£1.50');
    expect(row(summary, 'Donation to Lifeboats')).toHaveTextContent('With Gift Aid');
    expect(row(summary, 'Gift voucher GIFT-DEMO-50')).toHaveTextContent('-£36.00');
    expect(row(summary, 'Total')).toHaveTextContent('£50.00');
    expect(summary.queryByText('Subtotal')).not.toBeInTheDocument();
  });
});

describe('Edit basket from the summary', () => {
  function renderAt(state: CheckoutState, checkout = sampleCheckout()) {
    const scope = fork({
      values: [
        [$checkout, checkout],
        [$state, state],
      ],
      handlers: [
        [destroySaleFx, async () => undefined],
        [getCheckoutFx, async () => checkout],
      ],
    });
    render(
      <Provider value={scope}>
        <OrderSummaryColumn />
      </Provider>,
    );
    return scope;
  }

  test.each(['basket', 'captcha', 'reserve', 'deliver_tickets', 'order_completed'] as const)(
    'not offered on %s',
    (state) => {
      renderAt(state);
      expect(screen.queryByRole('button', { name: 'Edit basket' })).not.toBeInTheDocument();
    },
  );

  test.each([
    'login',
    'marketing_preferences',
    'donation',
    'gift_aid',
    'delivery_address',
    'ticket_questions_before',
    'payment',
  ] as const)('offered on %s', (state) => {
    renderAt(state);
    expect(screen.getByRole('button', { name: 'Edit basket' })).toBeInTheDocument();
  });

  test("asks first: 'No, cancel' keeps the sale, 'Yes, I'm sure' edits and goes to the basket", async () => {
    const user = userEvent.setup();
    const scope = renderAt('payment');
    await user.click(screen.getByRole('button', { name: 'Edit basket' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent(messages.editBasketWarning);
    await user.click(screen.getByRole('button', { name: 'No, cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit basket' }));
    await user.click(screen.getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(scope.getState($state)).toBe('basket'));
  });

  test('express words it for codes', () => {
    renderAt('payment', sampleCheckout({ express: true }));
    expect(screen.getByRole('button', { name: 'Edit basket or add discount code' })).toBeInTheDocument();
  });
});

describe('the phone basket and the refund policy', () => {
  test('the toggle carries the item count, a tick once paid, the total, and opens the rows', async () => {
    const user = userEvent.setup();
    render(
      <Provider
        value={fork({
          values: [
            [$checkout, sampleCheckout({ payment_complete: true })],
            [$state, 'order_completed'],
          ],
        })}
      >
        <OrderSummaryColumn />
      </Provider>,
    );
    const toggle = screen.getByRole('button', { name: /Your basket/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('4 items in your basket');
    expect(toggle).toHaveTextContent('Paid');
    expect(toggle).toHaveTextContent('£86.25');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('Refund policy opens each policy once, with the tickets it covers', async () => {
    const user = userEvent.setup();
    const checkout = sampleCheckout();
    const policy = {
      title: 'Standard refund policy',
      text: 'Refunds up to 7 days before the event.',
      description: 'Refundable',
    };
    checkout.tickets = checkout.tickets.map((line) => ({ ...line, refund_policy: policy }));
    renderSummary(checkout);
    await user.click(screen.getByRole('button', { name: 'Refund policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund policy' });
    expect(within(dialog).getAllByRole('heading', { level: 3, name: 'Standard refund policy' })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("an organiser's own policy beside the standard one: each under its own title, neither called 'Refund policy'", async () => {
    const user = userEvent.setup();
    const checkout = sampleCheckout();
    const [first] = checkout.tickets;
    if (!first) throw new Error('the sample checkout has a ticket');
    checkout.tickets = [
      { ...first, refund_policy: { title: 'Standard refund policy', text: 'Refunds up to 7 days.', description: 'A' } },
      {
        ...first,
        ticket_id: first.ticket_id + 100,
        ticket_name: 'Balcony',
        refund_policy: { title: "Brighton Folk Collective's refund policy", text: 'Exchanges only.', description: 'B' },
      },
    ];
    renderSummary(checkout);
    await user.click(screen.getByRole('button', { name: 'Refund policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund policy' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Standard refund policy', "Brighton Folk Collective's refund policy"]);
  });
});
