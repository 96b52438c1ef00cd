/**
 * The real open-banking adapter (payment/providers/truelayer.ts). Plain SQL for PostgreSQL 15 and PGlite.
 * - TrueLayer answers a payment's resource token only when the payment is created, and the hosted payment page needs
 *   it with the payment id. A bank payment is created when the buyer reaches the payment step and its page link asked
 *   for later, maybe by another api process or after a restart, so the token is kept here, by TrueLayer's payment id.
 *   It authorises nothing on its own (TrueLayer's payment page also needs the buyer at their bank).
 */
export const statements: readonly string[] = [
  `CREATE TABLE truelayer_payments (
    id text PRIMARY KEY,
    resource_token text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
];
