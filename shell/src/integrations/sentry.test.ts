import { allSettled, fork } from 'effector';
import { sampleUser } from '@checkout/shared/testing';
import { STEP_FAILED_EVENT } from '@checkout/shared/parcel';
import { getUserFx, refreshUser, $user } from '../model';
import { SENTRY_RATES, startSentry } from './sentry';

const mockSentry = {
  init: jest.fn(),
  setUser: jest.fn(),
  captureMessage: jest.fn(),
  browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: jest.fn(() => ({ name: 'Replay' })),
};
jest.mock('@sentry/react', () => mockSentry);

test('starts with the DSN and sample rates, attaches the user and follows changes to it', async () => {
  const scope = fork({
    values: [[$user, sampleUser({ id: 7, email: 'a@example.com' })]],
    handlers: [[getUserFx, async () => null]],
  });
  await startSentry('https://key@sentry.example/1', scope);
  expect(mockSentry.init).toHaveBeenCalledWith(
    expect.objectContaining({ dsn: 'https://key@sentry.example/1', ...SENTRY_RATES }),
  );
  expect(SENTRY_RATES).toEqual({ tracesSampleRate: 1.0, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1.0 });
  expect(mockSentry.setUser).toHaveBeenLastCalledWith({ id: '7', email: 'a@example.com' });

  await allSettled(refreshUser, { scope });
  expect(mockSentry.setUser).toHaveBeenLastCalledWith(null);

  window.dispatchEvent(new CustomEvent(STEP_FAILED_EVENT, { detail: { state: 'payment', message: 'kaboom' } }));
  expect(mockSentry.captureMessage).toHaveBeenCalledWith('checkout step "payment" failed: kaboom', 'error');
});
