/**
 * Hostile input — text PostgreSQL cannot store (U+0000, bytes that are not UTF-8) in URLs and bodies, over real HTTP to
 * an api process on PostgreSQL, which fails such a query ("invalid byte sequence for encoding UTF8: 0x00"): every
 * request is a 400 with a sentence (api/src/http/clean-text.ts), never a 5xx, and nothing is written.
 */
import { request as httpRequest } from 'node:http';
import { SEED } from '../../api/src/seed/catalogue';
import { ApiProcess } from '../support/api-process';
import { countFigure } from '../support/figures';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';

jest.setTimeout(180_000);

const SENTENCE =
  'The request contains a NUL character or text that is not valid UTF-8. Remove it and send the request again.';

interface Answer {
  status: number;
  body: string;
}

/**
 * node:http rather than fetch: it sends the path exactly as given, where fetch would normalise it. (Raw bytes above 0x7F
 * in the request line are refused by Node's HTTP parser before the app sees them.)
 */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A hash of every table's rows: what a refused request must leave as it was. A key's last_used_at and the rate-limit
 * windows are left out: the organiser API notes a key's use, and counts the request against the key's limit, when it
 * authenticates the request, before the body is read.
 */
async function state(database: TestDatabase): Promise<string> {
  const { rows } = await database.pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const parts: string[] = [];
  for (const { table_name: table } of rows) {
    if (table === 'request_rate_windows') continue;
    const row = table === 'organiser_api_keys' ? "(to_jsonb(t) - 'last_used_at')::text" : 't::text';
    const hashed = await database.pool.query<{ hash: string | null }>(
      `SELECT md5(string_agg(${row}, ',' ORDER BY ${row})) AS hash FROM "${table}" t`,
    );
    parts.push(`${table}:${hashed.rows[0]?.hash ?? ''}`);
  }
  return parts.join('\n');
}

describeWithPostgres('NUL and invalid UTF-8 over HTTP to two api processes on PostgreSQL', () => {
  let database: TestDatabase;
  let api: ApiProcess;
  /** A second process on the same database, as a replica behind the proxy: every answer must hold on both. */
  let second: ApiProcess;
  let key: string;
  let cookie: string;
  let xsrf: string;

  beforeAll(async () => {
    database = await createDatabase();
    // The app's job runners write on their own clock; an hour between runs keeps the state still while it is compared.
    api = await ApiProcess.start({
      databaseUrl: database.url,
      env: { WEBHOOK_JOBS_MS: '3600000' },
      name: 'unstorable-text',
    });
    second = await ApiProcess.start({
      databaseUrl: database.url,
      env: { WEBHOOK_JOBS_MS: '3600000' },
      name: 'unstorable-text-2',
    });
    const created = await send(
      api.baseURL,
      'POST',
      '/dev/organiser-keys',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
      'organiser=1',
    );
    expect(created.status).toBe(201);
    key = (JSON.parse(created.body) as { key: string }).key;
    const session = await fetch(`${api.baseURL}/ajax/user/user/get_user/`);
    const cookies = session.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    cookie = cookies.join('; ');
    xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
    expect(xsrf).not.toBe('');
  });
  afterAll(async () => {
    await api?.stop();
    await second?.stop();
    await database?.drop();
  });

  const BAD = ['%00', '%C3%28', '%FF'] as const;
  const URLS = [
    '/all-events/?organiser=X',
    '/do/checkout/stripe_auth/?payment_intent=X',
    '/sandbox/stripe/3ds?client_secret=X',
    '/sandbox/truelayer/authorize?payment_id=X',
    '/api/v1/orders?reference=X',
    '/api/v1/events?external_id=X',
    '/api/v1/orders/X',
    '/api/v1/tickets/X',
  ] as const;

  test('each bad sequence in each URL, form body and JSON body is a 400 with the sentence, and nothing is written', async () => {
    const before = await state(database);
    const answers: { what: string; status: number; error: unknown }[] = [];
    const record = (what: string, answer: Answer) => {
      let error: unknown;
      try {
        error = (JSON.parse(answer.body) as { error?: unknown }).error;
      } catch {
        error = answer.body.slice(0, 200);
      }
      answers.push({ what, status: answer.status, error });
    };
    const auth = () => ({ authorization: `Bearer ${key}` });
    // Each request to the next process in turn.
    let turn = 0;
    const next = () => ((turn += 1) % 2 === 0 ? api : second).baseURL;
    for (const bad of BAD) {
      for (const url of URLS) {
        const path = url.replace('X', `ab${bad}cd`);
        record(`GET ${path}`, await send(next(), 'GET', path, url.startsWith('/api/v1/') ? auth() : { cookie }));
      }
      const form = `ticket_id=${SEED.ticket.onSale}&quantity=1&note=a${bad}b`;
      record(
        `form ${form}`,
        await send(
          next(),
          'POST',
          '/ajax/checkout/checkout/add_to_basket/',
          { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/x-www-form-urlencoded' },
          form,
        ),
      );
    }
    const json = (body: Buffer | string) =>
      send(next(), 'POST', '/api/v1/webhooks', { ...auth(), 'content-type': 'application/json' }, body);
    record('JSON \\u0000', await json('{"url":"https://example.com/a\\u0000b","events":["order.paid"]}'));
    record(
      'JSON bytes C3 28',
      await json(Buffer.from('{"url":"https://example.com/a\xc3(b","events":["order.paid"]}', 'latin1')),
    );
    record(
      'JSON byte FF',
      await json(Buffer.from('{"url":"https://example.com/a\xffb","events":["order.paid"]}', 'latin1')),
    );
    countFigure('unstorable_text_refused', answers.length, 'requests with NUL or invalid UTF-8 refused with a 400');
    expect(answers.filter((answer) => answer.status !== 400 || answer.error !== SENTENCE)).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(await state(database)).toBe(before);
  });

  test('a bad body sent where no parser reads it (a GET, a 404, a 415) is answered, and the process answers on', async () => {
    const cases: [string, string, string, Buffer][] = [
      ['GET', '/healthz', 'application/json', Buffer.from([0])],
      ['GET', '/', 'application/x-www-form-urlencoded', Buffer.from([0xff])],
      ['POST', '/no-such-route', 'application/json', Buffer.from('{\u0000}', 'utf8')],
      ['POST', '/api/v1/no-such-route', 'application/json', Buffer.from([0xff, 0xfe])],
      ['POST', '/ajax/checkout/checkout/get/', 'application/json', Buffer.from([0xff])],
    ];
    const statuses: number[] = [];
    for (const target of [api, second])
      for (const [method, path, type, body] of cases) {
        statuses.push((await send(target.baseURL, method, path, { 'content-type': type, cookie }, body)).status);
        expect((await send(target.baseURL, 'GET', '/healthz')).status).toBe(200);
      }
    expect(statuses.every((status) => status > 0 && status < 500)).toBe(true);
    countFigure(
      'unstorable_text_unread_bodies',
      cases.length,
      'bad bodies no parser read, answered without ending the process',
    );
  });
});
