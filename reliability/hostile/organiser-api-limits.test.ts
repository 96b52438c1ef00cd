/**
 * Hostile clients of the organiser API, over real HTTP to two api processes on one PostgreSQL (NODE_ENV=production,
 * private webhook URLs refused):
 * - slow clients: headers or a body sent a byte at a time are answered 408 and their sockets closed within the
 *   configured timeouts (api/src/http/timeouts.ts), on both processes;
 * - rate limits (api/src/organiser-api/rate-limit/): calls spread over both processes share one count per key and one
 *   per address for calls without a valid key, every answer says where it stands (RateLimit-*), a refusal is a 429
 *   with Retry-After, and X-Forwarded-For written by the client does not make it a new address;
 * - webhook URLs that carry a loopback address inside IPv6, or point at the 6to4 relay range, are refused with a
 *   sentence, and no endpoint is made.
 */
import net from 'node:net';
import { highestFigure } from '../support/figures';
import { describeWithPostgres } from '../support/postgres';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { organiserKey } from '../support/waiting-room';

jest.setTimeout(120_000);

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const PER_KEY = 20;
const PER_ADDRESS = 5;
// A long window, so the count never starts again half way through the file (see awayFromWindowEnd).
const WINDOW_SECONDS = 3600;

/** Waits out the end of the current window when it is close: every count below must stay in one window. */
async function awayFromWindowEnd(): Promise<void> {
  const windowMs = WINDOW_SECONDS * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

interface SlowOutcome {
  status: string;
  closedAfterMs: number;
}

/**
 * Writes `head` at once and then `drip` a byte every `everyMs` until the api closes the socket; rejects when the socket
 * is still open `giveUpMs` after it started.
 */
function slowClient(base: string, head: string, drip: string, everyMs: number, giveUpMs: number): Promise<SlowOutcome> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip[sent++ % drip.length] ?? 'x');
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the socket was still open after ${giveUpMs} ms (${sent} bytes dripped); it got: ${answer}`));
    }, giveUpMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ status: answer.split('\r\n')[0] ?? '', closedAfterMs: Date.now() - started });
    });
  });
}

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: string; type?: string };
}

async function call(base: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

describeWithPostgres('the organiser API against slow clients, floods and disguised webhook addresses', () => {
  let stack: TwoApis | undefined;
  let bases: [string, string];
  beforeAll(async () => {
    stack = await startTwoApis({
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      API_RATE_LIMIT_PER_KEY: String(PER_KEY),
      API_RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
      API_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      WEBHOOK_ALLOW_PRIVATE_URLS: '0',
      WEBHOOK_JOBS_MS: '3600000',
    });
    bases = [stack.apis[0].baseURL, stack.apis[1].baseURL];
    await awayFromWindowEnd();
  });
  afterAll(() => stopTwoApis(stack));

  test('a body or headers sent a byte at a time get a 408 and a closed socket within the timeouts, on both processes', async () => {
    const key = await organiserKey(bases[0], 1);
    const giveUpMs = REQUEST_TIMEOUT_MS + 5000;
    const body = (base: string) =>
      slowClient(
        base,
        `POST /api/v1/webhooks HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"url":"`,
        'a',
        100,
        giveUpMs,
      );
    const headers = (base: string) =>
      slowClient(base, 'GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: z\r\n', 100, giveUpMs);
    const outcomes = await Promise.all(
      bases.flatMap((base) => [body(base), body(base), body(base), headers(base), headers(base)]),
    );
    const bodies = outcomes.filter((_, i) => i % 5 < 3);
    const heads = outcomes.filter((_, i) => i % 5 >= 3);
    for (const outcome of outcomes) expect(outcome.status).toBe('HTTP/1.1 408 Request Timeout');
    // Node looks for late requests every quarter of the shorter timeout: a socket is closed at most that much late.
    for (const outcome of bodies) expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    for (const outcome of heads) expect(outcome.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1500);
    highestFigure(
      'organiser_api.slow_body_closed_ms',
      Math.max(...bodies.map((outcome) => outcome.closedAfterMs)),
      `slowest slow-body socket closed (ms; HTTP_REQUEST_TIMEOUT_MS=${REQUEST_TIMEOUT_MS})`,
    );
    // The key's normal calls are unaffected.
    expect((await call(bases[1], '/me', { authorization: `Bearer ${key}` })).status).toBe(200);
  });

  test('calls spread over both processes share one count per key: the limit is hit after that many in total', async () => {
    const key = await organiserKey(bases[0], 1);
    const answers: Answer[] = [];
    for (let i = 0; i < PER_KEY + 4; i += 1)
      answers.push(await call(bases[i % 2] ?? '', '/me', { authorization: `Bearer ${key}` }));
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(PER_KEY).fill(200),
      ...Array<number>(4).fill(429),
    ]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual([
      ...Array.from({ length: PER_KEY }, (_, i) => String(PER_KEY - 1 - i)),
      ...Array<string>(4).fill('0'),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit-limit')).toBe(String(PER_KEY));
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const refused = answers[PER_KEY];
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(refused?.body).toMatchObject({ type: 'rate_limited', error: expect.stringContaining('This API key') });
    // Another key of the same organiser, from the same address, is counted apart.
    expect((await call(bases[1], '/me', { authorization: `Bearer ${await organiserKey(bases[1], 1)}` })).status).toBe(
      200,
    );
  });

  test('bad keys are limited per address across both processes, and a written X-Forwarded-For does not escape it', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i += 1)
      answers.push(
        await call(bases[i % 2] ?? '', '/me', {
          authorization: `Bearer ck_${String(i).padStart(27, 'A')}`,
          'x-forwarded-for': `203.0.113.${i + 1}`,
        }),
      );
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(PER_ADDRESS).fill(401),
      ...Array<number>(3).fill(429),
    ]);
    expect(answers[0]?.headers.get('ratelimit-limit')).toBe(String(PER_ADDRESS));
    expect(answers[PER_ADDRESS]?.headers.get('retry-after')).not.toBeNull();
    expect(answers[PER_ADDRESS]?.body).toMatchObject({ type: 'rate_limited' });
    // A valid key from that address still gets through.
    expect((await call(bases[0], '/me', { authorization: `Bearer ${await organiserKey(bases[0], 1)}` })).status).toBe(
      200,
    );
  });

  test.each([
    'https://[::127.0.0.1]/',
    'https://[::ffff:0:7f00:1]/',
    'https://[64:ff9b:1::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://192.88.99.1/',
  ])('registering a webhook at %s is refused with a sentence, and no endpoint is made', async (url) => {
    const key = await organiserKey(bases[0], 1);
    const auth = { authorization: `Bearer ${key}` };
    const answer = await call(bases[1], '/webhooks', auth, { url, events: ['order.paid'] });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.error).toMatch(/^[A-Z].*\.$/);
    const listed = await fetch(`${bases[0]}/api/v1/webhooks`, { headers: auth });
    expect(await listed.json()).toEqual({ data: [] });
  });
});
