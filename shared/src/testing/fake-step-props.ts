import { fork, type Scope } from 'effector';
import type { Checkout, User } from '../contract/entities';
import type { CheckoutState } from '../contract/states';
import { CONTRACT_VERSION } from '../contract/version';
import type { NotificationInput, RuntimeConfig, StepProps } from '../step';
import { createFakeApi, type FakeApi, type FakeApiHandlers } from './fake-api';
import * as shell from './fake-shell';
import { sampleCheckout, sampleUser } from './sample-data';

export interface FakeStepOptions {
  /** The state the step is mounted for; default the checkout's own state. */
  state?: CheckoutState;
  /** Default sampleCheckout(); null for a checkout not loaded yet. */
  checkout?: Checkout | null;
  /** Default sampleUser(); null for a guest. */
  user?: User | null;
  /** Default the checkout's seconds_remaining. */
  secondsRemaining?: number | null;
  expired?: boolean;
  updatingBasket?: boolean;
  /** Answers of particular calls; everything else gets createFakeApi's defaults. */
  api?: Partial<FakeApiHandlers>;
  config?: Partial<RuntimeConfig>;
}

export interface FakeStepProps extends StepProps {
  api: FakeApi;
  /** Reads what the step asked the shell to show (it is not part of StepProps). */
  notifications(): NotificationInput[];
}

/**
 * A real StepProps for component tests and standalone remotes: a fork()ed scope over real effector units, commands
 * that behave like the shell's (stepCompleted applies rules/next-step, reloadCheckout asks the fake API, notify
 * collects notifications), and a jest-free fake API. The fake API's server checkout starts as the checkout given.
 */
export function fakeStepProps(options: FakeStepOptions = {}): FakeStepProps {
  const checkout = options.checkout === undefined ? sampleCheckout() : options.checkout;
  const user = options.user === undefined ? sampleUser() : options.user;
  const state = options.state ?? checkout?.state ?? 'basket';
  const api = createFakeApi({
    checkout: checkout ?? sampleCheckout(),
    user,
    ...(options.api ? { handlers: options.api } : {}),
  });

  const scope: Scope = fork({
    values: [
      [shell.$checkout, checkout],
      [shell.$state, state],
      [shell.$user, user],
      [
        shell.$secondsRemaining,
        options.secondsRemaining === undefined ? (checkout?.seconds_remaining ?? null) : options.secondsRemaining,
      ],
      [shell.$expired, options.expired ?? false],
      [shell.$updatingBasket, options.updatingBasket ?? false],
      [shell.$notifications, []],
    ],
    handlers: [
      [shell.loadCheckoutFx, () => api.getCheckout()],
      [shell.loadUserFx, async () => (await api.getUser()).user],
      [shell.destroySaleFx, () => api.destroySale()],
    ],
  });

  return {
    contractVersion: CONTRACT_VERSION,
    state,
    scope,
    stores: {
      $checkout: shell.$checkout,
      $state: shell.$state,
      $user: shell.$user,
      $secondsRemaining: shell.$secondsRemaining,
      $expired: shell.$expired,
      $updatingBasket: shell.$updatingBasket,
    },
    commands: {
      stepCompleted: shell.stepCompleted,
      goTo: shell.goTo,
      editBasket: shell.editBasket,
      reloadCheckout: shell.reloadCheckout,
      refreshUser: shell.refreshUser,
      notify: shell.notify,
      reservationStarted: shell.reservationStarted,
    },
    api,
    config: { apiBase: '', ...options.config },
    notifications: () => scope.getState(shell.$notifications),
  };
}
