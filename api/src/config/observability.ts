import type { AppEnv } from './env-schema';

/** Metrics, error reporting and retention settings, read once at start-up from the environment. */
export interface ObservabilityConfig {
  /** METRICS_TOKEN: /metrics answers only a request bearing it; without it /metrics does not exist (404). */
  metricsToken: string | undefined;
  /** SENTRY_DSN: server errors are reported to Sentry; without it nothing is initialised and nothing is sent. */
  sentryDsn: string | undefined;
  /** SENTRY_ENVIRONMENT (default NODE_ENV, else 'production'): the environment the reports are filed under. */
  sentryEnvironment: string;
  /** JOB_RETENTION_DAYS: finished jobs older than this are deleted. */
  jobRetentionDays: number;
  /** OUTBOX_RETENTION_DAYS: sent mail older than this is deleted. */
  outboxRetentionDays: number;
  /** RETENTION_SWEEP_MS: how often the retention sweep runs. */
  retentionSweepMs: number;
  /** DOMAIN_EVENT_RELAY_MS: how often committed domain events are relayed to the metrics counters. */
  domainEventRelayMs: number;
}

export function loadObservabilityConfig(env: AppEnv): ObservabilityConfig {
  return {
    metricsToken: env.METRICS_TOKEN,
    sentryDsn: env.SENTRY_DSN,
    sentryEnvironment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV ?? 'production',
    jobRetentionDays: env.JOB_RETENTION_DAYS,
    outboxRetentionDays: env.OUTBOX_RETENTION_DAYS,
    retentionSweepMs: env.RETENTION_SWEEP_MS,
    domainEventRelayMs: env.DOMAIN_EVENT_RELAY_MS,
  };
}
