export { $tickMs, $secondsRemaining, $countdownRunning, reservationStarted, countdownExpired } from './countdown';
export { COUNTDOWN_WARNINGS, $countdownWarning, $warningsGiven, countdownWarned, warningReached } from './warnings';
export { EXTENSION_ACTION, $extensionOffer, extensionRequested } from './extension';
