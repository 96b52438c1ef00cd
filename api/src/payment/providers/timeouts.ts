/**
 * How long one request to a payment provider's API (Stripe, Square, TrueLayer: its auth server and key set too) may
 * take, the answer's body included, before it counts as no answer. An adapter that retries tries again after it; one
 * request never holds a buyer's checkout, or a job's worker, for longer. Well above what these APIs take when they
 * are up (a second or two) and below Stripe's own default of 80 s, which with its retries could keep a buyer waiting
 * for four minutes.
 */
export const PROVIDER_REQUEST_TIMEOUT_MS = 30_000;
