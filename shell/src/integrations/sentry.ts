import { createWatch, type Scope } from 'effector';
import type { User } from '@checkout/shared';
import { STEP_FAILED_EVENT, type StepFailure } from '@checkout/shared/parcel';
import { $user } from '../model';

/** Spec / design card sample rates. */
export const SENTRY_RATES = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

const userOf = (user: User | null) => (user ? { id: String(user.id), email: user.email } : null);

/**
 * Error reporting, only with a DSN. Loaded after the first step is on screen (≈32 KiB gz that the basket must not
 * wait for); the user id and email follow $user.
 */
export async function startSentry(dsn: string, scope: Scope): Promise<void> {
  const Sentry = await import(/* webpackChunkName: "sentry" */ '@sentry/react');
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...SENTRY_RATES,
  });
  Sentry.setUser(userOf(scope.getState($user)));
  createWatch({ unit: $user, scope, fn: (user) => Sentry.setUser(userOf(user)) });
  window.addEventListener(STEP_FAILED_EVENT, (event) => {
    const failure = (event as CustomEvent<StepFailure>).detail;
    Sentry.captureMessage(`checkout step "${failure.state}" failed: ${failure.message}`, 'error');
  });
}
