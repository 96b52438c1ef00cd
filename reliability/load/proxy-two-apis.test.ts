/**
 * The compose stack's proxy without Docker: Debian's nginx runs deploy/proxy/default.conf.template, rendered the way
 * the nginx image renders it, in front of two api processes on one PostgreSQL database (as `--scale api=2` would) and a
 * static server standing in for the remotes. Buyers talk TLS to it (a self-signed certificate made here), as they do to
 * the real one. One buyer's checkout goes through it with the requests alternating between the processes (round-robin,
 * no sticky sessions) without losing the session, and the per-client limits count the address the buyer connected
 * from, not the proxy's, whatever the buyer writes in X-Forwarded-For. The plain port only redirects, another Host is
 * sent to PUBLIC_URL, HSTS comes once, /metrics and source maps stay inside, and every request has one JSON log line
 * under the id the buyer was given.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { encodeForm, type FormValue } from '@checkout/shared';
import { PROXY_TEMPLATE, renderTemplate } from '../../deploy/dockerfile';
import { serverMessages } from '../../api/src/http/server-messages';
import { rateKey } from '../../api/src/http/rate-limit';
import { ApiProcess, freePort } from '../support/api-process';
import { paths } from '../support/buyer';
import { countFigure } from '../support/figures';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..');

/** What the proxy sends (the api's own says includeSubDomains; the proxy hides it so that only this one arrives). */
const PROXY_HSTS = 'max-age=31536000';

function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

const nginx = findNginx();

/** Like describeWithPostgres, and nginx too: missing on a developer's machine skips, saying so; missing on CI fails. */
function describeWithNginx(name: string, body: () => void): void {
  if (nginx) return describeWithPostgres(name, body);
  if (process.env.CI) {
    describe(name, () => {
      test('needs nginx', () => {
        throw new Error(
          'no nginx binary (apt-get install nginx-light): CI must run the proxy in front of two api processes',
        );
      });
    });
    return;
  }
  console.warn(`SKIPPED '${name}': no nginx binary found (apt-get install nginx-light, or set NGINX_BIN)`);
  describe.skip(name, body);
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
  setCookies: string[];
  headers: IncomingHttpHeaders;
  /** Every header line as it came, name lowercased: node joins a repeated header into one value, hiding a second. */
  headerLines: Array<[string, string]>;
  /** X-Request-Id: the proxy's $request_id, which it also gave the api and wrote in its access log. */
  requestId: string;
}

/**
 * A browser at one local address (127.0.0.x), over TLS to the proxy, keeping its cookies (Secure ones too: this is
 * https) and sending the XSRF header as the page does.
 */
class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    private readonly localAddress: string,
  ) {}

  request(
    method: 'GET' | 'POST',
    pathname: string,
    form?: Record<string, FormValue>,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const body = method === 'POST' ? encodeForm(form ?? {}) : undefined;
    const headers: Record<string, string> = {
      // PUBLIC_URL's host:port: the proxy redirects any other Host.
      host: `127.0.0.1:${this.port}`,
      accept: 'application/json',
      cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      ...extraHeaders,
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: this.port,
          localAddress: this.localAddress,
          method,
          path: pathname,
          headers,
          agent: false,
          // The certificate is the one this test made for 127.0.0.1, signed by nobody.
          rejectUnauthorized: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const setCookies = res.headers['set-cookie'] ?? [];
            for (const line of setCookies) {
              const [pair] = line.split(';');
              const at = pair?.indexOf('=') ?? -1;
              if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let json: Record<string, unknown> = {};
            try {
              const parsed: unknown = JSON.parse(text);
              if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
                json = parsed as Record<string, unknown>;
            } catch {
              // not JSON
            }
            const headerLines: Array<[string, string]> = [];
            for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
              headerLines.push([(res.rawHeaders[i] ?? '').toLowerCase(), res.rawHeaders[i + 1] ?? '']);
            const requestId = res.headers['x-request-id'];
            resolve({
              status: res.statusCode ?? 0,
              json,
              setCookies,
              headers: res.headers,
              headerLines,
              requestId: typeof requestId === 'string' ? requestId : '',
            });
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${pathname}: no answer within 30 s`)));
      req.end(body);
    });
  }
}

/** One line of the proxy's checkout_json access log. */
interface AccessLine {
  time: string;
  request_id: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  duration_s: number;
  upstream: string;
  upstream_status: string;
  upstream_duration_s: string;
  scheme: string;
  tls: string;
}

/** Exactly these keys, so a field added to the format (a client address, say) is noticed here rather than shipped. */
const ACCESS_KEYS: ReadonlyArray<keyof AccessLine> = [
  'time',
  'request_id',
  'method',
  'path',
  'status',
  'bytes',
  'duration_s',
  'upstream',
  'upstream_status',
  'upstream_duration_s',
  'scheme',
  'tls',
];

function parseAccessLine(line: string): AccessLine {
  const parsed: unknown = JSON.parse(line);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`not a JSON object: ${line}`);
  const keys = Object.keys(parsed).sort();
  if (keys.join() !== [...ACCESS_KEYS].sort().join()) throw new Error(`unexpected access-log keys: ${line}`);
  return parsed as AccessLine;
}

async function waitFor(url: string, what: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 30 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describeWithNginx('nginx (the compose proxy config) in front of two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let dir = '';
  let httpPort = 0;
  let tlsPort = 0;
  let publicUrl = '';
  let nginxProcess: ChildProcess | undefined;
  let staticServer: ChildProcess | undefined;
  let staticPort = 0;

  const accessLines = (): AccessLine[] => {
    const file = path.join(dir, 'access.log');
    if (!dir || !fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(parseAccessLine);
  };

  /**
   * The access-log lines of these requests, in the same order, one each. nginx writes a request's line once its answer
   * has gone, so the last one may land a moment after the client read it: wait for them.
   */
  const loggedFor = async (answers: Answer[]): Promise<AccessLine[]> => {
    const ids = answers.map((answer) => answer.requestId);
    // nginx's $request_id: 32 hex digits, fresh for each request.
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const deadline = Date.now() + 5_000;
    let found: AccessLine[][] = [];
    for (;;) {
      const lines = accessLines();
      found = ids.map((id) => lines.filter((line) => line.request_id === id));
      if (found.every((matches) => matches.length > 0) || Date.now() > deadline) break;
      await new Promise((wait) => setTimeout(wait, 50));
    }
    expect(found.map((matches) => matches.length)).toEqual(ids.map(() => 1));
    return found.map((matches) => matches[0] as AccessLine);
  };

  /** How many times a header arrived, and with what (a proxy that adds one the upstream also sent shows two). */
  const linesOf = (answer: Answer, name: string): string[] =>
    answer.headerLines.filter(([header]) => header === name).map(([, value]) => value);

  beforeAll(async () => {
    database = await createDatabase();
    httpPort = await freePort();
    tlsPort = await freePort();
    publicUrl = `https://127.0.0.1:${tlsPort}`;
    const env = {
      TRUST_PROXY: '1',
      // The address buyers use: the proxy's TLS port. The api then sets Secure cookies and its own HSTS.
      PUBLIC_URL: publicUrl,
      OTC_SENDS_PER_CLIENT: '2',
      CAPTCHA_RESERVE_LIMIT: '5',
    };
    // One after the other: the first migrates and seeds.
    apis = [await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-1' })];
    apis.push(await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-2' }));

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-proxy-'));
    // nginx's workers (nobody, when the test runs as root) read and write under here.
    fs.chmodSync(dir, 0o755);

    // A certificate for 127.0.0.1 good for a day: the template only speaks TLS to buyers.
    const certificate = path.join(dir, 'proxy.crt');
    const certificateKey = path.join(dir, 'proxy.key');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        certificateKey,
        '-out',
        certificate,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0)
      throw new Error(`openssl could not make the test certificate:\n${made.stderr}${made.error ?? ''}`);

    // A remote's build stand-in, served by the remotes' static server.
    const site = path.join(dir, 'remote-dist');
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'mf-manifest.json'), JSON.stringify({ id: 'stand_in' }));
    fs.writeFileSync(path.join(site, 'remoteEntry.js'), 'void 0;\n');
    fs.writeFileSync(
      path.join(site, 'remoteEntry.js.map'),
      '{"version":3,"sources":["webpack://remote/src/secret.ts"]}',
    );
    staticPort = await freePort();
    let staticLog = '';
    staticServer = spawn(process.execPath, ['scripts/serve-static.mjs', site, String(staticPort)], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    staticServer.stdout?.on('data', (chunk: Buffer) => (staticLog += chunk.toString()));
    staticServer.stderr?.on('data', (chunk: Buffer) => (staticLog += chunk.toString()));
    await waitFor(`http://127.0.0.1:${staticPort}/healthz`, 'the static server', staticServer, () => staticLog);

    // Without DNS the api and remote "names" are upstream blocks: nginx looks a proxy_pass variable's host up among
    // them before asking the resolver, so the template's `set ... ${API_UPSTREAM}` reaches both processes in turn.
    fs.writeFileSync(
      path.join(dir, 'upstreams.conf'),
      [
        `upstream checkout_api_test { ${apis.map((api) => `server 127.0.0.1:${api.port};`).join(' ')} }`,
        `upstream checkout_remotes_test { server 127.0.0.1:${staticPort}; }`,
        '',
      ].join('\n'),
    );
    const conf = renderTemplate(fs.readFileSync(path.join(root, PROXY_TEMPLATE), 'utf8'), {
      PUBLIC_URL: publicUrl,
      PROXY_HTTP_PORT: `127.0.0.1:${httpPort}`,
      PROXY_HTTPS_PORT: `127.0.0.1:${tlsPort}`,
      TLS_CERTIFICATE: certificate,
      TLS_CERTIFICATE_KEY: certificateKey,
      PROXY_ACCESS_LOG: path.join(dir, 'access.log'),
      // Both upstreams are blocks: no lookup is ever made.
      RESOLVER: '127.0.0.1',
      API_UPSTREAM: 'checkout_api_test',
      REMOTE_UPSTREAM: 'checkout_remotes_test',
    });
    expect(conf).not.toMatch(/\$\{\w+\}/);
    fs.writeFileSync(path.join(dir, 'checkout.conf'), conf);
    // What the nginx image's own nginx.conf provides around conf.d (the access log is the template's own).
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        `  client_body_temp_path ${dir}/client_body;`,
        `  proxy_temp_path ${dir}/proxy;`,
        `  fastcgi_temp_path ${dir}/fastcgi;`,
        `  uwsgi_temp_path ${dir}/uwsgi;`,
        `  scgi_temp_path ${dir}/scgi;`,
        `  include ${dir}/upstreams.conf;`,
        `  include ${dir}/checkout.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    const checked = spawnSync(
      nginx as string,
      ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      { encoding: 'utf8' },
    );
    if (checked.status !== 0) throw new Error(`nginx -t refused the rendered template:\n${checked.stderr}`);
    let nginxLog = '';
    nginxProcess = spawn(
      nginx as string,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    nginxProcess.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    await waitFor(`http://127.0.0.1:${httpPort}/proxy-healthz`, 'nginx', nginxProcess, () => nginxLog);
  });

  afterAll(async () => {
    await stopChild(nginxProcess);
    await stopChild(staticServer);
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("one buyer's checkout through the proxy, alternating between the processes, keeps its session", async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Through the proxy');
    const buyer = new Client(tlsPort, '127.0.0.2');

    const start = await buyer.request('GET', '/ajax/user/user/get_user/');
    expect(start.status).toBe(200);
    const session = new Map(buyer.cookies);
    expect(session.get('XSRF-TOKEN')).toBeTruthy();

    const added = await buyer.request('POST', paths.add, { ticket_id: ticketTypeId, quantity: 2 });
    expect([added.status, added.json.success]).toEqual([200, true]);
    const reserved = await buyer.request('POST', paths.reserve);
    expect([reserved.status, reserved.json.reserved]).toEqual([200, true]);
    const checkout = await buyer.request('GET', paths.get);
    expect(checkout.status).toBe(200);
    expect(checkout.json.sale_reference).toEqual(expect.any(String));
    const again = await buyer.request('GET', paths.get);
    expect(again.json.sale_reference).toBe(checkout.json.sale_reference);

    // The same session throughout: no process issued a new one (it would have, had it not known the cookie).
    expect(buyer.cookies).toEqual(session);
    const { rows } = await database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sales WHERE reference = $1 AND status = $2',
      [checkout.json.sale_reference, 'reserved'],
    );
    expect(rows[0]?.n).toBe(1);

    // Round-robin: consecutive requests went to different processes, and both served the buyer. The log names no
    // client, so each line is found by the request id the buyer was answered with.
    const answers = [start, added, reserved, checkout, again];
    const lines = await loggedFor(answers);
    const upstreams = lines.map((line) => line.upstream);
    expect(new Set(upstreams)).toEqual(new Set(apis.map((api) => `127.0.0.1:${api.port}`)));
    for (let i = 1; i < upstreams.length; i += 1) expect(upstreams[i]).not.toBe(upstreams[i - 1]);
    countFigure(
      'load.proxy.requestsAlternated',
      upstreams.length,
      "one buyer's checkout through nginx, alternating between two api processes",
    );

    // Each line is the request as the buyer saw it, over TLS, with the path cut to its first segment.
    expect(lines.map((line) => [line.method, line.path, line.status, line.upstream_status, line.scheme])).toEqual(
      answers.map((answer, i) => [
        i === 1 || i === 2 ? 'POST' : 'GET',
        '/ajax',
        answer.status,
        String(answer.status),
        'https',
      ]),
    );
    for (const line of lines) expect(line.tls).toMatch(/^TLSv1\.[23]$/);
    // Nothing of the buyer: not the address it connected from, not the sale's reference.
    const text = JSON.stringify(lines);
    expect(text).not.toContain('127.0.0.2');
    expect(text).not.toContain(String(checkout.json.sale_reference));
  });

  test("per-client limits count the buyer's address from X-Forwarded-For, never the proxy's or one the buyer wrote", async () => {
    // OTC_SENDS_PER_CLIENT=2: a third code from one address in 15 minutes is refused (429).
    const alice = new Client(tlsPort, '127.0.0.3');
    const bob = new Client(tlsPort, '127.0.0.4');
    const send = (client: Client, email: string, headers: Record<string, string> = {}) =>
      client.request('POST', '/ajax/user/user/send_one_time_code/', { email }, headers).then((answer) => answer.status);

    for (const client of [alice, bob])
      expect((await client.request('GET', '/ajax/user/user/get_user/')).status).toBe(200);
    expect(await send(alice, 'alice-1@proxy.test')).toBe(200);
    // A new address claimed in the header each time changes nothing: the proxy replaces the header.
    expect(await send(alice, 'alice-2@proxy.test', { 'x-forwarded-for': '198.51.100.7' })).toBe(200);
    expect(await send(alice, 'alice-3@proxy.test', { 'x-forwarded-for': '198.51.100.8' })).toBe(429);
    // Another buyer behind the same proxy has a quota of her own (the proxy's address is not the one counted).
    expect(await send(bob, 'bob-1@proxy.test')).toBe(200);

    const keys = (
      await database.pool.query<{ key: string }>(
        "SELECT DISTINCT key FROM rate_limit_counters WHERE key LIKE 'otc-send-client:%'",
      )
    ).rows.map((row) => row.key);
    expect(keys).toEqual(
      expect.arrayContaining([rateKey('otc-send-client', '127.0.0.3'), rateKey('otc-send-client', '127.0.0.4')]),
    );
    for (const address of ['127.0.0.1', '198.51.100.7', '198.51.100.8'])
      expect(keys).not.toContain(rateKey('otc-send-client', address));
  });

  test('the api is told the request came over https, under the id the buyer was given, and HSTS arrives once', async () => {
    const buyer = new Client(tlsPort, '127.0.0.5');
    const start = await buyer.request('GET', '/ajax/user/user/get_user/');
    expect(start.status).toBe(200);
    // Secure cookies (the api's PUBLIC_URL is https), kept by this client as a browser on https keeps them.
    expect(start.setCookies.length).toBeGreaterThan(0);
    for (const line of start.setCookies) expect(line).toMatch(/;\s*secure\s*(;|$)/i);
    // The api sends its own HSTS (with includeSubDomains); the proxy's replaces it rather than coming second.
    expect(linesOf(start, 'strict-transport-security')).toEqual([PROXY_HSTS]);
    expect(linesOf(start, 'x-request-id')).toEqual([start.requestId]);

    // The api judges a POST's Origin against the scheme X-Forwarded-Proto gives it: https, whatever the buyer wrote
    // there, so the http origin of the same host:port is another site. Had the proxy not said https (the hop to the api
    // is plain http), this origin would have been the request's own and passed.
    const asHttp = await buyer.request('POST', paths.destroy, undefined, {
      origin: `http://127.0.0.1:${tlsPort}`,
      'x-forwarded-proto': 'http',
    });
    expect([asHttp.status, asHttp.json.error]).toEqual([403, serverMessages.crossSiteRejected]);
    // The error body names the id the api ran the request under: the one the proxy logged and the buyer was given.
    expect(asHttp.json.request_id).toBe(asHttp.requestId);
    expect(linesOf(asHttp, 'strict-transport-security')).toEqual([PROXY_HSTS]);
    const asHttps = await buyer.request('POST', paths.destroy, undefined, { origin: publicUrl });
    expect(asHttps.status).toBe(200);

    const lines = await loggedFor([start, asHttp, asHttps]);
    expect(lines.map((line) => [line.status, line.scheme])).toEqual([
      [200, 'https'],
      [403, 'https'],
      [200, 'https'],
    ]);
    for (const line of lines) expect(apis.map((api) => `127.0.0.1:${api.port}`)).toContain(line.upstream);
  });

  test('the plain port and any other Host only redirect to PUBLIC_URL; /metrics stays inside', async () => {
    // Plain HTTP: everything but ACME, the remotes and the health check goes to the https origin, path and query kept.
    const plain = await fetch(`http://127.0.0.1:${httpPort}/checkout/?from=plain`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([301, `${publicUrl}/checkout/?from=plain`]);
    // HSTS means nothing over plain http; the proxy sends it on TLS only.
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    // Over TLS with another name for this host: to PUBLIC_URL, so page, cookies and remotes share one origin.
    const client = new Client(tlsPort, '127.0.0.6');
    const alias = await client.request('GET', '/checkout/', undefined, { host: `localhost:${tlsPort}` });
    expect([alias.status, alias.headers.location]).toEqual([301, `${publicUrl}/checkout/`]);
    expect(linesOf(alias, 'strict-transport-security')).toEqual([PROXY_HSTS]);

    // Each replica's metrics are scraped on the compose network, never through the public site.
    const metrics = await client.request('GET', '/metrics');
    expect(metrics.status).toBe(404);

    // Neither reached an api process: nginx answered both itself.
    const lines = await loggedFor([alias, metrics]);
    expect(lines.map((line) => [line.path, line.status, line.upstream, line.scheme])).toEqual([
      ['/checkout', 301, '', 'https'],
      ['/metrics', 404, '', 'https'],
    ]);
  });

  test('the remotes are served behind the proxy under /remotes/<package>/, and no source map leaves', async () => {
    const client = new Client(tlsPort, '127.0.0.7');
    for (const pkg of ['mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale', 'mf-basket-2026-12-01']) {
      const manifest = await client.request('GET', `/remotes/${pkg}/mf-manifest.json`);
      expect([pkg, manifest.status, manifest.json]).toEqual([pkg, 200, { id: 'stand_in' }]);
      // The static server sends HSTS too; the proxy's replaces it.
      expect(linesOf(manifest, 'strict-transport-security')).toEqual([PROXY_HSTS]);
      const map = await client.request('GET', `/remotes/${pkg}/remoteEntry.js.map`);
      expect(map.status).toBe(404);
      // Refused by the proxy itself, not passed on to the static server.
      const [manifestLine, mapLine] = await loggedFor([manifest, map]);
      expect([manifestLine?.upstream, mapLine?.upstream]).toEqual([`127.0.0.1:${staticPort}`, '']);
      // The plain port passes the remotes through too, for the api's own reads of their manifests.
      const internal = await fetch(`http://127.0.0.1:${httpPort}/remotes/${pkg}/mf-manifest.json`);
      expect([pkg, internal.status, await internal.json()]).toEqual([pkg, 200, { id: 'stand_in' }]);
    }
    // Not one of the four remotes: passed to the api (which has no such page), never to the static server.
    const other = await client.request('GET', '/remotes/mf-other/mf-manifest.json');
    expect(other.status).toBe(404);
    const [otherLine] = await loggedFor([other]);
    expect(apis.map((api) => `127.0.0.1:${api.port}`)).toContain(otherLine?.upstream);
    // The static server refuses them itself too (a remote served without this proxy).
    expect((await fetch(`http://127.0.0.1:${staticPort}/remoteEntry.js.map`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${staticPort}/remoteEntry.js`)).status).toBe(200);
  });
});
