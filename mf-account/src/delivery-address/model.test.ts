import { allSettled } from 'effector';
import { apiFailure, failWith, sampleUser } from '@checkout/shared/testing';
import { type AddressOwner } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery-address';
import { modelScope } from '../testing';
import {
  $canFind,
  $countries,
  $countryStates,
  $errors,
  $form,
  $lookupResults,
  $refusals,
  $saved,
  $selected,
  addressPayload,
  addressSelected,
  continueClicked,
  deleteClicked,
  deliveryShown,
  guestNameKnown,
  FALLBACK_COUNTRIES,
  fieldChanged,
  findClicked,
  lookupQueryChanged,
  lookupResultChosen,
  voucherFromChanged,
  voucherToChanged,
  type AddressForm,
} from './model';

type Setup = ReturnType<typeof modelScope>;

async function shown(
  setup: Setup,
  options: {
    hasGiftVouchers?: boolean;
    owner?: AddressOwner;
    user?: ReturnType<typeof sampleUser> | null;
    guestName?: string | null;
  } = {},
) {
  await allSettled(deliveryShown, {
    scope: setup.scope,
    params: {
      deps: setup.deps,
      user: options.user === undefined ? sampleUser() : options.user,
      hasGiftVouchers: options.hasGiftVouchers ?? false,
      owner: options.owner ?? 'your',
      guestName: options.guestName ?? null,
    },
  });
}

const uk: Partial<AddressForm> = { address_1: '1 Quay Street', town: 'Bristol', postcode: 'BS1 4QA' };

describe('the name the buyer already gave', () => {
  const noSaved = () => modelScope({ getUserAddresses: async () => ({ existing_addresses: [] }) });

  test('a guest’s name from the login step fills the new address', async () => {
    const setup = noSaved();
    await shown(setup, { user: null, guestName: 'Pat van Post' });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: 'Pat', last_name: 'van Post' });
  });

  test('a name the checkout learns after the step is shown fills the form, unless the buyer typed one', async () => {
    const setup = noSaved();
    await shown(setup, { user: null });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: '', last_name: '' });
    await allSettled(guestNameKnown, { scope: setup.scope, params: 'Pat Post' });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: 'Pat', last_name: 'Post' });
    await allSettled(fieldChanged, { scope: setup.scope, params: { first_name: 'Patricia' } });
    await allSettled(guestNameKnown, { scope: setup.scope, params: 'Someone Else' });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: 'Patricia', last_name: 'Post' });
  });

  test('a recipient’s address does not start with the buyer’s name', async () => {
    const setup = noSaved();
    await shown(setup, { user: null, guestName: 'Pat Post', owner: 'the recipients' });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: '', last_name: '' });
  });
});

describe('loading', () => {
  test('saved addresses load and the first is chosen; countries and states load', async () => {
    const setup = modelScope();
    await shown(setup);
    expect(setup.scope.getState($saved).map((a) => a.id)).toEqual([7]);
    expect(setup.scope.getState($selected)).toBe(7);
    expect(setup.scope.getState($countries).map((c) => c.name)).toEqual(['United Kingdom', 'United States']);
  });

  test('no saved addresses: the new form, with the buyer name and the UK', async () => {
    const setup = modelScope({ getUserAddresses: async () => ({ existing_addresses: [] }) });
    await shown(setup);
    expect(setup.scope.getState($selected)).toBe('new');
    expect(setup.scope.getState($form)).toMatchObject({ first_name: 'Alex', last_name: 'Morgan', country: '1' });
  });

  test('failing loads give an empty list silently, and the UK as the only country', async () => {
    const setup = modelScope({
      getUserAddresses: failWith(apiFailure('getUserAddresses')),
      getAddressAllCountriesStates: failWith(apiFailure('getAddressAllCountriesStates')),
    });
    await shown(setup);
    expect(setup.scope.getState($saved)).toEqual([]);
    expect(setup.scope.getState($selected)).toBe('new');
    expect(setup.scope.getState($countries)).toEqual(FALLBACK_COUNTRIES);
    expect(setup.sent).toEqual([]);
  });

  test("a recipient's address does not start with the buyer's name", async () => {
    const setup = modelScope();
    await shown(setup, { owner: 'the recipients' });
    expect(setup.scope.getState($form)).toMatchObject({ first_name: '', last_name: '' });
  });
});

describe('saved addresses', () => {
  test('Continue with a saved address sends its id', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('setDeliveryAddress')).toEqual([{ address: { selected_user_address_id: 7 } }]);
    expect(setup.sent).toEqual([{ kind: 'stepCompleted' }]);
  });

  test('delete removes it, and the form is chosen when none is left', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(deleteClicked, { scope: setup.scope, params: 7 });
    expect(setup.api.payloadsOf('deleteAddress')).toEqual([{ address_id: 7 }]);
    expect(setup.scope.getState($saved)).toEqual([]);
    expect(setup.scope.getState($selected)).toBe('new');
  });

  test('a failed delete keeps the address', async () => {
    const setup = modelScope({ deleteAddress: failWith(apiFailure('deleteAddress')) });
    await shown(setup);
    await allSettled(deleteClicked, { scope: setup.scope, params: 7 });
    expect(setup.scope.getState($saved).map((a) => a.id)).toEqual([7]);
    expect(setup.sent.map((c) => c.kind)).toEqual(['notify']);
  });
});

describe('the new address', () => {
  async function newForm(options: Parameters<typeof shown>[1] = {}) {
    const setup = modelScope();
    await shown(setup, options);
    await allSettled(addressSelected, { scope: setup.scope, params: 'new' });
    return setup;
  }

  test('every missing field has its message, nothing is sent', async () => {
    const setup = await newForm({ user: null });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.scope.getState($errors)).toEqual({
      first_name: 'Please type your first name',
      last_name: 'Please type your last name',
      address_1: 'Please type your first line of address',
      town: 'Please type your town/city',
      postcode: 'Please type your postcode',
    });
    expect(setup.scope.getState($refusals)).toBe(1);
    expect(setup.api.payloadsOf('setDeliveryAddress')).toEqual([]);
    await allSettled(fieldChanged, { scope: setup.scope, params: { town: 'Bristol' } });
    expect(setup.scope.getState($errors).town).toBeUndefined();
    expect(setup.scope.getState($errors).first_name).toBe('Please type your first name');
  });

  test('a complete UK address is sent trimmed, without a state', async () => {
    const setup = await newForm();
    await allSettled(fieldChanged, { scope: setup.scope, params: { ...uk, address_1: ' 1 Quay Street ' } });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('setDeliveryAddress')).toEqual([
      {
        address: {
          selected_user_address_id: 'new',
          first_name: 'Alex',
          last_name: 'Morgan',
          address_1: '1 Quay Street',
          address_2: '',
          town: 'Bristol',
          postcode: 'BS1 4QA',
          country: 1,
          state: '',
        },
      },
    ]);
  });

  test('the USA (2) needs a state, chosen from its states', async () => {
    const setup = await newForm();
    await allSettled(fieldChanged, { scope: setup.scope, params: { ...uk, country: '2', postcode: '10118' } });
    expect(setup.scope.getState($countryStates).map((s) => s.name)).toEqual(['California', 'New York']);
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.scope.getState($errors)).toEqual({ state: 'Please type your state' });
    await allSettled(fieldChanged, { scope: setup.scope, params: { state: '2' } });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('setDeliveryAddress')).toEqual([
      { address: expect.objectContaining({ country: 2, state: 2 }) },
    ]);
  });

  test('changing the country clears the state', async () => {
    const setup = await newForm();
    await allSettled(fieldChanged, { scope: setup.scope, params: { country: '2', state: '1' } });
    await allSettled(fieldChanged, { scope: setup.scope, params: { country: '1' } });
    expect(setup.scope.getState($form).state).toBe('');
    expect(setup.scope.getState($countryStates)).toEqual([]);
  });

  test("a recipient's address is worded for the recipient", async () => {
    const setup = await newForm({ owner: 'the recipients' });
    await allSettled(fieldChanged, { scope: setup.scope, params: uk });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.scope.getState($errors)).toEqual({
      first_name: 'Please type the recipients first name',
      last_name: 'Please type the recipients last name',
    });
  });

  test('a failure toasts the spec message, and field errors from the server show beside the fields', async () => {
    const setup = modelScope({
      setDeliveryAddress: failWith(
        apiFailure('setDeliveryAddress', { fieldErrors: { postcode: 'Please type your postcode' } }),
      ),
    });
    await shown(setup);
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.sent).toEqual([
      {
        kind: 'notify',
        notification: { type: 'error', text: messages.deliveryAddressFailed, group: 'delivery-address' },
      },
    ]);
    expect(setup.scope.getState($errors)).toEqual({ postcode: 'Please type your postcode' });
  });
});

describe('lookup', () => {
  test('Find is disabled under 3 characters', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(lookupQueryChanged, { scope: setup.scope, params: 'BS' });
    expect(setup.scope.getState($canFind)).toBe(false);
    await allSettled(findClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('lookupAddress')).toEqual([]);
    await allSettled(lookupQueryChanged, { scope: setup.scope, params: 'BS1' });
    expect(setup.scope.getState($canFind)).toBe(true);
  });

  test('a chosen result fills the form', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(addressSelected, { scope: setup.scope, params: 'new' });
    await allSettled(fieldChanged, { scope: setup.scope, params: { country: '2', state: '1' } });
    await allSettled(lookupQueryChanged, { scope: setup.scope, params: ' BS1 4QA ' });
    await allSettled(findClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('lookupAddress')).toEqual([{ address: 'BS1 4QA' }]);
    const [result] = setup.scope.getState($lookupResults) ?? [];
    if (!result) throw new Error('no result');
    await allSettled(lookupResultChosen, { scope: setup.scope, params: result });
    expect(setup.scope.getState($form)).toMatchObject({
      address_1: '1 Quay Street',
      address_2: '',
      town: 'Bristol',
      postcode: 'BS1 4QA',
      country: '1',
      state: '',
    });
    expect(setup.scope.getState($lookupResults)).toBeNull();
  });

  test('a failing lookup silently finds nothing', async () => {
    const setup = modelScope({ lookupAddress: failWith(apiFailure('lookupAddress')) });
    await shown(setup);
    await allSettled(lookupQueryChanged, { scope: setup.scope, params: 'ZZ9 9ZZ' });
    await allSettled(findClicked, { scope: setup.scope });
    expect(setup.scope.getState($lookupResults)).toEqual([]);
    expect(setup.sent).toEqual([]);
  });
});

describe('gift vouchers', () => {
  test('from and to are required and sent', async () => {
    const setup = modelScope();
    await shown(setup, { hasGiftVouchers: true });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.scope.getState($errors)).toEqual({
      gift_voucher_from: 'Who is the gift voucher from?',
      gift_voucher_to: 'Who is the gift voucher for?',
    });
    await allSettled(voucherFromChanged, { scope: setup.scope, params: 'Alex' });
    expect(setup.scope.getState($errors)).toEqual({ gift_voucher_to: 'Who is the gift voucher for?' });
    await allSettled(voucherToChanged, { scope: setup.scope, params: ' Jo ' });
    await allSettled(continueClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('setDeliveryAddress')).toEqual([
      { address: { selected_user_address_id: 7 }, gift_voucher_from: 'Alex', gift_voucher_to: 'Jo' },
    ]);
  });
});

test('addressPayload sends an empty state outside the USA even when one was left', () => {
  const form: AddressForm = {
    first_name: 'A',
    last_name: 'B',
    address_1: 'x',
    address_2: '',
    town: 't',
    postcode: 'p',
    country: '77',
    state: '3',
  };
  expect(addressPayload('new', form)).toMatchObject({ country: 77, state: '' });
  expect(addressPayload(9, form)).toEqual({ selected_user_address_id: 9 });
});
