/** Mail settings, read once at start-up from the environment. */
export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): messages are delivered through it by a durable job. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every message. */
  from: string;
  /** Print each message on the console: with the development pages (AppConfig.devPages), outside tests. */
  logToConsole: boolean;
  /** How often queued deliveries are looked for (MAIL_DELIVERY_INTERVAL_MS); a send also starts one at once. */
  deliveryIntervalMs: number;
}

type Env = Record<string, string | undefined>;

export function loadMailConfig(env: Env, publicUrl: string, devPages: boolean): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  const interval = Number(env.MAIL_DELIVERY_INTERVAL_MS ?? '');
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `"Checkout" <no-reply@${host}>`,
    logToConsole: devPages && env.NODE_ENV !== 'test',
    deliveryIntervalMs: Number.isInteger(interval) && interval > 0 ? interval : 5000,
  };
}
