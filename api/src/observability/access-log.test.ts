import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/app';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { accessLogOn, UNMATCHED_ROUTE } from './access-log';

type Line = Record<string, unknown>;

/** A log stream that keeps every line, parsed. */
function capture(): { lines: Line[]; stream: { write(line: string): void } } {
  const lines: Line[] = [];
  return { lines, stream: { write: (line) => void lines.push(JSON.parse(line) as Line) } };
}

const accessLines = (lines: Line[]) => lines.filter((line) => line.msg === 'request');

const info = capture();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream: info.stream });
  t.app.get('/test/boom', async () => {
    throw new Error('an unexpected failure');
  });
}, 60_000);
afterAll(() => t.close());
beforeEach(() => void info.lines.splice(0));

/** The one access line of the request that answered `response`. */
function lineOf(response: { headers: Record<string, unknown> }): Line {
  const id = response.headers['x-request-id'];
  const lines = accessLines(info.lines).filter((line) => line.request_id === id);
  expect(lines).toHaveLength(1);
  return lines[0] ?? {};
}

describe('the access log', () => {
  test('one line per request: its id, method, route, status, duration and length, nothing more', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${paths.get}?email=alex%40example.com&code=SAVE10`,
      headers: { 'x-request-id': 'edge-7', cookie: 'checkout_sid=not-ours', 'user-agent': 'Agent/1.0' },
      remoteAddress: '198.51.100.23',
    });
    expect(response.statusCode).toBe(200);
    const line = lineOf(response);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      request_id: 'edge-7',
      method: 'GET',
      route: paths.get,
      status: 200,
      duration_ms: expect.any(Number),
      bytes: Number(response.headers['content-length']),
      msg: 'request',
    });
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    // Rounded to a tenth of a millisecond.
    expect(Number.isInteger(Number(line.duration_ms) * 10)).toBe(true);
    const text = JSON.stringify(line);
    for (const personal of ['alex', 'example.com', 'SAVE10', 'not-ours', 'Agent', '198.51.100.23'])
      expect(text).not.toContain(personal);
  });

  test("a route with a reference in its path logs the route's pattern, not the reference", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/activity-terms-and-conditions/ZX81-SECRET/' });
    const line = lineOf(response);
    // No such sale: the page answers 404, but its route matched.
    expect(line).toMatchObject({ route: '/activity-terms-and-conditions/:reference/', status: 404 });
    expect(JSON.stringify(line)).not.toContain('ZX81');
  });

  test('a URL no route matches is logged as not found, without the URL', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/ajax/no/such/alex@example.com/?token=abc' });
    expect(response.statusCode).toBe(404);
    const line = lineOf(response);
    expect(line).toMatchObject({ method: 'POST', route: UNMATCHED_ROUTE, status: 404 });
    expect(JSON.stringify(line)).not.toMatch(/alex|token|abc/);
  });

  test('a failure has its access line beside the error line, under the same request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(lineOf(response)).toMatchObject({ route: '/test/boom', status: 500, level: 30 });
    expect(info.lines.find((line) => line.msg === 'request failed')).toMatchObject({
      request_id: response.headers['x-request-id'],
    });
  });

  test('health checks and metric scrapes are not logged at info', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(accessLines(info.lines).filter((line) => line.route === '/healthz' || line.route === '/metrics')).toEqual(
      [],
    );
  });
});

describe('on another app of the same database', () => {
  async function appWith(config: { logLevel: string; accessLog?: boolean }): Promise<[FastifyInstance, Line[]]> {
    const { lines, stream } = capture();
    const app = await buildApp({ db: t.db, clock: t.clock, config, logStream: stream });
    return [app, lines];
  }

  test('at debug, health checks have their line too, at debug level', async () => {
    const [app, lines] = await appWith({ logLevel: 'debug' });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(accessLines(lines)).toEqual([
        expect.objectContaining({
          level: 20,
          route: '/healthz',
          status: 200,
          request_id: response.headers['x-request-id'],
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  test('ACCESS_LOG=0: no access line, other lines as before', async () => {
    const [app, lines] = await appWith({ logLevel: 'info', accessLog: false });
    try {
      await app.inject({ method: 'GET', url: paths.get });
      await app.inject({ method: 'GET', url: '/ajax/no/such/call/' });
      app.log.info('still logging');
      expect(accessLines(lines)).toEqual([]);
      expect(lines.map((line) => line.msg)).toContain('still logging');
    } finally {
      await app.close();
    }
  });
});

describe('ACCESS_LOG', () => {
  test.each([
    [undefined, true],
    ['', true],
    ['1', true],
    [' 0 ', false],
  ])('%p: %p', (raw, on) => {
    expect(accessLogOn({ ACCESS_LOG: raw })).toBe(on);
  });

  test.each(['yes', 'off', 'false', '2'])('%p is refused, naming the variable', (raw) => {
    expect(() => accessLogOn({ ACCESS_LOG: raw })).toThrow(`ACCESS_LOG must be 1 or 0, got '${raw}'`);
  });
});
