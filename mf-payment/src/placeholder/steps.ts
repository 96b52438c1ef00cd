import { placeholderStep } from '@checkout/shared/parcel';

// Titles as the spec names each screen (section 2).
export const PaymentStep = placeholderStep('payment', 'Payment');
export const AwaitingBankStep = placeholderStep('awaiting_truelayer', 'Payment');
export const DeliveryStep = placeholderStep('deliver_tickets', 'Payment');
