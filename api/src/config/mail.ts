import type { AppEnv } from './env-schema';

/** Mail settings, read once at start-up from the environment. */
export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): messages are delivered through it by a durable job. */
  smtpUrl: string | undefined;
  /** The From of every message: the marketplace's name at MAIL_FROM's address. */
  from: string;
  /** The marketplace's name (MARKETPLACE_NAME): the From name, and the header and footer of every email. */
  senderName: string;
  /** Print each message on the console: with the development pages (AppConfig.devPages), outside tests. */
  logToConsole: boolean;
  /** How often queued deliveries are looked for (MAIL_DELIVERY_INTERVAL_MS); a send also starts one at once. */
  deliveryIntervalMs: number;
}

/** 'a@b' or 'Name <a@b>' (the name quoted or not): the name, if any, and the address. */
function mailbox(value: string): { name: string; address: string } {
  const match = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^<>\s]+)>\s*$/.exec(value);
  if (!match) return { name: '', address: value.trim() };
  return { name: (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1').trim(), address: match[3] ?? '' };
}

/** A display name as a quoted string, so commas, dots or quotes in it cannot change the address. */
const quoted = (name: string) => `"${name.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/**
 * MAIL_FROM is the sending address; the name beside it is the marketplace's (`senderName`), so an email never calls the
 * site something the pages do not. A MAIL_FROM naming someone else stops the start-up rather than being ignored.
 */
export function loadMailConfig(env: AppEnv, publicUrl: string, devPages: boolean, senderName: string): MailConfig {
  const smtpUrl = env.SMTP_URL;
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  const configured = env.MAIL_FROM ? mailbox(env.MAIL_FROM) : null;
  if (configured && configured.name !== '' && configured.name !== senderName)
    throw new Error(
      `MAIL_FROM names its sender '${configured.name}', but emails are from the marketplace's name '${senderName}' (MARKETPLACE_NAME): give MAIL_FROM as the address alone, or set MARKETPLACE_NAME`,
    );
  if (configured && !/^[^@\s]+@[^@\s]+$/.test(configured.address))
    throw new Error(`MAIL_FROM must be an email address, got '${env.MAIL_FROM}'`);
  return {
    smtpUrl,
    from: `${quoted(senderName)} <${configured?.address ?? `no-reply@${host}`}>`,
    senderName,
    logToConsole: devPages && env.NODE_ENV !== 'test',
    deliveryIntervalMs: env.MAIL_DELIVERY_INTERVAL_MS,
  };
}
