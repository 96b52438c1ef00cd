import { allSettled, fork } from 'effector';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, reloadCheckout } from '../checkout';
import { fakeServer, handlersOf } from '../test-handlers';
import { clearDraftsFx } from './drafts';

function setUp(paidOnServer: boolean) {
  const server = fakeServer({ checkout: sampleCheckout({ payment_complete: paidOnServer }) });
  const cleared = jest.fn();
  const scope = fork({ handlers: [...handlersOf(server), [clearDraftsFx, cleared]] });
  return { scope, server, cleared };
}

describe('drafts kept in the tab', () => {
  test('go once the page sees its unpaid sale paid', async () => {
    const { scope, server, cleared } = setUp(false);
    await allSettled(reloadCheckout, { scope });
    expect(cleared).not.toHaveBeenCalled();
    server.checkout = sampleCheckout({ payment_complete: true });
    await allSettled(reloadCheckout, { scope });
    await allSettled(reloadCheckout, { scope });
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  test('stay when a paid sale is only reloaded (the order page keeps its open view)', async () => {
    const { scope, cleared } = setUp(true);
    await allSettled(reloadCheckout, { scope });
    await allSettled(reloadCheckout, { scope });
    expect(cleared).not.toHaveBeenCalled();
    expect(scope.getState($checkout)?.payment_complete).toBe(true);
  });
});
