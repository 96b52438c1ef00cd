import { inspect } from 'node:util';

/**
 * What stopped a start-up, as the one line main.ts prints (`The api did not start: …`). One line, because the api's
 * output is a JSON log read line by line: a stack trace would arrive as a dozen unrelated entries, none of them saying
 * what went wrong. A system error (a refused connection, a port in use) says it by its code; anything else, a bug, by
 * its message and the place it was thrown.
 */

/** Codes with which a connection fails before the server has said anything: it is down, elsewhere or unreachable. */
const NOT_ANSWERING = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The first string `code` on the error, its causes, or the errors an AggregateError gathers (one per address tried). */
export function errorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = errorCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return errorCode(cause, depth + 1);
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/**
 * The text with every URL's password replaced by ***: a connection string (DATABASE_URL, SMTP_URL) can reach a message,
 * and this line goes wherever the log goes.
 */
export function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi, '$1:***@');
}

/** `at file:line:column` of the stack's first frame, or '' without one. */
function thrownAt(stack: string | undefined): string {
  const frame = stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at '));
  if (!frame) return '';
  const place = /\(([^()]+)\)$/.exec(frame)?.[1] ?? frame.slice(3);
  return ` at ${place}`;
}

/**
 * Any error as one line: its message, and its code when it has one. A TypeError, RangeError and the like (a bug) also
 * say their class and where they were thrown; a plain Error is taken as a sentence written for whoever reads this.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(inspect(error, { breakLength: Infinity }));
  const code = errorCode(error);
  const message = oneLine(error.message) || error.name;
  if (code) return message.includes(code) ? message : `${message} (${code})`;
  if (error.name === 'Error') return message;
  return `${message} (${error.name}${thrownAt(error.stack)})`;
}

/** Opening or migrating the database failed; `where` is the database as the start-up log names it (no password). */
export function databaseFailure(error: unknown, where: string): string {
  const code = errorCode(error);
  if (code !== undefined && NOT_ANSWERING.has(code)) return `the database at ${where} did not answer (${code})`;
  // node-postgres' pool gives up on a connection that does not complete in time (db/connect.ts) with no code.
  if (code === undefined && error instanceof Error && /timeout/i.test(error.message))
    return `the database at ${where} did not answer in time (${oneLine(error.message)})`;
  return `the database at ${where} failed: ${describeError(error)}`;
}

/** The server could not listen on HOST:PORT. */
export function listenFailure(error: unknown, host: string, port: number): string {
  const code = errorCode(error);
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use by another process (EADDRINUSE)`;
  if (code === 'EACCES') return `this process may not listen on port ${port} on ${host} (EACCES)`;
  if (code === 'EADDRNOTAVAIL') return `HOST=${host} is not an address of this machine (EADDRNOTAVAIL)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `HOST=${host} is not a name this machine can resolve (${code})`;
  return `could not listen on ${host}:${port}: ${describeError(error)}`;
}
