export { $checkout, $expired, $reservingError, $updatingBasket, reloadCheckout } from './checkout';
