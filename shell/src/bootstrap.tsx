import { createRoot, hydrateRoot } from 'react-dom/client';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import {
  CONTRACT_VERSION,
  createApiClient,
  fetchRequester,
  readFirstAnswers,
  remoteForState,
  withFirstAnswers,
  type CheckoutState,
} from '@checkout/shared';
import { loadShellRuntime, type ShellConfig } from './config/runtime';
import { loadConsentedAnalytics } from './integrations/analyticsScript';
import {
  $checkout,
  $state,
  $updatingBasket,
  apiHandlers,
  appStarted,
  historyPopped,
  historyStarted,
  startedIn,
  tabShown,
} from './model';
import { createFederation } from './remotes/federation';
import { likelyNextSteps } from './remotes/prefetch';
import { createStepLoader, type StepLoader } from './remotes/stepLoader';
import { stepPropsFactory } from './steps/stepProps';
import { App } from './ui/App';
import type { ServerStep } from './ui/StepRegion';
import { brandOf } from './ui/brand';

const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 500);

/**
 * Runs `work` once the checkout is not being updated (a step is usable then: Reserve Basket, for one, waits for the
 * shell's updates) and the browser is idle, so prefetching the next remote never competes with the step on screen.
 */
function whenSettledAndIdle(scope: Scope, work: () => void) {
  if (!scope.getState($updatingBasket)) {
    whenIdle(work);
    return;
  }
  const stop = createWatch({
    unit: $updatingBasket,
    scope,
    fn: (updating) => {
      if (updating) return;
      stop.unsubscribe();
      whenIdle(work);
    },
  });
}

function onStepShownFactory(scope: Scope, loader: StepLoader, config: ShellConfig) {
  let sentryStarted = false;
  return (state: CheckoutState) => {
    whenSettledAndIdle(scope, () => {
      const checkout = scope.getState($checkout);
      if (checkout) for (const location of likelyNextSteps(state, checkout)) loader.prefetch(location);
    });
    if (config.sentryDsn && !sentryStarted) {
      sentryStarted = true;
      const dsn = config.sentryDsn;
      void import(/* webpackChunkName: "sentry-start" */ './integrations/sentry').then(({ startSentry }) =>
        startSentry(dsn, scope),
      );
    }
  };
}

async function start() {
  const runtime = await loadShellRuntime();
  // The page's first calls were answered inside the page (the api inlines them): the first asks are served from there.
  const http = withFirstAnswers(fetchRequester(runtime.config), readFirstAnswers(document));
  const api = createApiClient(http, {
    report: (problem) => console.error(`checkout: ${problem.call} answered outside the contract`, problem.issues),
  });
  const scope = fork({ handlers: apiHandlers(api) });
  const loader = createStepLoader({
    federation: createFederation(runtime.remotes),
    contractVersion: CONTRACT_VERSION,
    onFailure: (failure) =>
      console.error(
        `checkout: ${failure.remote} ${failure.module} could not be loaded (${failure.kind}): ${failure.message}`,
      ),
  });

  // Most visits start on the basket: fetch its remote while the checkout loads.
  const basket = remoteForState('basket');
  if (basket) loader.prefetch(basket);

  // Back and Forward move between the checkout's steps; the bank's and the card provider's return addresses mark the
  // page they brought back.
  await allSettled(historyStarted, {
    scope,
    params: {
      fromBank: ['truelayer_return', 'card_return'].some((mark) =>
        new URLSearchParams(window.location.search).has(mark),
      ),
    },
  });
  window.addEventListener(
    'popstate',
    (event) => void allSettled(historyPopped, { scope, params: event.state as unknown }),
  );

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void allSettled(tabShown, { scope });
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('checkout: #root is missing from the page');
  const app = (serverStep?: ServerStep) => (
    <App
      scope={scope}
      loader={loader}
      stepProps={stepPropsFactory(scope, api, runtime.config)}
      onStepShown={onStepShownFactory(scope, loader, runtime.config)}
      brand={brandOf(runtime.config)}
      {...(serverStep ? { serverStep } : {})}
    />
  );
  // The api rendered the frame and the first step into #root (api/src/pages/server-render.ts) from the answers inlined
  // in the page: the model starts from the same answers, so it is where the server's was, and React takes the markup
  // over (hydrates) instead of drawing it again; the step's parcel then hydrates its part.
  const serverHtml = root.hasAttribute('data-server-rendered')
    ? root.querySelector('.step-region__host')?.innerHTML
    : undefined;
  if (serverHtml !== undefined) {
    await startedIn(scope);
    hydrateRoot(root, app({ state: scope.getState($state), html: serverHtml }), {
      onRecoverableError: (error) => console.error('checkout: the page did not hydrate as rendered', error),
    });
    loadConsentedAnalytics(runtime.config.analyticsScriptUrl);
    return;
  }
  createRoot(root).render(app());
  loadConsentedAnalytics(runtime.config.analyticsScriptUrl);
  await allSettled(appStarted, { scope });
}

void start();
