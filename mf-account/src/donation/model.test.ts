import { allSettled } from 'effector';
import { apiFailure, failWith } from '@checkout/shared/testing';
import { type Charity } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/donation';
import { modelScope } from '../testing';
import {
  $amount,
  $custom,
  $error,
  $phase,
  $preset,
  $refusals,
  $saving,
  checkoutArrived,
  customChanged,
  donateClicked,
  donationShown,
  presetChosen,
  reloadSettled,
  skipClicked,
} from './model';

const charity: Charity = {
  id: 1,
  name: 'Harbour Lifeboat Trust',
  logo: null,
  description_html: '<p>Crews</p>',
  donation_checkout_title: 'Would you like to add a donation?',
  donation_options: [5, 10, 20, 50],
  base_fee: 0.2,
  booking_fee: 1.5,
  booking_fee_includes_vat: true,
  booking_fee_vat: 20,
  booking_fee_cap: 5,
};

async function shown(setup: ReturnType<typeof modelScope>, saved: number | null = null) {
  await allSettled(donationShown, {
    scope: setup.scope,
    params: {
      deps: setup.deps,
      charity,
      saved: saved === null ? null : { amount_before_booking_fee: saved, booking_fee: 0.5, is_gift_aid: false },
    },
  });
}

describe('choosing', () => {
  test('a preset, then a custom amount, then a preset again', async () => {
    const setup = modelScope();
    await shown(setup);
    expect(setup.scope.getState($amount)).toBeNull();
    await allSettled(presetChosen, { scope: setup.scope, params: 20 });
    expect(setup.scope.getState($amount)).toBe(20);
    await allSettled(customChanged, { scope: setup.scope, params: '12.50' });
    expect(setup.scope.getState($preset)).toBeNull();
    expect(setup.scope.getState($amount)).toBe(12.5);
    await allSettled(presetChosen, { scope: setup.scope, params: 5 });
    expect(setup.scope.getState($custom)).toBe('');
    expect(setup.scope.getState($amount)).toBe(5);
  });

  test.each([
    [20, 20, ''],
    [7.5, null, '7.5'],
  ])('a donation saved earlier (%s) is shown again', async (saved, preset, custom) => {
    const setup = modelScope();
    await shown(setup, saved);
    expect(setup.scope.getState($preset)).toBe(preset);
    expect(setup.scope.getState($custom)).toBe(custom);
  });
});

describe('validation', () => {
  test.each<[string, (s: ReturnType<typeof modelScope>) => Promise<unknown>, string]>([
    ['nothing chosen', async () => undefined, messages.selectAmount],
    [
      'an empty custom amount',
      (s) => allSettled(customChanged, { scope: s.scope, params: '  ' }),
      messages.selectAmount,
    ],
    ['under 1', (s) => allSettled(customChanged, { scope: s.scope, params: '0.5' }), messages.donationAmountRequired],
    [
      'not a number',
      (s) => allSettled(customChanged, { scope: s.scope, params: 'abc' }),
      messages.donationAmountRequired,
    ],
    [
      'fractions of a penny',
      (s) => allSettled(customChanged, { scope: s.scope, params: '5.555' }),
      messages.donationAmountRequired,
    ],
  ])('%s is refused and nothing is saved', async (_name, choose, message) => {
    const setup = modelScope();
    await shown(setup);
    await choose(setup);
    await allSettled(donateClicked, { scope: setup.scope });
    expect(setup.scope.getState($error)).toBe(message);
    expect(setup.scope.getState($refusals)).toBe(1);
    expect(setup.api.payloadsOf('saveDonation')).toEqual([]);
    expect(setup.sent).toEqual([]);
  });

  test('the error clears on a new choice', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(donateClicked, { scope: setup.scope });
    await allSettled(presetChosen, { scope: setup.scope, params: 10 });
    expect(setup.scope.getState($error)).toBeNull();
  });
});

describe('saving', () => {
  test('saves, reloads the checkout, and completes the step only once the reloaded checkout is in', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(customChanged, { scope: setup.scope, params: '25' });
    await allSettled(donateClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('saveDonation')).toEqual([{ amount_before_booking_fee: 25, charity_id: 1 }]);
    expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }]);
    expect(setup.scope.getState($phase)).toBe('reloading');
    expect(setup.scope.getState($saving)).toBe(true);
    // A second click meanwhile saves nothing more.
    await allSettled(donateClicked, { scope: setup.scope });
    expect(setup.api.payloadsOf('saveDonation')).toHaveLength(1);

    await allSettled(checkoutArrived, { scope: setup.scope });
    await allSettled(reloadSettled, { scope: setup.scope });
    expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }, { kind: 'stepCompleted' }]);
  });

  test('a checkout arriving before anything was saved completes nothing', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(checkoutArrived, { scope: setup.scope });
    expect(setup.sent).toEqual([]);
  });

  test('a failed reload lets the buyer try again', async () => {
    const setup = modelScope();
    await shown(setup);
    await allSettled(presetChosen, { scope: setup.scope, params: 10 });
    await allSettled(donateClicked, { scope: setup.scope });
    await allSettled(reloadSettled, { scope: setup.scope });
    expect(setup.scope.getState($saving)).toBe(false);
    expect(setup.sent).toEqual([{ kind: 'reloadCheckout' }]);
  });

  test('a failure toasts the spec message and shows the inline one', async () => {
    const setup = modelScope({ saveDonation: failWith(apiFailure('saveDonation')) });
    await shown(setup);
    await allSettled(presetChosen, { scope: setup.scope, params: 10 });
    await allSettled(donateClicked, { scope: setup.scope });
    expect(setup.scope.getState($error)).toBe(messages.donationAmountProblem);
    expect(setup.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: messages.saveDonationFailed, group: 'donation' } },
    ]);
  });
});

test('Skip donation completes the step without saving', async () => {
  const setup = modelScope();
  await shown(setup);
  await allSettled(presetChosen, { scope: setup.scope, params: 10 });
  await allSettled(skipClicked, { scope: setup.scope });
  expect(setup.api.payloadsOf('saveDonation')).toEqual([]);
  expect(setup.sent).toEqual([{ kind: 'stepCompleted' }]);
});
