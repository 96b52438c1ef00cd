// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { stepParcel } from '@checkout/shared/parcel';
import { AwaitingBankStep, DeliveryStep, PaymentStep } from './placeholder/steps';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const payment = stepParcel(PaymentStep);
export const awaiting_truelayer = stepParcel(AwaitingBankStep);
export const deliver_tickets = stepParcel(DeliveryStep);
