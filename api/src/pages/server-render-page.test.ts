import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { FIRST_ANSWERS_ELEMENT_ID, formatMoney, type Checkout } from '@checkout/shared';
import { loadConfig, REPO_ROOT } from '../config';
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

async function appWithBasketAt(origin: string): Promise<TestApp> {
  const { remotes } = loadConfig({});
  return createTestApp({
    // A busy test machine's event loop runs late: the page must be rendered here all the same.
    config: {
      shellDist,
      serverRenderShedLagMs: 60_000,
      remotes: { ...remotes, mf_basket: `${origin}/mf-manifest.json` },
    },
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
    // The step's stylesheet is linked, so that the step paints styled before any script.
    expect(page.body).toMatch(/<link rel="stylesheet" href="http:\/\/127\.0\.0\.1:\d+\/[^"]+\.css">/);
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
  });
});
