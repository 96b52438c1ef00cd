export { $tickMs, $secondsRemaining, $countdownRunning, reservationStarted, countdownExpired } from './countdown';
