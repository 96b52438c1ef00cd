import { type Env, positiveInt } from '../../env';

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

export function loadWebhookConfig(env: Env): WebhookConfig {
  const raw = env.WEBHOOK_ALLOW_PRIVATE_URLS?.trim().toLowerCase();
  let allowPrivateUrls: boolean;
  if (raw === undefined || raw === '') allowPrivateUrls = env.NODE_ENV !== 'production';
  else if (raw === '1' || raw === 'true') allowPrivateUrls = true;
  else if (raw === '0' || raw === 'false') allowPrivateUrls = false;
  else throw new Error(`WEBHOOK_ALLOW_PRIVATE_URLS must be 1 or 0, got '${env.WEBHOOK_ALLOW_PRIVATE_URLS}'`);
  return { allowPrivateUrls, deliverEveryMs: positiveInt(env, 'WEBHOOK_JOBS_MS', 5000), timeoutMs: 10_000 };
}
