import { parseEnv } from './env-schema';
import net from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app';
import { serverMessages } from '../http/server-messages';
import { checkingIntervalMs, loadHttpTimeouts } from './http-timeouts';

describe('HTTP_*_TIMEOUT_MS', () => {
  test.each([
    [{}, { headersMs: 20_000, requestMs: 30_000, keepAliveMs: 72_000 }],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000' },
      { headersMs: 500, requestMs: 1000, keepAliveMs: 5000 },
    ],
    [{ HTTP_HEADERS_TIMEOUT_MS: '30000' }, { headersMs: 30_000, requestMs: 30_000, keepAliveMs: 72_000 }],
  ])('%j reads as %j', (env, expected) => {
    expect(loadHttpTimeouts(parseEnv(env))).toEqual(expected);
  });

  test.each([
    [
      { HTTP_HEADERS_TIMEOUT_MS: '40000' },
      'HTTP_HEADERS_TIMEOUT_MS (40000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (30000): the whole request includes its headers.',
    ],
    [{ HTTP_REQUEST_TIMEOUT_MS: '0' }, "HTTP_REQUEST_TIMEOUT_MS must be a positive whole number, got '0'"],
    [{ HTTP_KEEP_ALIVE_TIMEOUT_MS: '5s' }, "HTTP_KEEP_ALIVE_TIMEOUT_MS must be a positive whole number, got '5s'"],
  ])('%j is refused with a sentence', (env, sentence) => {
    expect(() => loadHttpTimeouts(parseEnv(env))).toThrow(sentence);
  });

  test.each([
    [{ headersMs: 20_000, requestMs: 30_000 }, 5000],
    [{ headersMs: 500, requestMs: 1000 }, 125],
    [{ headersMs: 100, requestMs: 100 }, 100],
  ])('timeouts %j are checked every %d ms', (timeouts, interval) => {
    expect(checkingIntervalMs({ ...timeouts, keepAliveMs: 72_000 })).toBe(interval);
  });
});

/** What a raw socket got back, and how long after it started. */
interface Outcome {
  answer: string;
  closedAfterMs: number;
}

/**
 * Opens a socket, writes `head`, then one byte of `drip` every `everyMs` until the server closes the socket (or the
 * drip runs out): a client sending its request slowly.
 */
function dripRequest(port: number, head: string, drip: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++] ?? '');
    }, everyMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the socket was still open after 10 s; it got: ${answer}`));
    }, 10_000).unref();
  });
}

describe('a listening app with short timeouts', () => {
  const TIMEOUTS = { headersMs: 500, requestMs: 1000, keepAliveMs: 5000 };
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { httpTimeouts: TIMEOUTS } });
    t.app.post('/test/echo', async (request) => ({ fields: Object.keys(request.body as object).length }));
    t.app.get('/test/slow-answer', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { done: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 60_000);
  afterAll(() => t.close());

  test('a body sent a byte at a time is answered 408 and the socket closed within the request timeout', async () => {
    const body = 'a=1&b=2&'.repeat(40);
    const outcome = await dripRequest(
      port,
      `POST /test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      50,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain(JSON.stringify({ error: serverMessages.requestTimedOut }));
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 1000);
  });

  test('headers sent a byte at a time are answered 408 within the header timeout', async () => {
    const outcome = await dripRequest(
      port,
      'GET /healthz HTTP/1.1\r\n',
      `Host: localhost\r\nX-Slow: ${'z'.repeat(200)}`,
      20,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 1000);
  });

  test('headers too large for Node are a 431 with a sentence', async () => {
    const outcome = await dripRequest(
      port,
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'z'.repeat(20_000)}\r\n\r\n`,
      '',
      1000,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(outcome.answer).toContain(JSON.stringify({ error: serverMessages.headersTooLarge }));
  });

  test('a body sent in parts within the timeout is answered as usual, and a slow answer is not cut', async () => {
    const body = 'a=1&b=2&c=3';
    const outcome = await dripRequest(
      port,
      `POST /test/echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      30,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.answer).toContain('{"fields":3}');
    const slow = await fetch(`http://127.0.0.1:${port}/test/slow-answer`);
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ done: true });
  });
});
