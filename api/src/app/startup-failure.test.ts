import { databaseFailure, describeError, errorCode, listenFailure, withoutCredentials } from './startup-failure';

/** An error as node's net and dns modules make them: a message and a code. */
function systemError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('a start-up failure in one line', () => {
  test("the code is found on the error, its cause, or an AggregateError's errors (one per address tried)", () => {
    expect(errorCode(systemError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(errorCode(new Error('Migration failed', { cause: systemError('x', 'ETIMEDOUT') }))).toBe('ETIMEDOUT');
    expect(errorCode(new AggregateError([systemError('a', 'ECONNREFUSED'), systemError('b', 'ECONNREFUSED')]))).toBe(
      'ECONNREFUSED',
    );
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode('not an error')).toBeUndefined();
  });

  test('a database that does not answer, is not there, or refuses us', () => {
    const where = 'postgres://checkout:***@db:5432/checkout';
    expect(databaseFailure(systemError('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'), where)).toBe(
      'the database at postgres://checkout:***@db:5432/checkout did not answer (ECONNREFUSED)',
    );
    expect(databaseFailure(systemError('getaddrinfo ENOTFOUND db', 'ENOTFOUND'), where)).toBe(
      `the database at ${where} did not answer (ENOTFOUND)`,
    );
    expect(databaseFailure(new Error('timeout exceeded when trying to connect'), where)).toBe(
      `the database at ${where} did not answer in time (timeout exceeded when trying to connect)`,
    );
    // PostgreSQL's own refusals carry its SQLSTATE.
    expect(databaseFailure(systemError('password authentication failed for user "checkout"', '28P01'), where)).toBe(
      `the database at ${where} failed: password authentication failed for user "checkout" (28P01)`,
    );
  });

  test('a port in use or not ours to take', () => {
    expect(listenFailure(systemError('listen EADDRINUSE: address already in use', 'EADDRINUSE'), '0.0.0.0', 80)).toBe(
      'port 80 on 0.0.0.0 is already in use by another process (EADDRINUSE)',
    );
    expect(listenFailure(systemError('listen EACCES: permission denied', 'EACCES'), '0.0.0.0', 80)).toBe(
      'this process may not listen on port 80 on 0.0.0.0 (EACCES)',
    );
  });

  test('a sentence stays as written; a bug says its class and where it was thrown; all on one line', () => {
    expect(describeError(new Error('REMOTES_FILE /etc/r.json is not JSON:\n  Unexpected token'))).toBe(
      'REMOTES_FILE /etc/r.json is not JSON: Unexpected token',
    );
    expect(describeError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toMatch(
      /^Cannot read properties of undefined \(reading 'x'\) \(TypeError at .+startup-failure\.test\.ts:\d+:\d+\)$/,
    );
    expect(describeError({ weird: 'thing' })).toBe("{ weird: 'thing' }");
  });

  test('no password of any URL survives', () => {
    expect(withoutCredentials('at postgres://user:pa55@db:5432/x and smtps://me:p%40ss@mail:465')).toBe(
      'at postgres://user:***@db:5432/x and smtps://me:***@mail:465',
    );
    expect(withoutCredentials('postgres://:only-password@db/x')).toBe('postgres://:***@db/x');
    // Nothing else is touched: a port, a path, a query with an @.
    expect(withoutCredentials('http://host:8080/a?b=c@d')).toBe('http://host:8080/a?b=c@d');
  });
});
