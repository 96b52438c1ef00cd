import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { accountDetailsHandlers } from './handlers/account-details';
import { bankPaymentHandlers } from './handlers/bank-payment';
import { bankStatusHandlers } from './handlers/bank-status';
import { billingAddressHandlers } from './handlers/billing-address';
import { cardTokenHandlers } from './handlers/card-token';
import { paymentCallContext } from './handlers/context';
import { freeTicketsHandlers } from './handlers/free-tickets';
import { opoaUsersHandlers } from './handlers/opoa-users';
import { paymentErrorHandlers } from './handlers/payment-error';
import { squareHandlers } from './handlers/square';
import type { PaymentProviders } from './providers';

/** The payment calls (delivery and instalments are the DELIVERY helper's), one module per call. */
export function paymentHandlers(deps: AppDeps, providers: PaymentProviders): CallHandlers {
  const ctx = paymentCallContext(deps, providers);
  return {
    ...cardTokenHandlers(ctx),
    ...freeTicketsHandlers(ctx),
    ...bankPaymentHandlers(ctx),
    ...bankStatusHandlers(ctx),
    ...paymentErrorHandlers(ctx),
    ...billingAddressHandlers(ctx),
    ...accountDetailsHandlers(ctx),
    ...opoaUsersHandlers(ctx),
    ...squareHandlers(ctx),
  };
}
