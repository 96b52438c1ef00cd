import { formatCount, plural, type QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';

/**
 * What the queue page shows for a status, as plain data: the server renders the page from it and the page's script
 * (assets/queue.ts) applies it to the same markup, so the two never word a state differently. No DOM and no node here.
 */
export interface QueueView {
  state: QueueStatus['state'];
  heading: string;
  message: string;
  /** Place, people ahead and estimated wait, while waiting. */
  figures: { position: string; ahead: string; wait: string } | null;
  /** Progress through the queue: the places admitted so far out of the visitor's own. */
  progress: { value: number; max: number } | null;
  /** The one action of the state. */
  action: 'continue' | 'rejoin' | 'checkout' | null;
  /** A second line under the action (how long the turn is kept, or to keep the page open). */
  note: string;
  /** No further change comes by itself: the live stream is closed. */
  final: boolean;
  /** Where the page goes by itself after a moment (admitted, ended). */
  returnUrl: string | null;
}

/** A zone the server formats in; the browser passes none and so uses the buyer's own. */
export interface TimeOptions {
  timeZone?: string;
}

function parts(date: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', { ...options, hourCycle: 'h12' }).formatToParts(date))
    out[part.type] = part.value;
  return out;
}

/** The house's 12-hour time with the zone's short name: '7:30pm GMT'. '' for an invalid date. */
export function formatQueueTime(iso: string, { timeZone }: TimeOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return `${p.hour}:${p.minute}${(p.dayPeriod ?? '').toLowerCase()} ${p.timeZoneName ?? ''}`.trim();
}

/** The opening, in the house's long form: 'Saturday 5 December at 7:30pm GMT'. */
export function formatOpening(iso: string, options: TimeOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  return `${p.weekday} ${p.day} ${p.month} at ${formatQueueTime(iso, options)}`;
}

/** An estimated wait in words, coarse on purpose (it is an estimate): 'less than a minute', 'about 3 minutes'. */
export function formatWait(seconds: number): string {
  if (!(seconds >= 60)) return messages.waitLessThanAMinute;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return messages.waitAbout(`${minutes} ${plural('minute', minutes)}`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${formatCount(hours)} ${plural('hour', hours)}`;
  return messages.waitAbout(rest === 0 ? hourText : `${hourText} ${rest} ${plural('minute', rest)}`);
}

const peopleAhead = (ahead: number) =>
  ahead === 0 ? 'No one' : ahead === 1 ? '1 person' : `${formatCount(ahead)} people`;

export function queueView(status: QueueStatus, time: TimeOptions = {}): QueueView {
  const base = { figures: null, progress: null, action: null, note: '', final: false, returnUrl: null };
  switch (status.state) {
    case 'before_opening':
      return {
        ...base,
        state: status.state,
        heading: messages.queueHeading,
        message: messages.salesOpenAt(formatOpening(status.opens_at, time)),
        note: messages.queueKeepPage,
      };
    case 'waiting':
      return {
        ...base,
        state: status.state,
        heading: messages.queueHeading,
        message: messages.queueAnnouncement(peopleAhead(status.ahead), formatWait(status.estimated_wait_seconds)),
        figures: {
          position: formatCount(status.position),
          ahead: formatCount(status.ahead),
          wait: formatWait(status.estimated_wait_seconds),
        },
        progress: { value: Math.max(0, status.position - status.ahead - 1), max: status.position },
        note: messages.queueKeepPage,
      };
    case 'admitted': {
      const until = formatQueueTime(status.pass_expires_at, time);
      return {
        ...base,
        state: status.state,
        heading: messages.queueAdmittedHeading,
        message: messages.queueAdmitted,
        progress: { value: 1, max: 1 },
        action: 'continue',
        note: until ? messages.queueTurnKeptUntil(until) : '',
        final: true,
        returnUrl: status.return_url,
      };
    }
    case 'turn_lost':
      return {
        ...base,
        state: status.state,
        heading: messages.queueTurnLostHeading,
        message: messages.queueTurnLost,
        action: 'rejoin',
        final: true,
      };
    case 'ended':
      return {
        ...base,
        state: status.state,
        heading: messages.queueEndedHeading,
        message: messages.queueEnded,
        action: 'checkout',
        final: true,
        returnUrl: '/checkout/',
      };
  }
}

/**
 * What the live region (role=status, polite) should say now, or null to stay quiet. The figures on screen change
 * every second; a screen reader hears the state when it changes, and while waiting the wait only when its words change
 * (at most once a minute; `lastSaid` is the view last announced), so it is told what matters without being talked over.
 */
export function announcement(lastSaid: QueueView | null, next: QueueView, secondsSinceLast: number): string | null {
  if (lastSaid === null || lastSaid.state !== next.state) return `${next.heading}. ${next.message}`;
  if (next.state !== 'waiting' || lastSaid.figures?.wait === next.figures?.wait) return null;
  return secondsSinceLast >= 60 ? next.message : null;
}
