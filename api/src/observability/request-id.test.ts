import { createTestApp, paths, type TestApp } from '../testing/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const logged: Array<Record<string, unknown>> = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
  });
  t.app.get('/test/log', async (request) => {
    request.log.info('something worth a line');
    return { ok: true };
  });
  t.app.get('/test/boom', async () => {
    throw new Error('an unexpected failure');
  });
}, 60_000);
afterAll(() => t.close());

describe('request id', () => {
  test('a safe incoming X-Request-Id is kept, echoed and on every log line of the request', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/test/log',
      headers: { 'x-request-id': 'edge-42.a_b' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-42.a_b');
    const lines = logged.filter((line) => line.msg === 'something worth a line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ request_id: 'edge-42.a_b' });
  });

  test.each([
    ['missing', undefined],
    ['too long', 'a'.repeat(65)],
    ['with spaces and markup', 'x <script>'],
    ['with a newline', 'abc\ndef'],
    ['empty', ''],
  ])('an id that is %s is replaced by a fresh one', async (_name, incoming) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: incoming === undefined ? {} : { 'x-request-id': incoming },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  test('error answers carry request_id beside the shape the page parses: 400, 403, 404 and 500', async () => {
    const visitor = await t.visitor();
    const invalid = await visitor.post(paths.addToBasket, { ticket_id: 'not a number', quantity: 1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: expect.any(String),
      errors: expect.any(Object),
      request_id: invalid.headers['x-request-id'],
    });

    const forbidden = await t.app.inject({
      method: 'POST',
      url: paths.reserve,
      headers: { 'x-request-id': 'req-403', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: expect.any(String), request_id: 'req-403' });

    const missing = await t.app.inject({
      method: 'GET',
      url: '/ajax/no/such/call/',
      headers: { 'x-request-id': 'req-404' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String), request_id: 'req-404' });

    // A refusal the contract answers with 200 is no error answer: its body is the call's own.
    const refused = await visitor.post(paths.reserve);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).not.toHaveProperty('request_id');

    const boom = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(boom.statusCode).toBe(500);
    const id = boom.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(boom.json()).toEqual({ error: expect.any(String), request_id: id });
    expect(boom.body).not.toContain('an unexpected failure');
    // The log line of the failure names the same id, so the buyer's report leads to it.
    expect(logged.find((line) => line.msg === 'request failed')).toMatchObject({ request_id: id, level: 50 });
  });
});
