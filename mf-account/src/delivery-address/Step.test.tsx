import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import * as messages from '@checkout/shared/messages/delivery-address';
import { renderStep } from '../testing-ui';
import { addressOwner, deliveryReason, DeliveryAddressStep } from './Step';

const open = (options: Parameters<typeof renderStep>[1] = {}) =>
  renderStep(DeliveryAddressStep, {
    state: 'delivery_address',
    checkout: sampleCheckout({ state: 'delivery_address', gift_vouchers: [], require_delivery_address: true }),
    ...options,
  });

test('saved addresses with delete, then Continue with the chosen one', async () => {
  const user = userEvent.setup();
  const props = open();
  expect(screen.getByRole('heading', { level: 1, name: 'Delivery Address' })).toBeInTheDocument();
  const saved = await screen.findByRole('radio', { name: /Alex Morgan, 1 Quay Street, Bristol, BS1 4QA/ });
  expect(saved).toBeChecked();
  expect(
    screen.getByRole('button', { name: 'Delete the address of Alex Morgan, 1 Quay Street, Bristol, BS1 4QA' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('payment'));
  expect(props.api.payloadsOf('setDeliveryAddress')).toEqual([{ address: { selected_user_address_id: 7 } }]);
});

test('deleting the only saved address leaves the new address form', async () => {
  const user = userEvent.setup();
  const props = open();
  await user.click(await screen.findByRole('button', { name: /Delete the address of Alex Morgan/ }));
  expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(props.api.payloadsOf('deleteAddress')).toEqual([{ address_id: 7 }]);
});

test('a new address: Find from 3 characters, a result fills the form, and it is sent', async () => {
  const user = userEvent.setup();
  const props = open({ api: { getUserAddresses: async () => ({ existing_addresses: [] }) } });
  const find = await screen.findByRole('button', { name: 'Find' });
  const search = screen.getByRole('textbox', { name: 'Find an address by postcode or street' });
  await user.type(search, 'BS');
  expect(find).toBeDisabled();
  await user.type(search, '1{Enter}');
  const results = await screen.findByRole('list', { name: 'Addresses found' });
  await user.click(within(results).getByRole('button', { name: 'Use this address: 1 Quay Street, Bristol, BS1 4QA' }));
  expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('1 Quay Street');
  expect(screen.getByRole('textbox', { name: 'Town/City' })).toHaveValue('Bristol');
  expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('BS1 4QA');
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('1');
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Alex');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.api.payloadsOf('setDeliveryAddress')).toHaveLength(1));
  expect(props.api.payloadsOf('setDeliveryAddress')[0]).toMatchObject({
    address: { selected_user_address_id: 'new', address_1: '1 Quay Street', country: 1 },
  });
});

test('an incomplete address: the messages beside the fields, the summary, focus on the first', async () => {
  const user = userEvent.setup();
  const props = open({ user: null, api: { getUserAddresses: async () => ({ existing_addresses: [] }) } });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.completeAddress);
  const first = screen.getByRole('textbox', { name: 'First name' });
  expect(first).toHaveAccessibleDescription('Please type your first name');
  expect(first).toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Town/City' })).toHaveAccessibleDescription('Please type your town/city');
  expect(props.api.payloadsOf('setDeliveryAddress')).toEqual([]);
});

test('the USA needs a state', async () => {
  const user = userEvent.setup();
  open({ api: { getUserAddresses: async () => ({ existing_addresses: [] }) } });
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'United States');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const state = screen.getByRole('combobox', { name: 'State' });
  expect(state).toHaveAccessibleDescription('Please type your state');
  await user.selectOptions(state, 'New York');
  expect(state).not.toHaveAttribute('aria-invalid');
});

test('a gift voucher basket asks who it is from and for', async () => {
  const user = userEvent.setup();
  const props = open({ checkout: sampleCheckout({ state: 'delivery_address', require_delivery_address: true }) });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('textbox', { name: 'Who is it from?' })).toHaveAccessibleDescription(
    messages.giftVoucherFromRequired,
  );
  expect(screen.getByRole('textbox', { name: 'Who is it for?' })).toHaveAccessibleDescription(
    messages.giftVoucherToRequired,
  );
  await user.type(screen.getByRole('textbox', { name: 'Who is it from?' }), 'Alex');
  await user.type(screen.getByRole('textbox', { name: 'Who is it for?' }), 'Jo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() =>
    expect(props.api.payloadsOf('setDeliveryAddress')).toEqual([
      { address: { selected_user_address_id: 7 }, gift_voucher_from: 'Alex', gift_voucher_to: 'Jo' },
    ]),
  );
});

test('a failed save shows the spec toast', async () => {
  const user = userEvent.setup();
  const props = open({ api: { setDeliveryAddress: failWith(apiFailure('setDeliveryAddress')) } });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.notifications().map((n) => n.text)).toEqual([messages.deliveryAddressFailed]));
});

test.each([
  [{ tickets: 1, vouchers: 0 }, 'your'],
  [{ tickets: 1, vouchers: 1 }, 'your'],
  [{ tickets: 0, vouchers: 1 }, 'the recipients'],
])('addressOwner %j -> %s', ({ tickets, vouchers }, owner) => {
  const c = sampleCheckout();
  expect(
    addressOwner({ tickets: c.tickets.slice(0, tickets), gift_vouchers: c.gift_vouchers.slice(0, vouchers) }),
  ).toBe(owner);
});

test.each<[string, number, number, ReturnType<typeof deliveryReason>]>([
  ['posted tickets', 1, 0, 'tickets'],
  ['gift vouchers alone', 0, 1, 'vouchers'],
  ['tickets and gift vouchers', 1, 1, 'both'],
])('the step says why it asks for an address: %s', (_name, tickets, vouchers, reason) => {
  const checkout = sampleCheckout();
  const ticket = checkout.tickets[0];
  const voucher = {
    id: 1,
    name: 'Gift voucher',
    value: 25,
    qty: 1,
    thumbnail: null,
    o_name: 'Folk Collective',
    o_url: '/folk/',
    uk_expiry_date: '1 January 2028',
  };
  expect(
    deliveryReason({
      tickets: ticket && tickets > 0 ? [ticket] : [],
      gift_vouchers: vouchers > 0 ? [voucher] : [],
    }),
  ).toBe(reason);
});
