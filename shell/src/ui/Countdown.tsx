import { useUnit } from 'effector-react';
import { countdownRuns, formatClock, formatDuration, messages } from '@checkout/shared';
import { $checkout, $secondsRemaining, $state } from '../model';

/**
 * 'Tickets reserved for' and the time left: in words on desktop, as a clock on mobile (the CSS switches at 768px, so
 * only the visible form is read out). A timer region: not announced every second.
 */
export function Countdown() {
  const [state, seconds, checkout] = useUnit([$state, $secondsRemaining, $checkout]);
  if (seconds === null || !countdownRuns(state, seconds, checkout?.payment_complete === true)) return null;
  return (
    <div className="countdown" role="timer" aria-live="off" aria-atomic="true">
      <span className="countdown__label">{messages.ticketsReservedFor}</span>{' '}
      <strong className="countdown__words">{formatDuration(seconds)}</strong>
      <strong className="countdown__clock">
        <time dateTime={`PT${Math.max(0, Math.floor(seconds))}S`}>{formatClock(seconds)}</time>
      </strong>
    </div>
  );
}
