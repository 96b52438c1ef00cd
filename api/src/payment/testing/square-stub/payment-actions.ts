import { invalid, notFound, publicPayment, type Reply, squareError, stamp, type StubState } from './state';

/** POST /v2/payments/cancel: CancelPaymentByIdempotencyKey, voiding an approved payment made with the key. */
export function cancelByKey(state: StubState, body: Record<string, unknown> | null): Reply {
  const key = body?.idempotency_key;
  if (typeof key !== 'string') return invalid('idempotency_key is required', 'idempotency_key');
  // Square answers success whether or not a payment was made with the key.
  for (const payment of state.payments.values()) {
    if (payment._request.idempotency_key === key && payment.status === 'APPROVED') {
      payment.status = 'CANCELED';
      payment.card_details.status = 'VOIDED';
    }
  }
  return { status: 200, body: {} };
}

const notApproved = (status: string) =>
  squareError(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', `Payment is ${status}`);

/** POST /v2/payments/{id}/complete or /cancel: capture or void an approved payment. */
export function completeOrCancel(state: StubState, id: string, action: 'complete' | 'cancel'): Reply {
  const payment = state.payments.get(id);
  if (!payment) return notFound('payment');
  if (action === 'complete') {
    if (payment.status === 'APPROVED') {
      payment.status = 'COMPLETED';
      payment.card_details.status = 'CAPTURED';
    } else if (payment.status !== 'COMPLETED') return notApproved(payment.status);
  } else {
    if (payment.status !== 'APPROVED') return notApproved(payment.status);
    payment.status = 'CANCELED';
    payment.card_details.status = 'VOIDED';
  }
  payment.updated_at = stamp();
  return { status: 200, body: { payment: publicPayment(payment) } };
}

/** GET /v2/payments/{id}. */
export function getPayment(state: StubState, id: string): Reply {
  const payment = state.payments.get(id);
  return payment ? { status: 200, body: { payment: publicPayment(payment) } } : notFound('payment');
}
