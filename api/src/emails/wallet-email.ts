/**
 * The wallet email is the order confirmation now (emails/order-confirmation.tsx): a receipt with the tickets. Its kind
 * and the wallet's path stay here, where the delivery domain and its tests look for them.
 */
export const WALLET_EMAIL_KIND = 'ticket_wallet';
export const WALLET_PATH = '/account/wallet/';
