import type { AppEnv } from './env-schema';

/** Where webhooks may be sent and how the deliverer runs. */
export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE_URLS=1: endpoints may be plain http and on private, loopback or link-local addresses (tests,
   * local development, a stack whose receivers are on its own network). Off in production unless set, on elsewhere.
   */
  allowPrivateUrls: boolean;
  /** How often the deliverer looks for due deliveries (WEBHOOK_JOBS_MS, default 5 s). */
  deliverEveryMs: number;
  /** How long a receiver has to answer an attempt. */
  timeoutMs: number;
}

export function loadWebhookConfig(env: AppEnv): WebhookConfig {
  return {
    allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS ?? env.NODE_ENV !== 'production',
    deliverEveryMs: env.WEBHOOK_JOBS_MS,
    timeoutMs: 10_000,
  };
}
