import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import { type Checkout, type Event, type RuntimeConfig, type TicketLine, type User } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-completed';
import {
  apiFailure,
  failWith,
  fakeStepProps,
  sampleCheckout,
  sampleUser,
  type FakeApiHandlers,
} from '@checkout/shared/testing';
import { OrderCompletedStep } from './Step';

const base = sampleCheckout({ state: 'order_completed', can_transfer: true });
const event0 = base.events[0] as Event;
const [adult, child] = base.tickets as [TicketLine, TicketLine];

async function open(
  options: {
    checkout?: Partial<Checkout>;
    user?: User | null;
    api?: Partial<FakeApiHandlers>;
    config?: Partial<RuntimeConfig>;
  } = {},
) {
  const props = fakeStepProps({
    state: 'order_completed',
    checkout: { ...base, ...options.checkout },
    user: options.user === undefined ? sampleUser() : options.user,
    ...(options.api ? { api: options.api } : {}),
    ...(options.config ? { config: options.config } : {}),
  });
  const user = userEvent.setup();
  render(
    <Provider value={props.scope}>
      <OrderCompletedStep {...props} />
    </Provider>,
  );
  // The simple info and referral link arrive: let React show them before the test reads the page.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { props, user };
}

// The tab remembers a sale whose tickets were transferred (effects.ts): each test starts with a fresh tab.
afterEach(() => window.sessionStorage.clear());

const tiles = () => screen.getByRole('list', { name: 'What next' });
const texts = (props: Awaited<ReturnType<typeof open>>['props']) =>
  props.notifications().map((n) => `${n.type}: ${n.text}`);

describe('overview', () => {
  test('tick, reference, the wallet copy sent to the sale email, and the subscribe link with its toast', async () => {
    const { props, user } = await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' }),
    ).toBeInTheDocument();
    const reference = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Your reference is RVL-7K2Q9D',
    );
    // The reference in one piece, never broken at its hyphen.
    expect(reference.querySelector('.order-completed__reference-code')).toHaveTextContent(/^RVL-7K2Q9D$/);
    expect(
      await screen.findByText(/A copy of your ticket wallet has been sent to alex\.morgan@example\.com\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe to important updates' }));
    await waitFor(() => expect(texts(props)).toEqual([`success: ${messages.subscribedToUpdates}`]));
    expect(screen.queryByRole('button', { name: 'Subscribe to important updates' })).not.toBeInTheDocument();
    expect(props.api.log.map((c) => c.name)).toContain('subscribeToEvents');
  });

  test.each<[string, Parameters<typeof open>[0]]>([
    ['a buyer already event-subscribed', { user: sampleUser({ is_event_subscribed: true }) }],
    [
      'a guest who chose event news on the preferences step',
      { user: null, checkout: { marketing_preferences: { ...base.marketing_preferences, event_subscribed: true } } },
    ],
  ])('no subscribe link for %s', async (_name, options) => {
    await open(options);
    expect(screen.queryByRole('button', { name: 'Subscribe to important updates' })).not.toBeInTheDocument();
  });

  test('subscribe failing: the spec message', async () => {
    const { props, user } = await open({ api: { subscribeToEvents: failWith(apiFailure('subscribeToEvents')) } });
    await user.click(screen.getByRole('button', { name: 'Subscribe to important updates' }));
    await waitFor(() => expect(texts(props)).toEqual([`error: ${messages.subscribeFailed}`]));
  });

  test('a payment plan: its heading and the info list', async () => {
    await open({ checkout: { payment_plan_remaining: true } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order Complete - Payment Schedule Setup' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We will remind you by SMS and email before each payment is taken.')).toBeInTheDocument();
    expect(
      screen.getByText('Your tickets will be delivered to your ticket wallet after the final payment.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Order complete! Your tickets are on their way.')).not.toBeInTheDocument();
  });
});

describe('tiles', () => {
  test('wallet, feedback, transfer, find a place and share (a venue, unseated tickets, a referral link)', async () => {
    await open();
    expect(within(tiles()).getByRole('link', { name: 'Go to your ticket wallet' })).toHaveAttribute(
      'href',
      '/account/wallet/',
    );
    expect(within(tiles()).getByRole('button', { name: 'How did we do?' })).toBeInTheDocument();
    expect(within(tiles()).getByRole('button', { name: 'Transfer tickets' })).toBeInTheDocument();
    expect(within(tiles()).getByRole('button', { name: 'Find a place to stay' })).toBeInTheDocument();
    expect(await within(tiles()).findByRole('button', { name: 'Share with friends & family' })).toBeInTheDocument();
    expect(within(tiles()).queryByText('How to watch the livestream')).not.toBeInTheDocument();
  });

  test('a livestream links to its online access; every ticket seated: no transfer; no venue: no find a place; no referral link: no share', async () => {
    const streamed: Event = {
      ...event0,
      venue: null,
      has_livestream: true,
      access_online: 'https://stream.example.com/gala',
    };
    const { props } = await open({
      checkout: { events: [streamed], tickets: [{ ...adult, seats: ['Row A, Seat 1', 'Row A, Seat 2'] }] },
      api: { getRewardReferrerLink: async () => '' },
    });
    await waitFor(() => expect(props.api.log.map((c) => c.name)).toContain('getRewardReferrerLink'));
    expect(within(tiles()).getByRole('link', { name: 'Watch Winter Gala at the Riverside online' })).toHaveAttribute(
      'href',
      'https://stream.example.com/gala',
    );
    expect(within(tiles()).queryByRole('button', { name: 'Transfer tickets' })).not.toBeInTheDocument();
    expect(within(tiles()).queryByRole('button', { name: 'Find a place to stay' })).not.toBeInTheDocument();
    expect(within(tiles()).queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();
  });

  test('a payment plan: the wallet tile says the tickets come after the last instalment, with its date, not QR codes now', async () => {
    await open({
      checkout: {
        payment_plan_remaining: true,
        payment_plan_last_due: '2027-05-02 10:15:00',
        payment_plan_last_due_text: 'Sun 2 May 2027',
      },
    });
    const wallet = within(tiles()).getByRole('link', { name: 'Go to your ticket wallet' }).closest('li');
    expect(wallet).toHaveTextContent(
      'Your tickets and their QR codes will be in your wallet once the last instalment, due Sun 2 May 2027, is paid.',
    );
    expect(within(tiles()).queryByText('Your tickets and their QR codes, ready for the door.')).not.toBeInTheDocument();
  });

  test('a payment plan from a server that gives no date: after the last instalment, without a date', async () => {
    await open({ checkout: { payment_plan_remaining: true } });
    expect(
      within(tiles()).getByText(
        'Your tickets and their QR codes will be in your wallet once the last instalment is paid.',
      ),
    ).toBeInTheDocument();
  });

  test('paid in full: the tile promises the QR codes', async () => {
    await open();
    expect(within(tiles()).getByText('Your tickets and their QR codes, ready for the door.')).toBeInTheDocument();
  });

  test.each<[string, Partial<Checkout>]>([
    ['unseated tickets not issued yet (a payment plan)', { payment_plan_remaining: true, can_transfer: false }],
    ['every ticket seated, before the page was reloaded', { can_transfer: false }],
  ])('the server says no transfer can succeed: no Transfer tile (%s)', async (_name, checkout) => {
    await open({ checkout });
    expect(within(tiles()).getByRole('button', { name: 'How did we do?' })).toBeInTheDocument();
    expect(within(tiles()).queryByRole('button', { name: 'Transfer tickets' })).not.toBeInTheDocument();
  });

  test("a rewarding event: 'Share & {short reward text}'", async () => {
    await open({
      checkout: {
        events: [
          { ...event0, reward_referrers: { text: 'Get £5 off for each friend who books.', short_text: 'get £5 off' } },
        ],
      },
    });
    expect(await within(tiles()).findByRole('button', { name: 'Share & get £5 off' })).toBeInTheDocument();
  });

  test('no tickets (a gift voucher order): no tiles', async () => {
    await open({ checkout: { tickets: [] } });
    expect(screen.queryByRole('list', { name: 'What next' })).not.toBeInTheDocument();
  });
});

describe('feedback modal', () => {
  test('Send is disabled until there is a message; sent: the toast and the modal closes', async () => {
    const { props, user } = await open();
    await user.click(screen.getByRole('button', { name: 'How did we do?' }));
    const dialog = screen.getByRole('dialog', { name: 'How did we do?' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Feedback'), 'Quick and easy');
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(texts(props)).toEqual([`success: ${messages.feedbackSent}`]);
    expect(props.api.log.find((c) => c.name === 'sendCustomerFeedback')?.payload).toEqual({
      message: 'Quick and easy',
    });
  });

  test('Close closes without sending; a failure shows the spec message and closes the modal', async () => {
    const { props, user } = await open({ api: { sendCustomerFeedback: failWith(apiFailure('sendCustomerFeedback')) } });
    await user.click(screen.getByRole('button', { name: 'How did we do?' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'How did we do?' }));
    await user.type(screen.getByLabelText('Feedback'), 'Hmm');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(texts(props)).toEqual([`error: ${messages.sendFeedbackFailed}`]);
  });
});

describe('share modal', () => {
  test("one event: its message, Copy says 'Copied' for 2 s, and a Close button", async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Share with friends & family' }));
    const dialog = screen.getByRole('dialog', { name: 'Share with friends & family' });
    const message = within(dialog).getByRole('textbox', {
      name: 'Message to share about Winter Gala at the Riverside',
    });
    expect(message).toHaveAttribute('readonly');
    expect(message).toHaveValue(
      `I've just booked tickets for Winter Gala at the Riverside! Get yours here: ${event0.shareable_link}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe((message as HTMLTextAreaElement).value);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument(), {
      timeout: 3000,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('two events: a block each, the reward text with the referral link, and no Close button', async () => {
    const folk: Event = {
      ...event0,
      id: 202,
      title: 'Folk by the Sea',
      reward_referrers: { text: 'Get £5 off for each friend who books.', short_text: 'get £5 off' },
    };
    const { user } = await open({ checkout: { events: [event0, folk] } });
    await user.click(await screen.findByRole('button', { name: 'Share & get £5 off' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Message to share about Folk by the Sea' })).toHaveValue(
      'Get £5 off for each friend who books. http://localhost:8080/r/alex-morgan',
    );
    expect(within(dialog).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});

describe('transfer view', () => {
  const adultPanel = () => within(screen.getByRole('region', { name: 'Winter Gala at the Riverside - Adult' }));

  async function toTransfer(options: Parameters<typeof open>[0] = {}) {
    const opened = await open(options);
    await opened.user.click(screen.getByRole('button', { name: 'Transfer tickets' }));
    return opened;
  }

  test('heading, explanation, an accordion per unseated type, Back link, and Send disabled until a row is valid', async () => {
    const { user } = await toTransfer({ checkout: { tickets: [adult, { ...child, seats: ['Row B, Seat 3'] }] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toBeInTheDocument();
    expect(screen.getByText(/gets a transfer notification/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Winter Gala at the Riverside - Adult', expanded: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Child/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send tickets' });
    expect(send).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove recipient 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.type(adultPanel().getByLabelText('Full name'), 'Rae Recipient');
    expect(send).toBeDisabled();
    await user.type(adultPanel().getByLabelText('Email'), 'rae@example.com');
    expect(send).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' }),
    ).toBeInTheDocument();
  });

  test('messages once a field is left empty; the plus disabled at the purchased quantity; a second row can be removed', async () => {
    const { user } = await toTransfer();
    await user.click(screen.getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.click(adultPanel().getByLabelText('Full name'));
    await user.tab();
    expect(screen.getByText('Please enter a name')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please enter an email')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a recipient for Winter Gala at the Riverside - Adult' });
    await user.click(add);
    expect(screen.getByRole('group', { name: 'Recipient 2' })).toBeInTheDocument();
    // Adult was bought twice: both pluses are disabled now, and the minus can go down to 0 only.
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More tickets for recipient 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More tickets for recipient 2' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove recipient 2' }));
    expect(screen.queryByRole('group', { name: 'Recipient 2' })).not.toBeInTheDocument();
    expect(add).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Fewer tickets for recipient 1' }));
    expect(screen.getByRole('button', { name: 'Fewer tickets for recipient 1' })).toBeDisabled();
  });

  test('a gift: pills Schedule / Send now; Schedule asks for a dd/mm/yyyy date, a time in 5-minute steps and an optional message', async () => {
    const { user } = await toTransfer();
    await user.click(screen.getByRole('checkbox', { name: 'This ticket is a gift' }));
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Send now' })).not.toBeChecked();
    expect(screen.getByLabelText('Delivery date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    const time = screen.getByRole('combobox', { name: 'Delivery time' });
    const options = within(time)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['Choose a time', '00:00', '00:05']);
    expect(options).toHaveLength(289);
    expect(screen.getByPlaceholderText('Leave a message...')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Send now' }));
    expect(screen.queryByLabelText('Delivery date')).not.toBeInTheDocument();
  });

  test("sent: 'Your tickets have been transferred', back to the overview, and transfer no longer offered", async () => {
    const { props, user } = await toTransfer();
    await user.click(screen.getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.type(adultPanel().getByLabelText('Full name'), 'Rae Recipient');
    await user.type(adultPanel().getByLabelText('Email'), 'rae@example.com');
    await user.click(screen.getByRole('button', { name: 'Send tickets' }));
    await waitFor(() => expect(texts(props)).toEqual([`success: ${messages.ticketsTransferred}`]));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' }),
    ).toBeInTheDocument();
    expect(within(tiles()).queryByRole('button', { name: 'Transfer tickets' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('checkout:transferred:RVL-7K2Q9D')).toBe('1');
    expect(props.api.log.find((c) => c.name === 'setTransfers')?.payload).toEqual({
      transfers: [
        {
          ticket_id: 11,
          name: 'Rae Recipient',
          email: 'rae@example.com',
          qty: 1,
          is_gift: false,
          send_gift: undefined,
          delivery_date: '',
          delivery_time: '',
          message: '',
        },
      ],
    });
  });

  test('keyboard alone: open the view, choose a quantity, fill the recipient and send', async () => {
    const { props, user } = await open();
    screen.getByRole('button', { name: 'Transfer tickets' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toHaveFocus();
    const tabTo = async (target: HTMLElement) => {
      for (let i = 0; i < 30 && document.activeElement !== target; i += 1) await user.tab();
      expect(target).toHaveFocus();
    };
    await tabTo(adultPanel().getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.keyboard('{Enter}');
    await tabTo(adultPanel().getByLabelText('Full name'));
    await user.keyboard('Rae Recipient');
    await user.tab();
    await user.keyboard('rae@example.com');
    await tabTo(screen.getByRole('button', { name: 'Send tickets' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(texts(props)).toEqual([`success: ${messages.ticketsTransferred}`]));
  });

  test('a failure: the spec message, the form stays', async () => {
    const { props, user } = await toTransfer({ api: { setTransfers: failWith(apiFailure('setTransfers')) } });
    await user.click(screen.getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.type(adultPanel().getByLabelText('Full name'), 'Rae Recipient');
    await user.type(adultPanel().getByLabelText('Email'), 'rae@example.com');
    await user.click(screen.getByRole('button', { name: 'Send tickets' }));
    await waitFor(() => expect(texts(props)).toEqual([`error: ${messages.sendTransfersFailed}`]));
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toBeInTheDocument();
    expect(adultPanel().getByLabelText('Full name')).toHaveValue('Rae Recipient');
  });
});

describe('transfer view: refusals', () => {
  const adultPanel = () => within(screen.getByRole('region', { name: 'Winter Gala at the Riverside - Adult' }));

  async function fillAdult(user: Awaited<ReturnType<typeof open>>['user']) {
    await user.click(screen.getByRole('button', { name: 'Transfer tickets' }));
    await user.click(screen.getByRole('button', { name: 'More tickets for recipient 1' }));
    await user.type(adultPanel().getByLabelText('Full name'), 'Rae Recipient');
    await user.type(adultPanel().getByLabelText('Email'), 'rae@example.com');
  }

  test('a gift scheduled for today at a time already past: its message, and nothing is sent', async () => {
    const { props, user } = await open();
    await fillAdult(user);
    await user.click(screen.getByRole('checkbox', { name: 'This ticket is a gift' }));
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    await user.type(
      screen.getByLabelText('Delivery date'),
      `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery time' }), '00:00');
    await user.click(screen.getByRole('button', { name: 'Send tickets' }));
    expect(await screen.findByText(messages.transferTimePast)).toBeInTheDocument();
    expect(props.api.log.map((c) => c.name)).not.toContain('setTransfers');
  });

  test('the server refuses: its own reason, not the generic sentence; the form stays', async () => {
    const reason = 'You can transfer at most 1 of these tickets';
    const { props, user } = await open({
      api: { setTransfers: failWith(apiFailure('setTransfers', { status: 400, serverMessage: reason })) },
    });
    await fillAdult(user);
    await user.click(screen.getByRole('button', { name: 'Send tickets' }));
    await waitFor(() => expect(texts(props)).toEqual([`error: ${reason}`]));
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer tickets' })).toBeInTheDocument();
  });

  test('a failure with no reason of the server (the network): the spec message', async () => {
    const { props, user } = await open({
      api: { setTransfers: failWith(apiFailure('setTransfers', { kind: 'network', status: undefined })) },
    });
    await fillAdult(user);
    await user.click(screen.getByRole('button', { name: 'Send tickets' }));
    await waitFor(() => expect(texts(props)).toEqual([`error: ${messages.sendTransfersFailed}`]));
  });
});

describe('find a place to stay', () => {
  const seaside: Event = {
    ...event0,
    id: 303,
    title: 'Folk by the Sea',
    venue: { full_address: 'Theatre Royal, New Road, Brighton BN1 1SD', map_address: null, map_checkin: null },
  };

  test('one venue, no map configured: a link to the address on a map', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Find a place to stay' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Find a place to stay' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Riverside Hall, 1 Quay Street, Bristol, BS1 4QA' });
    expect(link.getAttribute('href')).toContain(
      'https://www.google.com/maps/search/?api=1&query=Riverside%20Hall%2C%20Bristol',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  test('two venues: a link per event; the map embedded for each when configured', async () => {
    const { user } = await open({
      checkout: { events: [event0, seaside] },
      config: { accommodationMapUrl: 'https://stays.example.com/map?near={address}' },
    });
    await user.click(screen.getByRole('button', { name: 'Find a place to stay' }));
    expect(screen.getByRole('link', { name: 'Find a place to stay near the Folk by the Sea event' })).toHaveAttribute(
      'href',
      '#stay-303',
    );
    expect(
      screen.getByRole('link', { name: 'Find a place to stay near the Winter Gala at the Riverside event' }),
    ).toBeInTheDocument();
    expect(screen.getByTitle('Places to stay near the Folk by the Sea event')).toHaveAttribute(
      'src',
      'https://stays.example.com/map?near=Theatre%20Royal%2C%20New%20Road%2C%20Brighton%20BN1%201SD',
    );
  });
});

test("'Browse more events': the organisers' upcoming events, under every view", async () => {
  const { user } = await open();
  const more = screen.getByRole('region', { name: 'Browse more events' });
  expect(within(more).getByRole('link', { name: 'Sunday Jazz Brunch' })).toHaveAttribute(
    'href',
    'http://localhost:8080/riverside-live/jazz-brunch/',
  );
  await user.click(screen.getByRole('button', { name: 'Find a place to stay' }));
  expect(screen.getByRole('region', { name: 'Browse more events' })).toBeInTheDocument();
});
