import { randomBytes } from 'node:crypto';

export interface StubMoney {
  amount: number;
  currency: string;
}

export interface SquareErrorBody {
  category: string;
  code: string;
  detail: string;
  field?: string;
}

export interface StubPayment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: StubMoney;
  total_money: StubMoney;
  approved_money: StubMoney;
  refunded_money?: StubMoney;
  status: 'APPROVED' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  delay_duration: string;
  delay_action: 'CANCEL';
  source_type: 'CARD';
  card_details: {
    status: 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'FAILED';
    card: {
      card_brand: string;
      last_4: string;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      card_type: string;
    };
    entry_method: 'KEYED';
    cvv_status: string;
    avs_status: string;
    errors?: SquareErrorBody[];
  };
  location_id: string;
  reference_id?: string;
  version_token: string;
  /** Not Square's: what the stub was sent, for the tests to read. */
  _request: { idempotency_key: string; verification_token?: string; autocomplete: boolean; source_id: string };
}

export interface StubRefund {
  id: string;
  payment_id: string;
  amount_money: StubMoney;
  idempotency_key: string;
  reason: string | undefined;
}

/** What one stub holds between requests. */
export interface StubState {
  locationId: string;
  payments: Map<string, StubPayment>;
  refunds: StubRefund[];
  /** Card tokens are single use. */
  usedTokens: Set<string>;
}

export interface Reply {
  status: number;
  body: unknown;
}

export const newId = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'Q');
export const stamp = () => new Date().toISOString();

/** Square's error answer: one error of a category and code. */
export const squareError = (status: number, category: string, code: string, detail: string, field?: string): Reply => ({
  status,
  body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] },
});

export const invalid = (detail: string, field?: string) =>
  squareError(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', detail, field);
export const notFound = (what: string) =>
  squareError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find ${what}`);

export const isMoney = (value: unknown): value is StubMoney =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as StubMoney).amount) &&
  (value as StubMoney).amount > 0 &&
  /^[A-Z]{3}$/.test(String((value as StubMoney).currency));

/** A payment as Square answers it: without what the stub recorded of the request. */
export const publicPayment = (payment: StubPayment) => {
  const { _request: _sent, ...rest } = payment;
  return rest;
};
