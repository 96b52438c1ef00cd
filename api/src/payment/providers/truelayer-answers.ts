import * as z from 'zod/mini';

/**
 * TrueLayer's answers, as far as the adapter reads them (docs.truelayer.com, Payments API v3). Each is parsed, so an
 * answer of another shape (a changed API, a proxy's page) stops the call with an error naming what was wrong instead
 * of travelling on as a payment with no amount. Fields the adapter does not read are not checked, and dropped.
 */

/** POST /connect/token (client credentials): expires_in in seconds. */
export const TokenAnswer = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.optional(z.number().check(z.nonnegative())),
});

/** POST /v3/payments: the resource token is given only here, and the hosted payment page needs it. */
export const PaymentCreatedAnswer = z.object({
  id: z.string().check(z.minLength(1)),
  resource_token: z.string().check(z.minLength(1)),
});

/** GET /v3/payments/{id}: what the payment is for and where it stands. */
export const PaymentAnswer = z.object({
  id: z.string().check(z.minLength(1)),
  amount_in_minor: z.int().check(z.nonnegative()),
  currency: z.string().check(z.minLength(3)),
  status: z.string().check(z.minLength(1)),
  failure_reason: z.optional(z.nullable(z.string())),
});
export type TrueLayerPayment = z.infer<typeof PaymentAnswer>;

/** GET /v3/payments/{id}/refunds. */
export const RefundListAnswer = z.object({ items: z.array(z.object({ status: z.string() })) });

/** POST /v3/payments/{id}/refunds: the refund's id. */
export const RefundCreatedAnswer = z.object({ id: z.string().check(z.minLength(1)) });

/** POST /v3/payments/{id}/actions/cancel: 202 with no body; whatever comes is not read. */
export const CancelAnswer = z.unknown();

/**
 * A JSON Web Key Set (the webhook signing keys): each key goes whole to node's crypto, which refuses one it cannot
 * read; a key without a kid cannot be named by a signature and is skipped.
 */
export const KeySetAnswer = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.optional(z.string()) })),
});

/**
 * The first problem with an answer, in a few words: `amount_in_minor: expected number`. zod/mini carries no
 * messages of its own (they would be "Invalid input"), so the issue's code says what was wrong.
 */
export function answerProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const what =
    issue.code === 'invalid_type'
      ? `expected ${issue.expected}`
      : issue.code === 'too_small'
        ? `expected at least ${String(issue.minimum)}`
        : issue.code;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${what}` : what;
}
