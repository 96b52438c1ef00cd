/**
 * The compose stack's proxy without Docker: Debian's nginx runs deploy/proxy/default.conf.template, rendered the way
 * the nginx image renders it, in front of two api processes on one PostgreSQL database (as `--scale api=2` would) and a
 * static server standing in for the remotes. One buyer's checkout goes through it with the requests alternating
 * between the processes (round-robin, no sticky sessions) without losing the session, and the per-client limits count
 * the address the buyer connected from, not the proxy's, whatever the buyer writes in X-Forwarded-For.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { encodeForm, type FormValue } from '@checkout/shared';
import { PROXY_TEMPLATE, renderTemplate } from '../../deploy/dockerfile';
import { rateKey } from '../../api/src/identity/rate-limit';
import { ApiProcess, freePort } from '../support/api-process';
import { paths } from '../support/buyer';
import { countFigure } from '../support/figures';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..');

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
}

/** A browser at one local address (127.0.0.x), keeping its cookies and sending the XSRF header as the page does. */
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
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          localAddress: this.localAddress,
          method,
          path: pathname,
          headers,
          agent: false,
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
            resolve({ status: res.statusCode ?? 0, json, setCookies });
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${pathname}: no answer within 30 s`)));
      req.end(body);
    });
  }
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
  let proxyPort = 0;
  let nginxProcess: ChildProcess | undefined;
  let staticServer: ChildProcess | undefined;
  let staticPort = 0;
  const accessLog = () => (dir ? fs.readFileSync(path.join(dir, 'access.log'), 'utf8') : '');

  beforeAll(async () => {
    database = await createDatabase();
    proxyPort = await freePort();
    const env = {
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      OTC_SENDS_PER_CLIENT: '2',
      CAPTCHA_RESERVE_LIMIT: '5',
    };
    // One after the other: the first migrates and seeds.
    apis = [await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-1' })];
    apis.push(await ApiProcess.start({ databaseUrl: database.url, env, name: 'api-2' }));

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-proxy-'));
    // nginx's workers (nobody, when the test runs as root) read and write under here.
    fs.chmodSync(dir, 0o755);

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

    const remoteServers = `server 127.0.0.1:${staticPort};`;
    const conf = renderTemplate(fs.readFileSync(path.join(root, PROXY_TEMPLATE), 'utf8'), {
      PROXY_PORT: `127.0.0.1:${proxyPort}`,
      // Nothing here is named: no lookup is ever made.
      RESOLVER: '127.0.0.1',
      API_SERVERS: apis.map((api) => `server 127.0.0.1:${api.port};`).join(' '),
      MF_BASKET_SERVERS: remoteServers,
      MF_ACCOUNT_SERVERS: remoteServers,
      MF_PAYMENT_SERVERS: remoteServers,
      MF_POST_SALE_SERVERS: remoteServers,
    });
    expect(conf).not.toMatch(/\$\{\w+\}/);
    fs.writeFileSync(path.join(dir, 'checkout.conf'), conf);
    // What the nginx image's own nginx.conf provides around conf.d, plus an access log naming the replica that answered.
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        "  log_format upstreams '$remote_addr $request_method $request_uri $status $upstream_addr';",
        `  access_log ${dir}/access.log upstreams;`,
        `  client_body_temp_path ${dir}/client_body;`,
        `  proxy_temp_path ${dir}/proxy;`,
        `  fastcgi_temp_path ${dir}/fastcgi;`,
        `  uwsgi_temp_path ${dir}/uwsgi;`,
        `  scgi_temp_path ${dir}/scgi;`,
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
    await waitFor(`http://127.0.0.1:${proxyPort}/proxy-healthz`, 'nginx', nginxProcess, () => nginxLog);
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
    const buyer = new Client(proxyPort, '127.0.0.2');
    const before = accessLog().length;

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

    // Round-robin: consecutive requests went to different processes, and both served the buyer. nginx writes a request's
    // log line once its answer has gone, so the last one may land a moment after the buyer read it: wait for it.
    const upstreamsLogged = () =>
      accessLog()
        .slice(before)
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('127.0.0.2 '))
        .map((line) => line.split(' ').at(-1));
    const logged = Date.now() + 5_000;
    while (upstreamsLogged().length < 5 && Date.now() < logged) await new Promise((wait) => setTimeout(wait, 50));
    const upstreams = upstreamsLogged();
    expect(upstreams).toHaveLength(5);
    expect(new Set(upstreams)).toEqual(new Set(apis.map((api) => `127.0.0.1:${api.port}`)));
    for (let i = 1; i < upstreams.length; i += 1) expect(upstreams[i]).not.toBe(upstreams[i - 1]);
    countFigure(
      'load.proxy.requestsAlternated',
      upstreams.length,
      "one buyer's checkout through nginx, alternating between two api processes",
    );
  });

  test("per-client limits count the buyer's address from X-Forwarded-For, never the proxy's or one the buyer wrote", async () => {
    // OTC_SENDS_PER_CLIENT=2: a third code from one address in 15 minutes is refused (429).
    const alice = new Client(proxyPort, '127.0.0.3');
    const bob = new Client(proxyPort, '127.0.0.4');
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

  test('the remotes are served behind the proxy under /remotes/<package>/, and no source map leaves', async () => {
    for (const pkg of ['mf-basket', 'mf-account', 'mf-payment', 'mf-post-sale']) {
      const manifest = await fetch(`http://127.0.0.1:${proxyPort}/remotes/${pkg}/mf-manifest.json`);
      expect([pkg, manifest.status, await manifest.json()]).toEqual([pkg, 200, { id: 'stand_in' }]);
      expect((await fetch(`http://127.0.0.1:${proxyPort}/remotes/${pkg}/remoteEntry.js.map`)).status).toBe(404);
    }
    // The static server refuses them itself too (a remote served without this proxy).
    expect((await fetch(`http://127.0.0.1:${staticPort}/remoteEntry.js.map`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${staticPort}/remoteEntry.js`)).status).toBe(200);
  });
});
