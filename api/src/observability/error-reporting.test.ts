import * as Sentry from '@sentry/node';
import { createTestApp } from '../testing/test-app';
import { createSentryReporter, type ErrorContext, type ErrorReporter } from './error-reporting';

/** Reports kept in memory instead of going to Sentry. */
function fakeReporter(): ErrorReporter & { captured: Array<{ error: unknown; context: ErrorContext }> } {
  const captured: Array<{ error: unknown; context: ErrorContext }> = [];
  return {
    enabled: true,
    captured,
    capture: (error, context) => void captured.push({ error, context }),
    close: async () => undefined,
  };
}

describe('error reporting', () => {
  test('without SENTRY_DSN, Sentry is never initialised: no client, nothing to send to', async () => {
    const t = await createTestApp({
      config: {
        observability: {
          metricsToken: undefined,
          sentryDsn: undefined,
          sentryEnvironment: 'test',
          jobRetentionDays: 14,
          outboxRetentionDays: 30,
          retentionSweepMs: 3_600_000,
          domainEventRelayMs: 10_000,
        },
      },
    });
    try {
      t.app.get('/test/boom', async () => {
        throw new Error('unexpected');
      });
      expect((await t.app.inject({ method: 'GET', url: '/test/boom' })).statusCode).toBe(500);
      expect(Sentry.getClient()).toBeUndefined();
      expect(Sentry.isInitialized()).toBe(false);
    } finally {
      await t.close();
    }
  });

  test('an unexpected 500 is reported with its request id; refusals and 404s are not', async () => {
    const reporter = fakeReporter();
    const t = await createTestApp({ errorReporter: reporter });
    try {
      const failure = new Error('the handler broke');
      t.app.get('/test/boom', async () => {
        throw failure;
      });
      const response = await t.app.inject({ method: 'GET', url: '/test/boom', headers: { 'x-request-id': 'req-500' } });
      expect(response.statusCode).toBe(500);
      await t.app.inject({ method: 'GET', url: '/ajax/no/such/call/' });
      const visitor = await t.visitor();
      await visitor.post('/ajax/checkout/checkout/add_to_basket/', { ticket_id: 'x', quantity: 1 });
      expect(reporter.captured).toEqual([
        { error: failure, context: { requestId: 'req-500', method: 'GET', route: '/test/boom' } },
      ]);
    } finally {
      await t.close();
    }
  });

  test('the Sentry reporter sends the exception with its request id through the transport (a fake: no network)', async () => {
    const bodies: string[] = [];
    const reporter = await createSentryReporter({
      dsn: 'https://public@o0.ingest.sentry.invalid/1',
      environment: 'test',
      // Sentry's own transport plumbing with the HTTP request replaced: envelopes are kept here.
      transport: (options) =>
        Sentry.createTransport(options, async (request) => {
          bodies.push(typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8'));
          return { statusCode: 200 };
        }),
    });
    try {
      expect(Sentry.isInitialized()).toBe(true);
      reporter.capture(new Error('job exploded'), {
        requestId: 'req-7',
        jobKind: 'mail.send',
        jobId: 12,
        finalAttempt: false,
      });
      await Sentry.flush(2000);
      // An envelope is lines of JSON: its header, then each item's header and payload.
      const items = bodies.flatMap((body) =>
        body
          .split('\n')
          .filter(Boolean)
          .map(
            (line) =>
              JSON.parse(line) as { exception?: { values?: Array<{ value?: string }> }; tags?: Record<string, string> },
          ),
      );
      const event = items.find((item) => item.exception);
      expect(event?.exception?.values?.[0]?.value).toBe('job exploded');
      expect(event?.tags).toMatchObject({
        request_id: 'req-7',
        job_kind: 'mail.send',
        job_id: '12',
        final_attempt: 'false',
      });
    } finally {
      await reporter.close();
    }
  });
});
