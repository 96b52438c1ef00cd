import { sampleCheckout } from '@checkout/shared/testing';
import { likelyNextSteps } from './prefetch';

describe('likely next steps', () => {
  test('from the basket: the reserve step and the account step after it', () => {
    expect(likelyNextSteps('basket', sampleCheckout())).toEqual([
      { remote: 'mf_basket', module: './reserve' },
      { remote: 'mf_account', module: './login' },
    ]);
  });

  test('follows the rules: an express checkout goes from reserving to payment', () => {
    expect(likelyNextSteps('reserve', sampleCheckout({ express: true }))[0]).toEqual({
      remote: 'mf_payment',
      module: './payment',
    });
  });

  test('nothing after the last step', () => {
    expect(likelyNextSteps('order_completed', sampleCheckout())).toEqual([]);
  });
});
