import { checkOneTimeCode, logoutOfSale, saveGuestToSale, sendOneTimeCode, setMarketingPreferences } from './account';
import {
  deleteAddress,
  getAddressAllCountriesStates,
  getUserAddresses,
  lookupAddress,
  setDeliveryAddress,
} from './address';
import {
  addToBasket,
  destroySale,
  extendReservation,
  getCheckout,
  removeFromBasket,
  removeCode,
  removeGiftVoucherFromBasket,
  reserveTickets,
  setCode,
  updateBasketState,
  updateGiftVoucherQuantity,
  updateRefundProtection,
  updateTicketQuantity,
} from './basket';
import { deliverToBitticket, deliverToWallet } from './delivery';
import { saveDonation, updateDonation } from './donation';
import {
  claimFreeTickets,
  createTruelayerPayment,
  getOpoaUsers,
  getPaymentError,
  getSquareCredentials,
  getToken,
  getTruelayerStatus,
  payWithInstalment,
  payWithSquare,
  payWithTruelayer,
  setAccountDetails,
  setBillingAddress,
} from './payment';
import {
  getRewardReferrerLink,
  getSimpleInfo,
  saveQuestionAnswers,
  sendCustomerFeedback,
  setTransfers,
  subscribeToEvents,
} from './post-sale';
import { getUser } from './user';

/**
 * Every call the page makes (46), in the order the page makes them, add_to_basket (the events page), remove_code and
 * our extend_reservation ('Need more time?').
 * The page's client and the server's routes are both generated from this registry.
 */
export const calls = {
  getUser,
  getCheckout,
  updateBasketState,
  destroySale,
  updateTicketQuantity,
  updateGiftVoucherQuantity,
  updateRefundProtection,
  setCode,
  removeCode,
  removeFromBasket,
  removeGiftVoucherFromBasket,
  reserveTickets,
  saveGuestToSale,
  sendOneTimeCode,
  checkOneTimeCode,
  logoutOfSale,
  setMarketingPreferences,
  saveDonation,
  updateDonation,
  getAddressAllCountriesStates,
  getUserAddresses,
  lookupAddress,
  deleteAddress,
  setDeliveryAddress,
  payWithTruelayer,
  getToken,
  setAccountDetails,
  setBillingAddress,
  payWithSquare,
  getOpoaUsers,
  getSquareCredentials,
  payWithInstalment,
  createTruelayerPayment,
  getPaymentError,
  claimFreeTickets,
  getTruelayerStatus,
  deliverToBitticket,
  deliverToWallet,
  saveQuestionAnswers,
  setTransfers,
  getSimpleInfo,
  getRewardReferrerLink,
  sendCustomerFeedback,
  subscribeToEvents,
  addToBasket,
  extendReservation,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;

export {
  ExtendReservationResponseSchema,
  QueueRequiredAnswerSchema,
  ReserveTicketsResponseSchema,
  type ExtendReservationResponse,
  type ReserveTicketsResponse,
} from './basket';
export { ONE_TIME_CODE_PATTERN, CODE_CHECK_ERROR_TYPES } from './account';
export { DONATION_MINIMUM } from './donation';
export { ADDRESS_LOOKUP_MINIMUM } from './address';
export { formIdempotencyKey } from './payment';
export { OPEN_BANKING_PROVIDER, NEW_PAYMENT_METHOD } from './payment-constants';
export { ANSWER_KEY_PATTERN } from './post-sale';
export { SuccessResponseSchema, AckResponseSchema } from './acks';
