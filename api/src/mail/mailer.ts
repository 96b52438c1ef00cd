import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { enqueueJob, startJobRunner, type Job, type JobRunner } from '../jobs/queue';
import type { MailConfig } from './config';
import { attachmentsOf, markFailed, markSent, storeMessage, type OutboxMessage } from './outbox';
import { smtpTransport, type MailTransport } from './transport';

/** The job kind that delivers one outbox message. */
export const MAIL_JOB = 'mail.send';
/** 30 s, 1, 2, 4 … 64 min between tries: about two hours before a message is given up on. */
const MAX_DELIVERY_ATTEMPTS = 8;

/** Sends mail: every message is stored in the outbox first; with SMTP configured a durable job delivers it. */
export interface Mailer {
  /** Stores the message (and queues its delivery); resolves with its outbox id. Never waits for the mail server. */
  send(message: OutboxMessage): Promise<number>;
  /** Runs the deliveries that are due now; resolves with how many ran (0 without SMTP). */
  deliverDue(): Promise<number>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  config: MailConfig;
  /** Overrides the transport SMTP_URL would give (tests). */
  transport?: MailTransport;
  /** Where a message is printed when config.logToConsole (default: console.log). */
  log?: (text: string) => void;
  /** A delivery that failed (with its job) or a run of deliveries that could not start (without). */
  onError: (error: unknown, job?: Job) => void;
}

function outboxIdOf(payload: unknown): number {
  const id = (payload as { outboxId?: unknown } | null)?.outboxId;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw new Error(`A ${MAIL_JOB} job needs an outboxId, got ${JSON.stringify(payload)}`);
  return id;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, clock, config } = options;
  const log = options.log ?? ((text: string) => console.log(text));
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);

  const deliver = async (payload: unknown): Promise<void> => {
    const id = outboxIdOf(payload);
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    // Delivered by an earlier try whose job did not record its end: never send twice.
    if (!row || row.sent_at !== null || !transport) return;
    try {
      const attachments = attachmentsOf(row);
      await transport.deliver({
        from: config.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (error) {
      await markFailed(db, id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await markSent(db, id, clock.now());
  };

  const runner: JobRunner | undefined = transport
    ? startJobRunner({
        db,
        clock,
        kinds: [MAIL_JOB],
        handlers: { [MAIL_JOB]: deliver },
        intervalMs: config.deliveryIntervalMs,
        onError: options.onError,
      })
    : undefined;

  return {
    async send(message) {
      const now = clock.now();
      const id = await db.transaction().execute(async (tx) => {
        const stored = await storeMessage(tx, message, now);
        if (transport) {
          await enqueueJob(
            tx,
            {
              kind: MAIL_JOB,
              payload: { outboxId: stored },
              runAt: now,
              dedupeKey: `mail:${stored}`,
              maxAttempts: MAX_DELIVERY_ATTEMPTS,
            },
            now,
          );
        }
        return stored;
      });
      if (config.logToConsole) log(`\n--- mail to ${message.to}: ${message.subject} ---\n${message.text}\n---\n`);
      // Deliver now rather than at the next tick, without making the request wait for the mail server.
      if (runner) runner.runDue().catch(options.onError);
      return id;
    },
    deliverDue: () => runner?.runDue() ?? Promise.resolve(0),
    async close() {
      await runner?.stop();
      transport?.close();
    },
  };
}
