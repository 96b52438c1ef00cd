import {
  invalid,
  isMoney,
  newId,
  publicPayment,
  type Reply,
  squareError,
  stamp,
  type StubPayment,
  type StubState,
} from './state';

const DECLINES: Record<string, string> = {
  'cnon:card-nonce-declined': 'CARD_DECLINED',
  'cnon:card-nonce-insufficient-funds': 'INSUFFICIENT_FUNDS',
  'cnon:card-nonce-rejected-cvv': 'CVV_FAILURE',
  'cnon:card-nonce-rejected-postalcode': 'ADDRESS_VERIFICATION_FAILURE',
};
const VERIFY = 'cnon:card-nonce-requires-verification';
/** A test token may carry a suffix ('cnon:card-nonce-ok-2'): tokens are single use, so each payment needs its own. */
const declineOf = (sourceId: string) => Object.entries(DECLINES).find(([token]) => sourceId.startsWith(token))?.[1];

/** POST /v2/payments: CreatePayment, approved or declined by the sandbox test token it is sent. */
export function createPayment(state: StubState, body: Record<string, unknown>): Reply {
  const {
    idempotency_key: key,
    source_id: sourceId,
    amount_money: money,
    location_id: locationId,
    autocomplete,
    verification_token: verification,
  } = body;
  if (typeof key !== 'string' || key.length < 1 || key.length > 45)
    return invalid('idempotency_key must be 1 to 45 characters', 'idempotency_key');
  if (typeof sourceId !== 'string' || !sourceId.startsWith('cnon:'))
    return invalid('source_id must be a card token', 'source_id');
  if (!isMoney(money))
    return invalid('amount_money must be { amount: positive integer, currency: ISO 4217 }', 'amount_money');
  if (locationId !== state.locationId) return invalid(`location_id must be the seller's location`, 'location_id');
  if (typeof autocomplete !== 'boolean') return invalid('autocomplete must be a boolean', 'autocomplete');
  if (verification !== undefined && typeof verification !== 'string')
    return invalid('verification_token must be a string', 'verification_token');
  if (state.usedTokens.has(sourceId))
    return squareError(
      400,
      'INVALID_REQUEST_ERROR',
      'CARD_TOKEN_USED',
      'Card nonce already used; please request new nonce.',
      'source_id',
    );
  state.usedTokens.add(sourceId);
  const declined =
    declineOf(sourceId) ??
    (sourceId.startsWith(VERIFY) && !verification ? 'CARD_DECLINED_VERIFICATION_REQUIRED' : undefined);
  const now = stamp();
  const payment: StubPayment = {
    id: newId(),
    created_at: now,
    updated_at: now,
    amount_money: money,
    total_money: money,
    approved_money: declined ? { amount: 0, currency: money.currency } : money,
    status: declined ? 'FAILED' : autocomplete ? 'COMPLETED' : 'APPROVED',
    delay_duration: 'PT168H',
    delay_action: 'CANCEL',
    source_type: 'CARD',
    card_details: {
      status: declined ? 'FAILED' : autocomplete ? 'CAPTURED' : 'AUTHORIZED',
      card: {
        card_brand: 'VISA',
        last_4: '1111',
        exp_month: 12,
        exp_year: 2034,
        fingerprint: 'sq-1-stub',
        card_type: 'CREDIT',
      },
      entry_method: 'KEYED',
      cvv_status: 'CVV_ACCEPTED',
      avs_status: 'AVS_ACCEPTED',
      ...(declined
        ? {
            errors: [
              { category: 'PAYMENT_METHOD_ERROR', code: declined, detail: `Authorization error: '${declined}'` },
            ],
          }
        : {}),
    },
    location_id: state.locationId,
    ...(typeof body.reference_id === 'string' ? { reference_id: body.reference_id } : {}),
    version_token: newId(),
    _request: {
      idempotency_key: key,
      source_id: sourceId,
      autocomplete,
      ...(typeof verification === 'string' ? { verification_token: verification } : {}),
    },
  };
  state.payments.set(payment.id, payment);
  if (declined) return { status: 400, body: { errors: payment.card_details.errors, payment: publicPayment(payment) } };
  return { status: 200, body: { payment: publicPayment(payment) } };
}
