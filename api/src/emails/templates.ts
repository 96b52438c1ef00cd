import * as commonMessages from '@checkout/shared/messages/common';
import { sentBy, sentByLine, type MailSender } from './render';
import { colours } from './ui';
import { html } from '../web/html';
import type { OutboxMessage } from '../mail/outbox';

export const ONE_TIME_CODE_KIND = 'one_time_code';
/** A one-time code is valid for 15 minutes. */
export const ONE_TIME_CODE_MINUTES = 15;

/**
 * The one-time code email: the six digits, how long they last, and what to do if it was not you, headed and signed by
 * the marketplace's name as every email is; under test mode (some way of paying takes test money) it says TEST MODE.
 */
export function oneTimeCodeEmail(
  to: string,
  code: string,
  { sender, minutes = ONE_TIME_CODE_MINUTES }: { sender: MailSender; minutes?: number },
): OutboxMessage {
  const { testMode } = sender;
  const text = [
    `Your one-time code is ${code}.`,
    '',
    `Enter it where you asked for it to confirm your email address. It is valid for ${minutes} minutes and works once.`,
    '',
    'If you did not ask for a code, you can ignore this email: nobody can use your email address without it.',
  ].join('\n');
  const body = html`<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${testMode ? html`<p role="note" style="padding:10px 16px;border:2px dashed ${colours.warningFg};background:${colours.warningBg};color:${colours.warningFg};font-weight:700;text-align:center">${commonMessages.testModeNotice}</p>` : null}
<p style="font-weight:700">${sender.brand}</p>
<p>Your one-time code is</p>
<p style="font-size:2rem;font-weight:700;letter-spacing:0.3em">${code}</p>
<p>Enter it where you asked for it to confirm your email address. It is valid for ${minutes} minutes and works once.</p>
<p>If you did not ask for a code, you can ignore this email: nobody can use your email address without it.</p>
<p style="color:${colours.muted};font-size:0.8rem">${sentByLine(sender.brand)}</p>
</body></html>`;
  const subject = `Your one-time code for ${sender.brand}`;
  return sentBy(sender, { to, subject, text, html: body.value, kind: ONE_TIME_CODE_KIND });
}
