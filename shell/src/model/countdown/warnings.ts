import { createEvent, createStore, sample } from 'effector';
import * as messages from '@checkout/shared/messages/shell';
import { destroySaleFx } from '../api/effects';
import { notify } from '../notifications/notifications';
import { $countdownRunning, $secondsRemaining, reservationStarted } from './countdown';

/**
 * Seconds left at which the buyer is told how long remains (five minutes, one minute): a notification everyone sees
 * (the countdown may be out of sight), which screen readers hear once each instead of a timer read out every second.
 */
export const COUNTDOWN_WARNINGS = [300, 60] as const;

/** Names 'Need more time?' in a notification (NotificationInput.action): the warnings carry it (extension.ts). */
export const EXTENSION_ACTION = 'extend-reservation';

/**
 * The warning that a change of the seconds left from `previous` to `next` reaches, if any: a threshold crossed
 * downwards (the smallest when a resync from the server jumps past both) and not given yet. Never at 0: the expiry
 * has its own message. A first known value (previous null, e.g. a reload with 4 minutes left) warns of nothing.
 */
export function warningReached(previous: number | null, next: number | null, given: readonly number[]): number | null {
  if (previous === null || next === null || next <= 0) return null;
  const crossed = COUNTDOWN_WARNINGS.filter((at) => previous > at && next <= at && !given.includes(at));
  return crossed.length > 0 ? Math.min(...crossed) : null;
}

/** A warning was reached: the seconds it stands for (300 or 60). */
export const countdownWarned = createEvent<number>();

/** The last two values of the seconds left, so a change can be seen crossing a threshold. */
const $secondsChange = createStore<{ previous: number | null; next: number | null }>({ previous: null, next: null }).on(
  $secondsRemaining.updates,
  ({ next: previous }, next) => ({ previous, next }),
);

/** Warnings given for this reservation: a server resync that lifts the time back over a threshold repeats none. */
export const $warningsGiven = createStore<number[]>([]).reset(reservationStarted, destroySaleFx.done);

/** The latest warning (seconds), shown in the countdown's polite live region; null before the first one. */
export const $countdownWarning = createStore<number | null>(null).reset(reservationStarted, destroySaleFx.done);

sample({
  clock: $secondsChange.updates,
  source: { given: $warningsGiven, running: $countdownRunning },
  filter: ({ given, running }, { previous, next }) => running && warningReached(previous, next, given) !== null,
  fn: ({ given }, { previous, next }) => warningReached(previous, next, given) as number,
  target: countdownWarned,
});

// Every threshold at or above the one reached counts as given: jumping past five minutes to forty seconds gives only
// the one-minute warning, and never the five-minute one afterwards.
$warningsGiven.on(countdownWarned, (given, at) => [
  ...new Set([...given, ...COUNTDOWN_WARNINGS.filter((w) => w >= at)]),
]);
$countdownWarning.on(countdownWarned, (_, at) => at);

// Shown in the notification area (a live region): the five-minute one politely, the one-minute one as a warning that
// interrupts; the second replaces the first rather than stacking under it.
sample({
  clock: countdownWarned,
  fn: (at) => ({
    type: at <= 60 ? ('warn' as const) : ('default' as const),
    text: messages.checkoutTimeLeft(Math.round(at / 60)),
    group: 'countdown',
    // 'Need more time?' shows inside it while the offer stands (extension.ts).
    action: EXTENSION_ACTION,
  }),
  target: notify,
});
