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

/** How the deployment's emails go out: from whom, and whether they say TEST MODE (some way of paying takes test money). */
export interface MailSender {
  /** The marketplace's name (MARKETPLACE_NAME), as in the From: at the top and in the footer of every email. */
  brand: string;
  testMode: boolean;
}

export function mailSenderOf(config: Pick<AppConfig, 'mail' | 'payment'>): MailSender {
  return { brand: config.mail.senderName, testMode: testModeOf(config.payment) };
}

/** The last line of every email, under its own footer: who sent it, in the name the site's pages show. */
export const sentByLine = (brand: string) => `Sent by ${brand}`;

/**
 * The message as this sender sends it: the text part ends with who sent it, as the HTML part's frame does
 * (emails/ui.tsx); under test mode the subject starts '[TEST MODE]' and the text part with the notice, so an inbox's
 * list already tells a test order from a real one.
 */
export function sentBy(sender: MailSender, message: OutboxMessage): OutboxMessage {
  const signed = { ...message, text: blocks(message.text, sentByLine(sender.brand)) };
  if (!sender.testMode) return signed;
  return {
    ...signed,
    subject: commonMessages.testModeSubject(message.subject),
    text: blocks(commonMessages.testModeNotice, signed.text),
  };
}
