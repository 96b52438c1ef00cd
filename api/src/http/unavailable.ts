/**
 * The database out of reach (a network cut, PostgreSQL restarting, its connections terminated): not a bug of ours but
 * a moment's outage. Requests answer 503 at once with the call's own failure sentence (the page's wording for that
 * call, from the contract) or, outside the calls, this one; the pool reconnects by itself once the database is back.
 */
export const DATABASE_UNAVAILABLE = 'We cannot reach our ticket system just now. Please try again in a moment.';

/** Node's socket errors when the database's host or port does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL's SQLSTATEs for a lost or refused connection: class 08, shutdowns and restarts (57P0x), no slot (53300). */
const SQLSTATES = /^(08\d{3}|57P0[1-4]|53300)$/;
/** What node-postgres says when the connection is gone or cannot be made in time. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|terminating connection due to administrator command/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  // AggregateError (a host with several addresses, all refusing) and wrapped causes.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
