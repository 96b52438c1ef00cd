import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import { apiFailure, emptyCheckout, failWith, fakeStepProps, sampleCheckout, sampleUser, type FakeStepOptions } from '@checkout/shared/testing';
import type { TicketLine } from '@checkout/shared';
import { BasketStep } from './Step';

function renderBasket(options: FakeStepOptions = {}) {
  const props = fakeStepProps({ state: 'basket', ...options });
  render(
    <Provider value={props.scope}>
      <BasketStep {...props} />
    </Provider>,
  );
  return props;
}

const line = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

afterEach(() => {
  jest.useRealTimers();
});

describe('filled basket', () => {
  test('lists vouchers and tickets with their event, date, price, quantity and totals', () => {
    renderBasket();
    expect(screen.getByRole('heading', { level: 1, name: 'Basket' })).toBeInTheDocument();
    const adult = within(line('Adult'));
    expect(adult.getByText('Winter Gala at the Riverside')).toBeInTheDocument();
    expect(adult.getByText('Saturday 5 December 2026 at 7:30pm')).toBeInTheDocument();
    expect(adult.getByText('£25.00')).toBeInTheDocument();
    expect(adult.getByLabelText('Quantity of Adult')).toHaveValue(2);
    expect(adult.getByRole('button', { name: 'Remove Adult' })).toBeEnabled();
    expect(within(line('Child (under 16)')).getByText('£12.50')).toBeInTheDocument();
    const voucher = within(line('Riverside Live Gift Voucher'));
    expect(voucher.getByText('£20.00')).toBeInTheDocument();
    expect(voucher.getByLabelText('Quantity of Riverside Live Gift Voucher')).toHaveValue(1);
    // 2 x 25 + 12.50 + 20; fees 2 x 1.50 + 0.75, not absorbed
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('£82.50');
    expect(screen.getByText('Booking fee').nextSibling).toHaveTextContent('+ £3.75');
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled();
  });

  test('a ticket at 0 or less is FREE; a fixed quantity is shown as text', () => {
    const checkout = sampleCheckout();
    checkout.tickets = [{ ...(checkout.tickets[0] as TicketLine), price: 0, can_update_quantity: false, booking_fee: 0 }];
    checkout.basket_total = 20;
    renderBasket({ checkout });
    expect(within(line('Adult')).getByText('FREE')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Adult')).not.toBeInTheDocument();
    expect(within(line('Adult')).getByText(/× 2/)).toBeInTheDocument();
  });

  test('absorbed booking fees show in brackets', () => {
    renderBasket({ checkout: sampleCheckout({ all_booking_fees_are_absorbed: true }) });
    expect(screen.getByText('Booking fee').nextSibling).toHaveTextContent('(£3.75)');
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('£86.25');
  });

  test("the server's reserving error and basket errors are warnings, its successes success notes", () => {
    renderBasket({
      checkout: sampleCheckout({ reserving_error: 'Sold out while you were away', basket_errors: ['Code expired'], basket_success: ['Code applied'] }),
    });
    const warnings = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(warnings).toEqual(['Sold out while you were away', 'Code expired']);
    expect(screen.getByRole('status')).toHaveTextContent('Code applied');
  });

  test('Reserve Basket moves on to reserve after the delay', async () => {
    const props = renderBasket();
    await userEvent.click(screen.getByRole('button', { name: 'Reserve Basket' }));
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
    await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('reserve'));
  });

  test('Reserve Basket is disabled while the basket is updating', () => {
    renderBasket({ updatingBasket: true });
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
  });

  test('a quantity the server holds below the minimum blocks reserving', () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => ({ ...t, min_per_customer: 3 }));
    renderBasket({ checkout });
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
  });

  test('a quantity change is sent 2000 ms after the last keystroke, then the basket reloads', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const props = renderBasket();
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    await user.type(input, '4');
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(1999));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 4 }]);
    await waitFor(() => expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('£132.50'));
    expect(screen.getByLabelText('Quantity of Adult')).toHaveValue(4);
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled();
  });

  test('a quantity above the limit is clamped with its warning', async () => {
    const user = userEvent.setup();
    renderBasket();
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    await user.type(input, '12');
    expect(within(line('Adult')).getByRole('alert')).toHaveTextContent('You can only reserve 10 tickets of this type');
    expect(input).toHaveValue(10);
  });

  test('Remove takes the line out and reloads the basket', async () => {
    const props = renderBasket();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Child (under 16)' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Child (under 16)' })).not.toBeInTheDocument());
    expect(props.api.payloadsOf('removeFromBasket')).toEqual([{ ticket_id: 12 }]);
  });

  test('a failed removal shows the spec error', async () => {
    const props = renderBasket({ api: { removeGiftVoucherFromBasket: failWith(apiFailure('removeGiftVoucherFromBasket')) } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Riverside Live Gift Voucher' }));
    await waitFor(() =>
      expect(props.notifications()).toEqual([{ type: 'error', text: 'Unable to remove the Gift Voucher from the basket. Please try again later' }]),
    );
    expect(props.api.payloadsOf('removeGiftVoucherFromBasket')).toEqual([{ gift_voucher_id: 21, value: 20 }]);
    expect(screen.getByRole('heading', { name: 'Riverside Live Gift Voucher' })).toBeInTheDocument();
  });
});

describe('empty basket', () => {
  test.each([
    ['a guest', null, true],
    ['a signed-in buyer not subscribed', sampleUser({ subscribed: false }), true],
    ['a subscribed buyer', sampleUser({ subscribed: true }), false],
  ])('for %s: the prompt, Browse events, and the mailing list link when not subscribed', (_who, user, mailingList) => {
    renderBasket({ checkout: emptyCheckout(), user });
    expect(screen.getByText('Looking for something to put in your basket?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/all-events/');
    const signUp = screen.queryByRole('link', { name: 'Sign up for exclusive event news and discounts!' });
    if (mailingList) expect(signUp).toHaveAttribute('href', '/mailing-list');
    else expect(signUp).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve Basket' })).not.toBeInTheDocument();
  });

  test('the expiry warning still shows after an expiry emptied the basket', () => {
    renderBasket({ checkout: emptyCheckout({ reserving_error: 'Your checkout time expired. If the tickets are still available, you can try to reserve them again.' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Your checkout time expired.');
  });
});
