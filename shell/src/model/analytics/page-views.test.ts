import { allSettled, fork } from 'effector';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout } from '../checkout';
import { goTo } from '../state';
import { fakeServer, handlersOf } from '../test-handlers';
import { appStarted } from '../start';
import { pageViewFx, type PageView } from './page-views';

describe('page views', () => {
  test('one page_view per state shown, with the state', async () => {
    const views: PageView[] = [];
    const server = fakeServer({ checkout: sampleCheckout({ state: 'basket' }), secondsRemaining: null });
    const scope = fork({ handlers: [...handlersOf(server), [pageViewFx, (view: PageView) => void views.push(view)]] });
    await allSettled(appStarted, { scope });
    await allSettled(goTo, { scope, params: 'reserve' });
    expect(views).toEqual([
      { event: 'page_view', checkout_state: 'basket' },
      { event: 'page_view', checkout_state: 'reserve' },
    ]);
  });

  test('the default handler pushes to window.dataLayer', async () => {
    const server = fakeServer({ secondsRemaining: null });
    const scope = fork({ values: [[$checkout, sampleCheckout()]], handlers: handlersOf(server) });
    (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
    await allSettled(goTo, { scope, params: 'captcha' });
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([
      { event: 'page_view', checkout_state: 'captcha' },
    ]);
  });
});
