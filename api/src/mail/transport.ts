import nodemailer from 'nodemailer';
import type { MailAttachment } from './outbox';

/** What goes over the wire for one outbox message. */
export interface Envelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: readonly MailAttachment[];
}

/** Something that can hand a message to a mail server (SMTP in production; a fake or nodemailer's JSON transport in tests). */
export interface MailTransport {
  deliver(envelope: Envelope): Promise<void>;
  close(): void;
}

interface NodemailerLike {
  sendMail(data: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; contentType: string; content: string }[];
  }): Promise<unknown>;
  close(): void;
}

/** Wraps any nodemailer transporter. */
export function nodemailerTransport(transporter: NodemailerLike): MailTransport {
  return {
    async deliver(envelope) {
      await transporter.sendMail({
        from: envelope.from,
        to: envelope.to,
        subject: envelope.subject,
        text: envelope.text,
        ...(envelope.html ? { html: envelope.html } : {}),
        ...(envelope.attachments?.length
          ? {
              attachments: envelope.attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                content,
              })),
            }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** SMTP from a connection URL (smtp://user:pass@host:587, smtps://host:465). A stuck server fails the try, not the process. */
export function smtpTransport(url: string): MailTransport {
  return nodemailerTransport(
    nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
  );
}
