import type { NodeOptions } from '@sentry/node';

/** What is known about where an error happened: the request (its id, route, method) or the job (its kind and id). */
export interface ErrorContext {
  requestId?: string;
  route?: string;
  method?: string;
  jobKind?: string;
  jobId?: number;
  /** A job failure that ends its retries. */
  finalAttempt?: boolean;
}

/** Where unexpected errors go besides the log: Sentry when SENTRY_DSN is set, nowhere otherwise. */
export interface ErrorReporter {
  readonly enabled: boolean;
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is still queued (waits at most 2 s), then stops. */
  close(): Promise<void>;
}

export const noErrorReporter: ErrorReporter = {
  enabled: false,
  capture: () => undefined,
  close: async () => undefined,
};

export interface SentryReporterOptions {
  dsn: string;
  environment: string;
  /** Replaces the HTTP transport (tests: nothing leaves the process). */
  transport?: NodeOptions['transport'];
}

/**
 * Sentry for the server. Loaded only when a DSN is configured, so without one the SDK is never even imported, let alone
 * initialised. Its default integrations and its module-loader hooks are off: they instrument http and other modules
 * for tracing, which this server does not use, and our errors reach it explicitly (the error handler's 5xx and the job
 * runners' failures), tagged with their request id or job.
 */
export async function createSentryReporter(options: SentryReporterOptions): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  const client = Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    defaultIntegrations: false,
    enableRuntimeChannelInjection: false,
    // Cookies, headers, bodies and queries are the buyer's (a session, a recovery link): nothing of them is sent, only
    // what the error and its tags say.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    ...(options.transport ? { transport: options.transport } : {}),
  });
  return {
    enabled: true,
    capture(error, context) {
      Sentry.withScope((scope) => {
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.route) scope.setTag('route', context.route);
        if (context.method) scope.setTag('method', context.method);
        if (context.jobKind) scope.setTag('job_kind', context.jobKind);
        if (context.jobId !== undefined) scope.setTag('job_id', String(context.jobId));
        if (context.finalAttempt !== undefined) scope.setTag('final_attempt', String(context.finalAttempt));
        Sentry.captureException(error);
      });
    },
    async close() {
      await client?.close(2000);
    },
  };
}

export function createErrorReporter(options: { dsn: string | undefined; environment: string }): Promise<ErrorReporter> {
  return options.dsn
    ? createSentryReporter({ dsn: options.dsn, environment: options.environment })
    : Promise.resolve(noErrorReporter);
}
