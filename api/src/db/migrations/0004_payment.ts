/**
 * Payment: settled payments, idempotency of every call that moves money, and the state of the
 * offline sandboxes (card, square-type card, open banking) so restarts and several api processes agree.
 * Plain SQL for PostgreSQL 15 and PGlite.
 */
export const statements: readonly string[] = [
  // A sale paid after its hold expired whose stock had gone is refunded and stays 'refunded' (api/README.md).
  `ALTER TABLE sales DROP CONSTRAINT IF EXISTS sales_status_check`,
  `ALTER TABLE sales ADD CONSTRAINT sales_status_check CHECK (status IN ('basket', 'reserved', 'paid', 'expired', 'destroyed', 'refunded'))`,
  // The last payment error the buyer should see (get_payment_error), why a sale was refunded, the bank return.
  `ALTER TABLE sales ADD COLUMN payment_error text`,
  `ALTER TABLE sales ADD COLUMN refund_reason text`,
  `ALTER TABLE sales ADD COLUMN truelayer_returned_from integer`,
  `ALTER TABLE sales ADD COLUMN card_provider text`,
  // Express checkout (account details on the payment step): the organiser opts in.
  `ALTER TABLE organisers ADD COLUMN express_checkout boolean NOT NULL DEFAULT false`,

  // One money-moving request per (sale, key): the first stores its answer; a repeat gets that answer.
  `CREATE TABLE payment_attempts (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
    idempotency_key text NOT NULL,
    call text NOT NULL,
    request_hash text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
    response_status integer,
    response_body text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (sale_id, idempotency_key)
  )`,

  // The settled payment of a sale: at most one, so settling twice cannot record two.
  `CREATE TABLE payments (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL UNIQUE REFERENCES sales (id) ON DELETE CASCADE,
    provider text NOT NULL,
    provider_payment_id text NOT NULL,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    status text NOT NULL CHECK (status IN ('paid', 'refund_pending', 'refunded')),
    refund_reason text,
    created_at timestamptz NOT NULL,
    refunded_at timestamptz
  )`,

  // Which provider payment (PaymentIntent, bank payment) a sale is paying with; the newest is current.
  `CREATE TABLE sale_provider_payments (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
    provider text NOT NULL,
    provider_payment_id text NOT NULL UNIQUE,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX sale_provider_payments_sale ON sale_provider_payments (sale_id, id)`,

  // The card sandbox's PaymentIntents and payment methods (Stripe-like).
  `CREATE TABLE sandbox_payment_intents (
    id text PRIMARY KEY,
    client_secret text NOT NULL UNIQUE,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')),
    last_error_code text,
    last_error text,
    payment_method_id text,
    customer text,
    off_session boolean NOT NULL DEFAULT false,
    refunded_minor integer NOT NULL DEFAULT 0,
    metadata text NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE sandbox_payment_methods (
    id text PRIMARY KEY,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    funding text NOT NULL,
    outcome text NOT NULL,
    name text,
    created_at timestamptz NOT NULL
  )`,

  // The square-type sandbox: single-use card tokens and the payments made with them.
  `CREATE TABLE sandbox_square_tokens (
    token text PRIMARY KEY,
    outcome text NOT NULL,
    last4 text NOT NULL,
    created_at timestamptz NOT NULL,
    used_at timestamptz
  )`,

  // The open-banking sandbox: a payment the bank portal approves, cancels or fails.
  `CREATE TABLE sandbox_bank_payments (
    id text PRIMARY KEY,
    amount_minor integer NOT NULL CHECK (amount_minor >= 0),
    currency text NOT NULL,
    reference text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'authorizing', 'executed', 'failed', 'cancelled')),
    executes_at timestamptz,
    refunded boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,

  // The billing address given on the payment step (express account details or non-express billing).
  `CREATE TABLE sale_billing_addresses (
    id serial PRIMARY KEY,
    sale_id integer NOT NULL UNIQUE REFERENCES sales (id) ON DELETE CASCADE,
    first_name text NOT NULL,
    last_name text NOT NULL,
    address_1 text,
    address_2 text,
    town text,
    postcode text NOT NULL,
    country_code integer,
    state text,
    updated_at timestamptz NOT NULL
  )`,
];
