import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import {
  apiFailure,
  emptyCheckout,
  failWith,
  fakeStepProps,
  sampleCheckout,
  sampleUser,
  type FakeStepOptions,
} from '@checkout/shared/testing';
import type { Checkout, TicketLine } from '@checkout/shared';
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
    // The server's rows under the lines, then its total: 2 x 25 + 12.50 + 20 and fees 2 x 1.50 + 0.75.
    expect(screen.getByText('Booking fee').nextSibling).toHaveTextContent('£3.75');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('£86.25');
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled();
  });

  test('an organiser who cannot take payments is named before reserving, and Reserve Basket waits', () => {
    const checkout = sampleCheckout();
    const paying = checkout.organisers[0] as Checkout['organisers'][number];
    checkout.organisers = [paying, { ...paying, name: 'St Mary’s Village Hall', takes_payments: false }];
    renderBasket({ checkout });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We currently are unable to take payments for this basket as the payment integration has not yet been configured by St Mary’s Village Hall',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Riverside Live');
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
  });

  test('free tickets of such an organiser can still be reserved and claimed', () => {
    const checkout = sampleCheckout({ basket_total: 0 });
    checkout.organisers = checkout.organisers.map((organiser) => ({ ...organiser, takes_payments: false }));
    renderBasket({ checkout });
    expect(screen.queryByText(/payment integration has not yet been configured/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled();
  });

  test('a ticket at 0 or less is FREE; a fixed quantity is shown as text', () => {
    const checkout = sampleCheckout();
    checkout.tickets = [
      { ...(checkout.tickets[0] as TicketLine), price: 0, can_update_quantity: false, booking_fee: 0 },
    ];
    checkout.basket_total = 20;
    renderBasket({ checkout });
    expect(within(line('Adult')).getByText('FREE')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Adult')).not.toBeInTheDocument();
    expect(within(line('Adult')).getByText(/× 2/)).toBeInTheDocument();
  });

  test('an applied code shows its saving, Code applied and Remove, which takes it off and reloads the basket', async () => {
    const checkout = sampleCheckout({
      applied_codes: [{ code: 'SAVE10', kind: 'discount', saving: 5 }],
      basket_total: 81.25,
      price_breakdown: [
        { kind: 'ticket', label: 'Adult', detail: null, quantity: 2, amount: 50, code: null },
        { kind: 'discount', label: 'Discount code SAVE10', detail: null, quantity: null, amount: -5, code: 'SAVE10' },
        { kind: 'booking_fee', label: 'Booking fee', detail: null, quantity: null, amount: 3.75, code: null },
      ],
    });
    const props = renderBasket({ checkout });
    expect(screen.getByText('SAVE10: £5.00 off')).toBeInTheDocument();
    expect(screen.getByText('Code applied')).toBeInTheDocument();
    expect(screen.getByText('Discount code SAVE10').nextSibling).toHaveTextContent('-£5.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('£81.25');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove code SAVE10' }));
    await waitFor(() => expect(props.api.payloadsOf('removeCode')).toEqual([{ code: 'SAVE10' }]));
  });

  test("the server's reserving error and basket errors are warnings, its successes success notes", () => {
    renderBasket({
      checkout: sampleCheckout({
        reserving_error: 'Sold out while you were away',
        basket_errors: ['Code expired'],
        basket_success: ['Code applied'],
      }),
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
    await waitFor(() => expect(screen.getByText('Total').nextSibling).toHaveTextContent('£139.25'));
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
    const props = renderBasket({
      api: { removeGiftVoucherFromBasket: failWith(apiFailure('removeGiftVoucherFromBasket')) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Riverside Live Gift Voucher' }));
    await waitFor(() =>
      expect(props.notifications()).toEqual([
        { type: 'error', text: 'Unable to remove the Gift Voucher from the basket. Please try again later' },
      ]),
    );
    expect(props.api.payloadsOf('removeGiftVoucherFromBasket')).toEqual([{ gift_voucher_id: 21, value: 20 }]);
    expect(screen.getByRole('heading', { name: 'Riverside Live Gift Voucher' })).toBeInTheDocument();
  });
});

describe('the quantity box shows what the basket will reserve', () => {
  const reserve = () => screen.getByRole('button', { name: 'Reserve Basket' });

  test('below a minimum: the number typed stays in the box with the warning, nothing is sent, even after a reload', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => (t.ticket_id === 11 ? { ...t, qty: 3, min_per_customer: 2 } : t));
    const props = renderBasket({ checkout });
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    await user.type(input, '1');
    expect(input).toHaveValue(1);
    expect(within(line('Adult')).getByRole('alert')).toHaveTextContent(
      'You must purchase a minimum of 2 tickets of this type',
    );
    expect(reserve()).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([]);
    // The shell reloads the checkout (another tab, a code): the server still holds 3, the box keeps the buyer's 1.
    await act(async () => {
      props.commands.reloadCheckout();
      await jest.advanceTimersByTimeAsync(10);
    });
    await user.tab();
    expect(screen.getByLabelText('Quantity of Adult')).toHaveValue(1);
    expect(within(line('Adult')).getByRole('alert')).toHaveTextContent(
      'You must purchase a minimum of 2 tickets of this type',
    );
    expect(reserve()).toBeDisabled();
  });

  test('a cleared box disables Reserve Basket and sends nothing until a quantity is typed', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const props = renderBasket();
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    expect(input).toHaveDisplayValue('');
    expect(reserve()).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([]);
    expect(input).toHaveDisplayValue('');
    expect(reserve()).toBeDisabled();

    await user.type(input, '3');
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 3 }]);
    await waitFor(() => expect(reserve()).toBeEnabled());
  });

  test('0 is no quantity either: Reserve Basket waits, and 1 is not sent in its place', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const props = renderBasket();
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    await user.type(input, '0');
    expect(reserve()).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([]);
  });

  test('a box left empty shows its quantity again: Reserve Basket is enabled and nothing was sent', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const props = renderBasket();
    const input = screen.getByLabelText('Quantity of Adult');
    await user.clear(input);
    expect(reserve()).toBeDisabled();
    await user.tab();
    expect(input).toHaveValue(2);
    expect(reserve()).toBeEnabled();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(props.api.payloadsOf('updateTicketQuantity')).toEqual([]);
  });

  test('a number over the limit typed at the limit shows the limit, not the number', async () => {
    const user = userEvent.setup();
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => (t.ticket_id === 11 ? { ...t, qty: 10 } : t));
    renderBasket({ checkout });
    const input = screen.getByLabelText('Quantity of Adult');
    await user.type(input, '5');
    expect(input).toHaveValue(10);
    expect(within(line('Adult')).getByRole('alert')).toHaveTextContent('You can only reserve 10 tickets of this type');
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
    renderBasket({
      checkout: emptyCheckout({
        reserving_error:
          'Your checkout time expired. If the tickets are still available, you can try to reserve them again.',
      }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your checkout time expired.');
  });
});

describe('refund protection offer', () => {
  const offered = (overrides: Parameters<typeof sampleCheckout>[0] = {}) =>
    sampleCheckout({ has_refund_protection: true, refund_protection_cost: 4.5, refund_protection: 0, ...overrides });

  test('yes/no for the stated fee; yes is sent 2000 ms later, then the basket reloads', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const props = renderBasket({ checkout: offered() });
    const group = screen.getByRole('group', { name: 'Protect your booking for £4.50?' });
    expect(within(group).getByRole('radio', { name: 'No, I don’t want refund protection' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Yes, protect my booking for £4.50' }));
    expect(within(group).getByRole('radio', { name: 'Yes, protect my booking for £4.50' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(props.api.payloadsOf('updateRefundProtection')).toEqual([{ refund_protection: true }]);
    await waitFor(() =>
      expect(props.api.log.map((call) => call.name)).toEqual(['updateRefundProtection', 'getCheckout']),
    );
    expect(within(group).getByRole('radio', { name: 'Yes, protect my booking for £4.50' })).toBeChecked();
  });

  test('not offered without a cost', () => {
    renderBasket({ checkout: offered({ refund_protection_cost: null }) });
    expect(screen.queryByRole('heading', { name: 'Refund protection' })).not.toBeInTheDocument();
  });

  test('events it cannot cover are listed as not covered', () => {
    const checkout = offered();
    checkout.events = [
      ...checkout.events,
      {
        ...(checkout.events[0] as (typeof checkout.events)[number]),
        id: 4,
        title: 'Festival Europa',
        refund_protection: false,
      },
    ];
    renderBasket({ checkout });
    expect(screen.getByRole('list', { name: 'Not covered by refund protection' })).toHaveTextContent('Festival Europa');
  });

  test('a failed update shows the spec error', async () => {
    const props = renderBasket({
      checkout: offered(),
      api: { updateRefundProtection: failWith(apiFailure('updateRefundProtection')) },
    });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('radio', { name: 'Yes, protect my booking for £4.50' }));
    await act(() => jest.advanceTimersByTimeAsync(2000));
    await waitFor(() =>
      expect(props.notifications()).toEqual([
        { type: 'error', text: 'Unable to update Refund protection. Please try again later' },
      ]),
    );
  });
});

describe('DISCOUNT OR VOUCHER CODE?', () => {
  const setWidth = (wide: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: wide && query === '(min-width: 768px)',
    })) as unknown as typeof window.matchMedia;
  };
  afterEach(() => {
    delete (window as Partial<Window>).matchMedia;
  });

  test.each([
    ['collapsed below 768 px', false],
    ['open from 768 px', true],
  ])('%s', async (_name, wide) => {
    setWidth(wide);
    renderBasket();
    const toggle = screen.getByRole('button', { name: 'DISCOUNT OR VOUCHER CODE?' });
    expect(toggle).toHaveAttribute('aria-expanded', String(wide));
    expect(screen.queryByRole('textbox', { name: 'Code' })).toBe(
      wide ? screen.getByRole('textbox', { name: 'Code' }) : null,
    );
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', String(!wide));
  });

  test.each([
    ['a valid code', true, 'status', 'Code applied'],
    ['an invalid code', false, 'alert', 'Invalid code'],
  ] as const)('%s: the verdict, and the basket reloads', async (_name, applied, role, text) => {
    setWidth(true);
    const props = renderBasket({ api: { setCode: async () => ({ code_applied: applied }) } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'SAVE10{Enter}');
    const box = within(screen.getByRole('region', { name: 'DISCOUNT OR VOUCHER CODE?' }));
    expect(await box.findByRole(role)).toHaveTextContent(text);
    expect(props.api.payloadsOf('setCode')).toEqual([{ code: 'SAVE10' }]);
    await waitFor(() => expect(props.api.log.map((call) => call.name)).toEqual(['setCode', 'getCheckout']));
  });

  test('a failed call shows the spec error', async () => {
    setWidth(true);
    const props = renderBasket({ api: { setCode: failWith(apiFailure('setCode')) } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(props.notifications()).toEqual([
        { type: 'error', text: 'Unable to set the Code. Please try again later' },
      ]),
    );
  });
});

describe('companion tickets (required_tickets)', () => {
  const needsCompanion = () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) =>
      t.ticket_id === 12 ? { ...t, required_tickets: [{ title: 'Adult dinner ticket', ids: [99] }] } : t,
    );
    return checkout;
  };

  test.each([
    ['a guest gets the sign-in hint', null, true],
    ['a signed-in buyer does not', sampleUser(), false],
  ])('%s; reserving is blocked', (_name, user, hint) => {
    renderBasket({ checkout: needsCompanion(), user });
    const alert = screen
      .getByText('You must also purchase the following tickets to continue the checkout.')
      .closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Adult dinner ticket');
    const signIn = within(alert).queryByRole('link', { name: 'Already bought one of these? Sign in to use it.' });
    if (hint) expect(signIn).toHaveAttribute('href', '/signin/');
    else expect(signIn).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve Basket' })).toBeDisabled();
  });
});

describe('notes and warnings', () => {
  test('the different-timeslots warning', () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t, i) => ({ ...t, date_id: 70 + i }));
    checkout.events = checkout.events.map((e) => ({
      ...e,
      warn_customers_about_different_timeslots_message: 'Your tickets are for different time slots.',
    }));
    renderBasket({ checkout });
    expect(screen.getByRole('alert')).toHaveTextContent('Your tickets are for different time slots.');
  });

  test('the different-currency notice', () => {
    renderBasket({ checkout: sampleCheckout({ had_mismatching_currencies: true }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Unfortunately, some tickets had to be removed because');
  });

  test('after an expiry reload the basket warns of expiry', () => {
    renderBasket({ expired: true });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your checkout time expired. If the tickets are still available, you can try to reserve them again.',
    );
  });

  test('a quantity the server holds below the minimum says so under its line', () => {
    const checkout = sampleCheckout();
    checkout.tickets = checkout.tickets.map((t) => (t.ticket_id === 11 ? { ...t, min_per_customer: 3 } : t));
    renderBasket({ checkout });
    expect(within(line('Adult')).getByRole('alert')).toHaveTextContent(
      'You must purchase a minimum of 3 tickets of this type',
    );
  });
});

describe('continue shopping', () => {
  test("each organiser's upcoming events link to the event with its title, location and date", () => {
    const checkout = sampleCheckout();
    checkout.organisers = checkout.organisers.map((o) => ({
      ...o,
      upcoming_events: [
        {
          url: '/riverside-live/jazz-night/',
          thumbnail: '/img/jazz.svg',
          title: 'Jazz Night',
          location: 'Riverside Hall, Bristol',
          date: 'Friday 8 January 2027 at 8:00pm',
        },
      ],
    }));
    renderBasket({ checkout });
    const section = within(screen.getByRole('region', { name: 'Continue shopping' }));
    const link = section.getByRole('link', { name: /Jazz Night/ });
    expect(link).toHaveAttribute('href', '/riverside-live/jazz-night/');
    expect(link).toHaveTextContent('Riverside Hall, Bristol');
    expect(link).toHaveTextContent('Friday 8 January 2027 at 8:00pm');
    // The picture's own 16:9 shape, so none of it is cropped away (basket.css fits it whole: object-fit contain).
    const thumb = link.querySelector('img') as HTMLImageElement;
    expect(thumb).toHaveAttribute('src', '/img/jazz.svg');
    expect(Number(thumb.getAttribute('width')) / Number(thumb.getAttribute('height'))).toBeCloseTo(16 / 9, 1);
  });

  test('no section when no organiser has upcoming events', () => {
    const checkout = sampleCheckout();
    checkout.organisers = checkout.organisers.map((o) => ({ ...o, upcoming_events: [] }));
    renderBasket({ checkout });
    expect(screen.queryByRole('heading', { name: 'Continue shopping' })).not.toBeInTheDocument();
  });
});

test('the heading takes focus when the basket arrives, so the new screen is announced', () => {
  renderBasket();
  expect(screen.getByRole('heading', { level: 1, name: 'Basket' })).toHaveFocus();
});
