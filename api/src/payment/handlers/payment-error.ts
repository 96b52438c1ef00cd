import type { CallHandlers } from '../../http/route';
import { sessionSale } from '../sale-context';
import type { PaymentCallContext } from './context';

/** getPaymentError: why the sale's last payment failed, empty when none did. */
export function paymentErrorHandlers({ db }: PaymentCallContext): CallHandlers {
  return {
    getPaymentError: async (_input, { request }) => {
      const sale = await sessionSale(db, request.session);
      return sale?.payment_error ?? '';
    },
  };
}
