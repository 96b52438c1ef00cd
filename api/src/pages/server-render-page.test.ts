import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { FIRST_ANSWERS_ELEMENT_ID, formatMoney, type Checkout } from '@checkout/shared';
import { type AppConfig, loadConfig, REPO_ROOT } from '../config';
import { serverRenderRefusalsTotal } from '../observability/metrics';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';

// The real builds: the shell's (with its server renderer) and the basket remote's (with its server container).
const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
const basketDist = path.join(REPO_ROOT, 'mf-basket', 'dist');
const built =
  existsSync(path.join(shellDist, 'server', 'render.js')) &&
  existsSync(path.join(basketDist, 'server', 'remoteEntry.js'));

// `npm test` builds first, so on CI a missing build is a failure, not a skip: a test that never runs proves nothing.
// On a developer's machine without a build it is skipped, saying so.
if (!built && !process.env.CI)
  console.warn('server-render-page.test: skipped, run `npm run build` first (it renders from the builds)');

async function serve(root: string): Promise<{ server: FastifyInstance; origin: string }> {
  const server = Fastify();
  await server.register(fastifyStatic, { root });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

type LogLine = { level: number; msg: string; reason?: string };

async function appWithBasketAt(
  origin: string,
  options: { serverBuilds?: AppConfig['serverBuilds']; logged?: LogLine[] } = {},
): Promise<TestApp> {
  const { remotes } = loadConfig({});
  const { logged } = options;
  return createTestApp({
    // A busy test machine's event loop runs late: the page must be rendered here all the same.
    config: {
      shellDist,
      serverRenderShedLagMs: 60_000,
      remotes: { ...remotes, mf_basket: `${origin}/mf-manifest.json` },
      ...(options.serverBuilds ? { serverBuilds: options.serverBuilds } : {}),
      ...(logged ? { logLevel: 'warn' } : {}),
    },
    ...(logged ? { logStream: { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) } } : {}),
  });
}

const BLOCK = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`);

if (!built && process.env.CI)
  test('needs the builds', () => {
    throw new Error(
      'no shell or basket build: `npm test` builds before the server suite, and CI must render from them',
    );
  });

(built ? describe : describe.skip)('/checkout/ with its first step rendered on the server', () => {
  const servers: FastifyInstance[] = [];
  const apps: TestApp[] = [];
  let full: TestApp;
  let browserOnly: TestApp;
  const browserOnlyDir = mkdtempSync(path.join(os.tmpdir(), 'basket-browser-only-'));

  // Creating the first database snapshot of a new schema takes a while on a busy machine.
  beforeAll(async () => {
    const remote = await serve(basketDist);
    // The browser build only, as a remote built before server builds existed is published.
    cpSync(basketDist, browserOnlyDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}server`) });
    const older = await serve(browserOnlyDir);
    servers.push(remote.server, older.server);
    full = await appWithBasketAt(remote.origin);
    apps.push(full);
    browserOnly = await appWithBasketAt(older.origin);
    apps.push(browserOnly);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(servers.map((server) => server.close()));
    rmSync(browserOnlyDir, { recursive: true, force: true });
  });

  test('a basket arrives rendered: the ticket, Reserve Basket, the order summary and its total, and the data', async () => {
    const visitor = await full.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.folkBalcony, quantity: 2 });
    const page = await visitor.get('/checkout/');
    expect(page.statusCode).toBe(200);
    const answers = JSON.parse(BLOCK.exec(page.body)?.[1] ?? '{}') as Record<string, unknown>;
    const checkout = answers[paths.get] as Checkout;
    const name = checkout.tickets[0]?.ticket_name ?? 'no ticket';
    expect(page.body).toContain('<div id="root" data-server-rendered>');
    expect(page.body).toContain(name);
    expect(page.body).toContain('Reserve Basket');
    expect(page.body).toContain('Order summary');
    expect(page.body).toContain(formatMoney(checkout.basket_total, checkout.currency.symbol));
    // The shell's and the step's stylesheets are inlined, so that the step paints styled from the page's own bytes.
    expect(page.body).toMatch(/<style data-href="\/checkout\/main\.[0-9a-f]{10}\.css">/);
    expect(page.body).toMatch(/<style data-href="http:\/\/127\.0\.0\.1:\d+\/[^"]+\.css">[^<]*\S[^<]*<\/style>/);
    expect(page.body).not.toContain('rel="stylesheet"');
    // The shell's scripts run, and the remote's files are preloaded, once the page has painted.
    expect(page.body).not.toMatch(/<script defer="defer" src="\/checkout\//);
    expect(page.body).toMatch(/<script defer src="\/assets\/after-paint\.[0-9a-f]+\.js"><\/script>/);
    const afterPaint = JSON.parse(
      /<script type="application\/json" id="checkout-after-paint">([^<]*)<\/script>/.exec(page.body)?.[1] ?? '{}',
    ) as { scripts?: string[]; preloads?: { href: string }[] };
    expect(afterPaint.scripts).toEqual([expect.stringMatching(/^\/checkout\/main\.[0-9a-f]{10}\.js$/)]);
    expect(afterPaint.preloads?.map((p) => p.href)).toContainEqual(expect.stringMatching(/remoteEntry\.js$/));
  });

  test("the server's renderer stays on the server: not served under /checkout/", async () => {
    for (const url of [
      '/checkout/server/render.js',
      '/checkout/%73erver/render.js',
      '/checkout/%2573erver/render.js',
      '/checkout/./server/render.js',
      '/checkout/a/../server/render.js',
    ])
      expect([url, (await full.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
  });

  test('a malformed escape in a /checkout/ path is a 404, never a 5xx', async () => {
    for (const url of ['/checkout/%25', '/checkout/%25E0', '/checkout/a%25.js'])
      expect([url, (await full.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
  });

  test('without the remote server build the page is served as the browser renders it, data inlined', async () => {
    const visitor = await browserOnly.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.folkBalcony, quantity: 1 });
    const page = await visitor.get('/checkout/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('data-server-rendered');
    expect(page.body).toContain('Determining checkout progress');
    expect(page.body).toMatch(BLOCK);
    // Nothing to paint first: the shell's scripts run as built.
    expect(page.body).toMatch(/<script defer="defer" src="\/checkout\/main\.[0-9a-f]{10}\.js"><\/script>/);
    expect(page.body).not.toContain('checkout-after-paint');
  });
});

/** The pin the basket's build wrote, as an operator copies it into REMOTE_BASKET_SERVER_INTEGRITY. */
const builtPin = () =>
  (JSON.parse(readFileSync(path.join(basketDist, 'server', 'integrity.json'), 'utf8')) as Record<string, string>)[
    'remoteEntry.js'
  ] ?? '';

(built ? describe : describe.skip)("/checkout/ runs a remote's server build only when it is the pinned one", () => {
  const servers: FastifyInstance[] = [];
  const apps: TestApp[] = [];
  const tamperedDir = mkdtempSync(path.join(os.tmpdir(), 'basket-tampered-'));
  let origin = '';
  let tamperedOrigin = '';
  /** NODE_ENV=production as loadServerBuildConfig reads it: no local builds, no opt-out unless given. */
  const production = (serverBuilds: Partial<AppConfig['serverBuilds']>): AppConfig['serverBuilds'] => ({
    integrity: {},
    allowUnpinned: false,
    localBuilds: false,
    ...serverBuilds,
  });

  beforeAll(async () => {
    const remote = await serve(basketDist);
    // The build as published, with one byte of its server container changed (as a compromised host would serve it).
    cpSync(basketDist, tamperedDir, { recursive: true });
    const entry = path.join(tamperedDir, 'server', 'remoteEntry.js');
    const bytes = readFileSync(entry);
    const at = bytes.indexOf('Reserve');
    bytes[at] = 'r'.charCodeAt(0);
    writeFileSync(entry, bytes);
    const tampered = await serve(tamperedDir);
    servers.push(remote.server, tampered.server);
    origin = remote.origin;
    tamperedOrigin = tampered.origin;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(servers.map((server) => server.close()));
    rmSync(tamperedDir, { recursive: true, force: true });
  });

  async function basketPage(app: TestApp) {
    apps.push(app);
    const visitor = await app.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.folkBalcony, quantity: 1 });
    const page = await visitor.get('/checkout/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(BLOCK);
    return page.body;
  }

  test('a tampered build (one byte) is refused: the page renders in the browser, with an error logged and counted', async () => {
    const logged: LogLine[] = [];
    const before = (await serverRenderRefusalsTotal.get()).values[0]?.value ?? 0;
    // Under test, the remote is pinned to the repository's own build, which the tampered copy no longer is.
    const page = await basketPage(await appWithBasketAt(tamperedOrigin, { logged }));
    expect(page).not.toContain('data-server-rendered');
    expect(page).toContain('Determining checkout progress');
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: expect.stringContaining('does not match its pin'),
        reason: expect.stringMatching(/integrity mismatch, pinned sha384-/),
      }),
    );
    expect((await serverRenderRefusalsTotal.get()).values[0]?.value).toBe(before + 1);
  });

  test('in production, the pin the build wrote (REMOTE_BASKET_SERVER_INTEGRITY) renders the step', async () => {
    const page = await basketPage(
      await appWithBasketAt(origin, { serverBuilds: production({ integrity: { mf_basket: builtPin() } }) }),
    );
    expect(page).toContain('<div id="root" data-server-rendered>');
    expect(page).toContain('Reserve Basket');
  });

  test('in production, the same pin refuses the tampered copy', async () => {
    const logged: LogLine[] = [];
    const serverBuilds = production({ integrity: { mf_basket: builtPin() } });
    const page = await basketPage(await appWithBasketAt(tamperedOrigin, { serverBuilds, logged }));
    expect(page).not.toContain('data-server-rendered');
    expect(logged.filter((line) => line.level === 50)).toHaveLength(1);
  });

  test('in production without a pin nothing is run: the page renders in the browser, saying why', async () => {
    const logged: LogLine[] = [];
    const page = await basketPage(await appWithBasketAt(origin, { serverBuilds: production({}), logged }));
    expect(page).not.toContain('data-server-rendered');
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 40, reason: 'mf_basket has no pinned server build' }),
    );
  });

  test('in production without a pin, SERVER_RENDER_UNPINNED=1 runs the build unverified, and says so at start', async () => {
    const logged: LogLine[] = [];
    const serverBuilds = production({ allowUnpinned: true });
    const page = await basketPage(await appWithBasketAt(origin, { serverBuilds, logged }));
    expect(page).toContain('<div id="root" data-server-rendered>');
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining('unverified') }));
  });
});
