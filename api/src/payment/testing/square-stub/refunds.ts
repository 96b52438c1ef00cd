import { invalid, isMoney, newId, notFound, type Reply, squareError, stamp, type StubState } from './state';

/** POST /v2/refunds: RefundPayment, of a completed payment and no more than is left of it. */
export function createRefund(state: StubState, body: Record<string, unknown> | null): Reply {
  const { idempotency_key: key, payment_id: paymentId, amount_money: money, reason } = body ?? {};
  if (typeof key !== 'string' || key.length < 1 || key.length > 45)
    return invalid('idempotency_key must be 1 to 45 characters', 'idempotency_key');
  if (!isMoney(money)) return invalid('amount_money must be { amount, currency }', 'amount_money');
  const payment = state.payments.get(String(paymentId));
  if (!payment) return notFound('payment');
  if (payment.status !== 'COMPLETED')
    return squareError(400, 'REFUND_ERROR', 'PAYMENT_NOT_REFUNDABLE', `Payment is ${payment.status}`);
  const refunded = payment.refunded_money?.amount ?? 0;
  if (money.currency !== payment.total_money.currency || refunded + money.amount > payment.total_money.amount)
    return squareError(
      400,
      'REFUND_ERROR',
      'REFUND_AMOUNT_INVALID',
      'The requested refund amount exceeds the amount available to refund.',
    );
  payment.refunded_money = { amount: refunded + money.amount, currency: money.currency };
  const refund = {
    id: `${payment.id}_${newId()}`,
    payment_id: payment.id,
    amount_money: money,
    idempotency_key: key,
    reason: typeof reason === 'string' ? reason : undefined,
  };
  state.refunds.push(refund);
  return {
    status: 200,
    body: {
      refund: {
        id: refund.id,
        status: 'PENDING',
        amount_money: money,
        payment_id: payment.id,
        location_id: payment.location_id,
        created_at: stamp(),
        updated_at: stamp(),
      },
    },
  };
}
