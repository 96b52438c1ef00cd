/** Mail settings, read once at start-up from the environment. */
export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): messages are delivered through it by a durable job. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every message. */
  from: string;
  /**
   * /dev/outbox and /dev/outbox.json list stored messages. On without SMTP (the outbox is then the only way to read a
   * code, e.g. for a local evaluation of a production build); off with SMTP unless DEV_OUTBOX=1; DISABLE_DEV_OUTBOX=1
   * always turns it off.
   */
  devOutbox: boolean;
  /** Print each message on the console (NODE_ENV other than production and test). */
  logToConsole: boolean;
  /** How often queued deliveries are looked for (MAIL_DELIVERY_INTERVAL_MS); a send also starts one at once. */
  deliveryIntervalMs: number;
}

type Env = Record<string, string | undefined>;

const flag = (value: string | undefined): boolean => value === '1' || value === 'true';

export function loadMailConfig(env: Env, publicUrl: string): MailConfig {
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
    devOutbox: !flag(env.DISABLE_DEV_OUTBOX) && (smtpUrl === undefined || flag(env.DEV_OUTBOX)),
    logToConsole: env.NODE_ENV !== 'production' && env.NODE_ENV !== 'test',
    deliveryIntervalMs: Number.isInteger(interval) && interval > 0 ? interval : 5000,
  };
}
