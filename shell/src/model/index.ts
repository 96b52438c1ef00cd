/**
 * The shell's checkout model. Steps see it only through StepProps: read-only stores and the
 * commands below, used inside the shell's scope.
 */
import type { StepCommands, StepStores } from '@checkout/shared';
import { $checkout, $expired, $updatingBasket, reloadCheckout } from './checkout';
import { $secondsRemaining, reservationStarted } from './countdown';
import { editBasket } from './edit-basket';
import { notify } from './notifications';
import { $state, goTo, stepCompleted } from './state';
import { $user, refreshUser } from './user';

export {
  apiHandlers,
  getCheckoutFx,
  getUserFx,
  updateBasketStateFx,
  destroySaleFx,
  extendReservationFx,
} from './api/effects';
export { $notifications, notify, notificationDismissed } from './notifications';
export { $checkout, $expired, $reservingError, $testMode, $updatingBasket, reloadCheckout } from './checkout';
export { $user, $userLoaded, loadUserFx, refreshUser, refreshUserFx } from './user';
export { $state, stepCompleted, goTo, stateChanged } from './state';
export {
  $tickMs,
  $secondsRemaining,
  $countdownRunning,
  reservationStarted,
  countdownExpired,
  COUNTDOWN_WARNINGS,
  $countdownWarning,
  countdownWarned,
  EXTENSION_ACTION,
  $extensionOffer,
  extensionRequested,
} from './countdown';
export { editBasket } from './edit-basket';
export { pageViewFx, type PageView } from './analytics';
export { appStarted, tabShown, firstLoadFx, $started, startedIn } from './start';
export { applyThemeFx } from './theme';
export { historyStarted, historyPopped, writeEntriesFx } from './history';
export { clearDraftsFx } from './drafts';

export const stepStores: StepStores = {
  $checkout,
  $state,
  $user,
  $secondsRemaining,
  $expired,
  $updatingBasket,
};

export const stepCommands: StepCommands = {
  stepCompleted,
  goTo,
  editBasket,
  reloadCheckout,
  refreshUser,
  notify,
  reservationStarted,
};
