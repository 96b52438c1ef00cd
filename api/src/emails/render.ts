import { render } from '@react-email/render';
import * as commonMessages from '@checkout/shared/messages/common';
import type { ReactElement } from 'react';
import type { AppConfig } from '../config';
import type { OutboxMessage } from '../mail/outbox';
import { testModeOf } from '../payment/modes';

/** The HTML part of an email from its React tree (react-email escapes every value). */
export function renderHtml(element: ReactElement): Promise<string> {
  return render(element, { pretty: false });
}

/**
 * The plain-text part is written, not derived from the HTML: a converted table reads badly in a text client, and the
 * words that tests and people look for (codes, links) should not depend on a converter.
 */
const WIDTH = 64;

/** 'Label ............. £12.00' on one line when it fits; the amount on its own line, right-aligned, when not. */
export function moneyLine(label: string, amount: string, width = WIDTH): string {
  const gap = width - label.length - amount.length;
  if (gap >= 2) return `${label}${' '.repeat(gap)}${amount}`;
  return `${label}\n${' '.repeat(Math.max(0, width - amount.length))}${amount}`;
}

/** A section title, underlined. */
export function heading(title: string): string {
  return `${title}\n${'-'.repeat(Math.min(title.length, WIDTH))}`;
}

/** Paragraphs and blocks separated by a blank line; empty blocks dropped. */
export function blocks(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}

/** MAIL_FROM's display name ('"Checkout" <no-reply@…>' → 'Checkout'): who the buyer sees the email is from. */
export function senderName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*</.exec(from);
  return match?.[1]?.trim() || 'Tickets';
}

/** How the deployment's emails go out: from whom, and whether they say TEST MODE (some way of paying takes test money). */
export interface MailSender {
  /** MAIL_FROM's display name, at the top of every email. */
  brand: string;
  testMode: boolean;
}

export function mailSenderOf(config: Pick<AppConfig, 'mail' | 'payment'>): MailSender {
  return { brand: senderName(config.mail.from), testMode: testModeOf(config.payment) };
}

/**
 * The message as this sender sends it: under test mode the subject starts '[TEST MODE]' and the text part with the
 * notice, as the HTML part's frame does (emails/ui.tsx), so an inbox's list already tells a test order from a real one.
 */
export function sentBy(sender: Pick<MailSender, 'testMode'>, message: OutboxMessage): OutboxMessage {
  if (!sender.testMode) return message;
  return {
    ...message,
    subject: commonMessages.testModeSubject(message.subject),
    text: blocks(commonMessages.testModeNotice, message.text),
  };
}
