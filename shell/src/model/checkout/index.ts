export { $checkout, $expired, $reservingError, $testMode, $updatingBasket, reloadCheckout } from './checkout';
