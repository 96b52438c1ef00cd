import { allSettled } from 'effector';
import { CheckoutSchema } from '../contract/entities';
import { CONTRACT_VERSION } from '../contract/version';
import { apiFailure, createFakeApi, failWith } from './fake-api';
import { fakeStepProps } from './fake-step-props';
import { emptyCheckout, sampleCheckout, sampleUser } from './sample-data';

describe('sample data', () => {
  test('sampleCheckout is a valid checkout: two tickets, a gift voucher, GBP', () => {
    const c = CheckoutSchema.parse(sampleCheckout());
    expect(c.tickets).toHaveLength(2);
    expect(c.gift_vouchers).toHaveLength(1);
    expect(c.currency).toEqual({ symbol: '£', code: 'GBP' });
  });

  test('overrides win and every call gives a fresh object', () => {
    const a = sampleCheckout({ express: true });
    expect(a.express).toBe(true);
    a.tickets.pop();
    expect(sampleCheckout().tickets).toHaveLength(2);
    emptyCheckout().basket_errors.push('changed');
    expect(CheckoutSchema.parse(emptyCheckout()).basket_errors).toEqual([]);
    expect(sampleUser({ is_dark_mode: true }).is_dark_mode).toBe(true);
  });
});

describe('createFakeApi', () => {
  test('logs calls, and basket calls change what getCheckout answers', async () => {
    const api = createFakeApi();
    await api.updateTicketQuantity({ ticket_id: 11, quantity: 4 });
    const checkout = await api.getCheckout();
    expect(checkout.tickets.find((t) => t.ticket_id === 11)?.qty).toBe(4);
    // 4 x (25 + 1.50) + (12.50 + 0.75) + 20
    expect(checkout.basket_total).toBe(139.25);
    expect(api.payloadsOf('updateTicketQuantity')).toEqual([{ ticket_id: 11, quantity: 4 }]);
    expect(api.log.map((c) => c.name)).toEqual(['updateTicketQuantity', 'getCheckout']);
  });

  test('a handler can be replaced per call, including with the real failure shape', async () => {
    const api = createFakeApi({ handlers: { setCode: async () => ({ code_applied: false }) } });
    await expect(api.setCode({ code: 'NOPE' })).resolves.toEqual({ code_applied: false });
    api.handlers.setCode = failWith(apiFailure('setCode'));
    await expect(api.setCode({ code: 'NOPE' })).rejects.toMatchObject({
      kind: 'http',
      call: 'setCode',
      message: 'Unable to set the Code. Please try again later',
    });
  });
});

describe('fakeStepProps', () => {
  test('is a StepProps over a forked scope, seeded from the options', () => {
    const props = fakeStepProps({ state: 'payment', checkout: sampleCheckout({ seconds_remaining: 600 }), user: null });
    expect(props.contractVersion).toBe(CONTRACT_VERSION);
    expect(props.state).toBe('payment');
    expect(props.scope.getState(props.stores.$state)).toBe('payment');
    expect(props.scope.getState(props.stores.$secondsRemaining)).toBe(600);
    expect(props.scope.getState(props.stores.$user)).toBeNull();
    expect(props.config.apiBase).toBe('');
  });

  test('stepCompleted applies the next-step rules', async () => {
    const props = fakeStepProps({
      state: 'marketing_preferences',
      checkout: sampleCheckout({ require_delivery_address: true }),
    });
    await allSettled(props.commands.stepCompleted, { scope: props.scope });
    expect(props.scope.getState(props.stores.$state)).toBe('delivery_address');
  });

  test('scopes do not leak into each other', async () => {
    const a = fakeStepProps({ state: 'basket' });
    const b = fakeStepProps({ state: 'basket' });
    await allSettled(a.commands.goTo, { scope: a.scope, params: 'captcha' });
    expect(a.scope.getState(a.stores.$state)).toBe('captcha');
    expect(b.scope.getState(b.stores.$state)).toBe('basket');
  });

  test('reloadCheckout and refreshUser go through the fake API', async () => {
    const props = fakeStepProps({ checkout: null, user: null });
    props.api.checkout = sampleCheckout({ basket_total: 1 });
    props.api.user = sampleUser({ first_name: 'Sam' });
    await allSettled(props.commands.reloadCheckout, { scope: props.scope });
    await allSettled(props.commands.refreshUser, { scope: props.scope });
    expect(props.scope.getState(props.stores.$checkout)?.basket_total).toBe(1);
    expect(props.scope.getState(props.stores.$user)?.first_name).toBe('Sam');
  });

  test('editBasket destroys the sale and returns to the basket', async () => {
    const props = fakeStepProps({ state: 'payment', secondsRemaining: 300 });
    await allSettled(props.commands.editBasket, { scope: props.scope });
    expect(props.api.payloadsOf('destroySale')).toHaveLength(1);
    expect(props.scope.getState(props.stores.$state)).toBe('basket');
    expect(props.scope.getState(props.stores.$secondsRemaining)).toBeNull();
  });

  test('notify collects notifications; one group replaces its previous one', async () => {
    const props = fakeStepProps({ api: { getCheckout: failWith(apiFailure('getCheckout')) } });
    await allSettled(props.commands.notify, { scope: props.scope, params: { type: 'error', text: 'one', group: 'g' } });
    await allSettled(props.commands.notify, { scope: props.scope, params: { type: 'success', text: 'two' } });
    await allSettled(props.commands.notify, {
      scope: props.scope,
      params: { type: 'warn', text: 'three', group: 'g' },
    });
    expect(props.notifications().map((n) => n.text)).toEqual(['two', 'three']);
    await allSettled(props.commands.reservationStarted, { scope: props.scope, params: 900 });
    expect(props.scope.getState(props.stores.$secondsRemaining)).toBe(900);
  });
});
