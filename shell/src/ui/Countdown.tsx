import { useUnit } from 'effector-react';
import { countdownRuns, formatClock, formatDuration } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { cx } from '@checkout/shared/ui';
import { $checkout, $secondsRemaining, $state } from '../model';

/** Under a minute left the countdown turns urgent. */
export const URGENT_BELOW_SECONDS = 60;

/**
 * 'Tickets reserved for' and the time left: in words on desktop, as a clock on mobile (the CSS switches at 768px, so
 * only the visible form is read out). A timer region is not announced every second; the notification area says once
 * when five minutes and one minute are left (model/countdown/warnings.ts).
 */
export function Countdown() {
  const [state, seconds, checkout] = useUnit([$state, $secondsRemaining, $checkout]);
  const shown = seconds !== null && countdownRuns(state, seconds, checkout?.payment_complete === true);
  return shown ? (
    <div
      className={cx('countdown', seconds < URGENT_BELOW_SECONDS && 'countdown--urgent')}
      role="timer"
      aria-live="off"
      aria-atomic="true"
    >
      <span className="countdown__label">{messages.ticketsReservedFor}</span>{' '}
      <strong className="countdown__words">{formatDuration(seconds)}</strong>
      <strong className="countdown__clock">
        <time dateTime={`PT${Math.max(0, Math.floor(seconds))}S`}>{formatClock(seconds)}</time>
      </strong>
    </div>
  ) : null;
}
