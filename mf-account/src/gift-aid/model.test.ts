import { allSettled } from 'effector';
import { apiFailure, failWith } from '@checkout/shared/testing';
import * as deliveryAddressMessages from '@checkout/shared/messages/delivery-address';
import * as giftAidMessages from '@checkout/shared/messages/gift-aid';
import { copy } from './copy';
import { modelScope } from '../testing';
import {
  $errors,
  $refusals,
  $saveError,
  continueClicked,
  formChanged,
  giftAidErrors,
  giftAidShown,
  type GiftAidForm,
} from './model';

const form = (over: Partial<GiftAidForm> = {}): GiftAidForm => ({
  optedIn: true,
  taxpayer: true,
  ownMoney: true,
  notGambling: true,
  ukResident: true,
  address1: '',
  postcode: '',
  subscribe: false,
  ...over,
});

describe('giftAidErrors', () => {
  test.each<[string, Partial<GiftAidForm>, number, Record<string, string>]>([
    ['not opted in: nothing is asked', { optedIn: false, taxpayer: false }, 100, {}],
    ['opted in under 20 with the confirmations', {}, 19.99, {}],
    ['a confirmation missing', { ownMoney: false }, 10, { confirm: copy.confirmAll }],
    [
      'every confirmation missing',
      { taxpayer: false, ownMoney: false, notGambling: false },
      10,
      { confirm: copy.confirmAll },
    ],
    [
      'UK resident at 20: line 1 and postcode',
      {},
      20,
      { address1: 'Please type your first line of address', postcode: 'Please type your postcode' },
    ],
    ['UK resident at 20 with both', { address1: '1 Quay St', postcode: 'BS1 4QA' }, 20, {}],
    [
      'overseas at 20: the address only',
      { ukResident: false },
      20,
      { address1: 'Please type your first line of address' },
    ],
    ['overseas at 20 with the address', { ukResident: false, address1: '5 Rue X, Paris' }, 50, {}],
    [
      'spaces are not an address',
      { address1: '  ', postcode: 'BS1' },
      25,
      { address1: 'Please type your first line of address' },
    ],
  ])('%s', (_name, over, amount, errors) => {
    expect(giftAidErrors(form(over), amount)).toEqual(errors);
  });
});

async function shown(setup: ReturnType<typeof modelScope>, amount = 25) {
  await allSettled(giftAidShown, { scope: setup.scope, params: { deps: setup.deps, amount, isGiftAid: false } });
}

test('opting out saves is_gift_aid false and moves on', async () => {
  const setup = modelScope();
  await shown(setup);
  await allSettled(formChanged, { scope: setup.scope, params: { subscribe: true } });
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.api.payloadsOf('updateDonation')).toEqual([
    { is_gift_aid: false, subscribe: true, uk_based: true, address1: '', postcode: '' },
  ]);
  expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
});

test('opted in at 25 without the address is refused, then saved once complete', async () => {
  const setup = modelScope();
  await shown(setup);
  await allSettled(formChanged, {
    scope: setup.scope,
    params: { optedIn: true, taxpayer: true, ownMoney: true, notGambling: true },
  });
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.scope.getState($errors)).toEqual({
    address1: deliveryAddressMessages.addressLine1Required('your'),
    postcode: deliveryAddressMessages.postcodeFieldRequired('your'),
  });
  expect(setup.scope.getState($refusals)).toBe(1);
  expect(setup.api.payloadsOf('updateDonation')).toEqual([]);

  await allSettled(formChanged, { scope: setup.scope, params: { address1: ' 14 Marine Parade ' } });
  expect(setup.scope.getState($errors)).toEqual({ postcode: deliveryAddressMessages.postcodeFieldRequired('your') });
  await allSettled(formChanged, { scope: setup.scope, params: { postcode: 'BN2 1TL' } });
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.api.payloadsOf('updateDonation')).toEqual([
    { is_gift_aid: true, subscribe: false, uk_based: true, address1: '14 Marine Parade', postcode: 'BN2 1TL' },
  ]);
  expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
});

test('overseas sends no postcode; under 20 no address at all', async () => {
  const setup = modelScope();
  await shown(setup, 30);
  await allSettled(formChanged, {
    scope: setup.scope,
    params: { ...form({ ukResident: false, address1: '5 Rue X', postcode: 'ignored' }) },
  });
  await allSettled(continueClicked, { scope: setup.scope });
  const small = modelScope();
  await shown(small, 10);
  await allSettled(formChanged, {
    scope: small.scope,
    params: { ...form({ address1: 'typed anyway', postcode: 'AB1' }) },
  });
  await allSettled(continueClicked, { scope: small.scope });
  expect(setup.api.payloadsOf('updateDonation')).toEqual([
    { is_gift_aid: true, subscribe: false, uk_based: false, address1: '5 Rue X', postcode: '' },
  ]);
  expect(small.api.payloadsOf('updateDonation')).toEqual([
    { is_gift_aid: true, subscribe: false, uk_based: true, address1: '', postcode: '' },
  ]);
});

test('a failure toasts the spec message and shows the inline one', async () => {
  const setup = modelScope({ updateDonation: failWith(apiFailure('updateDonation')) });
  await shown(setup);
  await allSettled(continueClicked, { scope: setup.scope });
  expect(setup.scope.getState($saveError)).toBe(giftAidMessages.giftAidStatusProblem);
  expect(setup.sent).toEqual([
    { kind: 'notify', notification: { type: 'error', text: giftAidMessages.updateDonationFailed, group: 'gift-aid' } },
  ]);
});
