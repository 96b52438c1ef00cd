import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHELL_RUNTIME_ELEMENT_ID } from '@checkout/shared';
import { buildApp } from '../app/app';
import { loadConfig } from '../config';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';

// A stand-in for the shell's production build: index.html, a hashed bundle and its pre-compressed siblings.
const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>Checkout</title><script src="/checkout/main.0123456789.js"></script>',
);
writeFileSync(path.join(dist, 'main.0123456789.js'), 'console.log("plain")');
writeFileSync(path.join(dist, 'main.0123456789.js.br'), 'brotli-bytes');
writeFileSync(path.join(dist, 'main.0123456789.js.gz'), 'gzip-bytes');
writeFileSync(path.join(dist, 'main.0123456789.js.map'), '{"version":3,"sources":["webpack://shell/src/secret.ts"]}');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { shellDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('/remotes.json', () => {
  test('lists each remote from the environment and the runtime config, never cached', async () => {
    const config = loadConfig({
      REMOTE_BASKET_URL: 'https://basket.example.com/v2/mf-manifest.json',
      REMOTE_ACCOUNT_URL: 'https://account.example.com/mf-manifest.json',
      SENTRY_DSN: 'https://key@sentry.example.com/1',
      HCAPTCHA_SITE_KEY: 'site-key',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_SECRET_KEY: 'sk_test_123',
      ACCOMMODATION_MAP_URL: 'https://stays.example.com/map?near={address}',
    });
    const app = await buildApp({ db: t.db, clock: t.clock, config: { ...config, logLevel: 'silent' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual({
        remotes: {
          mf_basket: { entry: 'https://basket.example.com/v2/mf-manifest.json' },
          mf_account: { entry: 'https://account.example.com/mf-manifest.json' },
          mf_payment: { entry: 'http://localhost:3003/mf-manifest.json' },
          mf_post_sale: { entry: 'http://localhost:3004/mf-manifest.json' },
        },
        config: {
          apiBase: '',
          sentryDsn: 'https://key@sentry.example.com/1',
          hcaptchaSiteKey: 'site-key',
          stripePublishableKey: 'pk_test_123',
          accommodationMapUrl: 'https://stays.example.com/map?near={address}',
          marketplaceName: 'Events',
        },
      });
    } finally {
      await app.close();
    }
  });

  test('the page the api serves carries the same answer, so the page need not ask; no value can end the block', async () => {
    const config = loadConfig({ MARKETPLACE_NAME: 'Seaside </script><script>alert(1)</script> <!-- & more' });
    const shellDist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    writeFileSync(
      path.join(shellDist, 'index.html'),
      '<!doctype html><head><title>Checkout</title></head><body></body>',
    );
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: { ...config, shellDist, serverRender: false, logLevel: 'silent' },
    });
    try {
      const asked = await app.inject({ method: 'GET', url: '/remotes.json' });
      const page = await app.inject({ method: 'GET', url: '/checkout/' });
      const block = new RegExp(`<script type="application/json" id="${SHELL_RUNTIME_ELEMENT_ID}">([^<]*)</script>`);
      const json = block.exec(page.body)?.[1];
      expect(json).toBeDefined();
      expect(JSON.parse(json ?? '')).toEqual(asked.json());
      expect(page.body).not.toContain('<script>alert(1)');
    } finally {
      await app.close();
      rmSync(shellDist, { recursive: true, force: true });
    }
  });

  test("defaults: the four local remotes, the site's name and no optional keys", async () => {
    const config = loadConfig({});
    expect(config.remotes).toEqual({
      mf_basket: 'http://localhost:3001/mf-manifest.json',
      mf_account: 'http://localhost:3002/mf-manifest.json',
      mf_payment: 'http://localhost:3003/mf-manifest.json',
      mf_post_sale: 'http://localhost:3004/mf-manifest.json',
    });
    // The name is always sent: the checkout's header shows the one the events pages and emails use.
    expect(config.runtime).toEqual({ apiBase: '', marketplaceName: 'Events' });
  });
});

describe('/all-events/', () => {
  test('lists upcoming events with their ticket types, prices and an add-to-basket form, and sets the XSRF cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/all-events/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
    const page = response.body;
    expect(page).toContain('<meta name="viewport"');
    expect(page).toContain('On-sale test');
    expect(page).toMatch(
      /data-ticket-id="9001"[\s\S]*?£10\.00[\s\S]*?name="ticket_id" value="9001"[\s\S]*?Add to basket/,
    );
    // All-in prices: the Gala's £45.00 dinner with its £2.50 fee, and Comedy night, whose event hides its £1.00 fee,
    // are listed at what one costs in the basket.
    expect(page).toMatch(/£47\.50<\/span> <span class="ticket__fee">incl\. £2\.50 booking fee<\/span>/);
    expect(page).toMatch(/Comedy night[\s\S]*?<span class="ticket__price">£13\.00<\/span><\/span>/);
    expect(page).not.toContain('+ £');
    expect(page).toContain('FREE');
    expect(page).toContain('€68.50'); // Europa's €65.00 day ticket and its €3.50 fee
    expect(page).toMatch(/Bar standing[\s\S]*?\$27\.00/); // $25.00 and a fee the event hides
    expect(page).toContain('action="/ajax/checkout/checkout/add_to_basket/"');
    expect(page).toContain('href="/checkout/"');
    expect(page).toMatch(/<script src="\/assets\/all-events\.[0-9a-f]{10}\.js" defer><\/script>/);
    expect(page).toContain('name="gift_voucher_id"');
  });

  test('escapes what organisers typed', async () => {
    await t.db
      .insertInto('events')
      .values({
        id: 777,
        organiser_id: SEED.organiser.demo,
        slug: 'xss-test',
        title: '<script>alert("x")</script> & <b>friends</b>',
      })
      .execute();
    await t.db
      .insertInto('event_dates')
      .values({ id: 7771, event_id: 777, starts_at: new Date(t.clock.now().getTime() + 86_400_000) })
      .execute();
    await t.db
      .insertInto('ticket_types')
      .values({
        id: 7770,
        event_id: 777,
        event_date_id: 7771,
        name: '"><img src=x onerror=alert(1)>',
        price_minor: 100,
        currency: 'GBP',
        capacity: 5,
      })
      .execute();
    const page = (await t.app.inject({ method: 'GET', url: '/all-events/' })).body;
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;friends&lt;/b&gt;');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
  });

  test('a sold-out ticket shows Sold out instead of a form', async () => {
    await t.db.updateTable('ticket_types').set({ capacity: 0 }).where('id', '=', SEED.ticket.kayakTaster).execute();
    const page = (await t.app.inject({ method: 'GET', url: '/all-events/' })).body;
    expect(page).toMatch(/data-ticket-id="901"[\s\S]*?Sold out[\s\S]*?<\/li>/);
    expect(page).not.toContain('name="ticket_id" value="901"');
  });

  test('filters by organiser', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/all-events/?organiser=brooklyn-jazz-nights' })).body;
    expect(page).toContain('Jazz at Sunset');
    expect(page).not.toContain('On-sale test');
  });

  test('the page assets are served with a year of caching', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/all-events/' })).body;
    const urls = [...page.matchAll(/(?:href|src)="(\/assets\/[a-z-]+\.[0-9a-f]{10}\.(?:css|js))"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(urls.length).toBe(3);
    for (const url of urls) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const thumbnail = await t.app.inject({ method: 'GET', url: '/assets/demo/gala.svg' });
    expect(thumbnail.headers['content-type']).toBe('image/svg+xml');
  });
});

describe('plain pages', () => {
  test('/ redirects to /all-events/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/all-events/');
  });

  test('/refund-policy/ states the policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/refund-policy/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Refund policy</h1>');
    expect(response.body).toContain('does not cover a change of mind');
  });

  test('/legal-information/purchase-terms-and-conditions/ has a section 4.10 with its own anchor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/legal-information/purchase-terms-and-conditions/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /<p id="section-4-10"><strong>4\.10<\/strong> When you buy with express checkout, an account is created/,
    );
  });

  test('/healthz answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('an unknown page is a 404: HTML for a browser, { error } otherwise', async () => {
    const browser = await t.app.inject({ method: 'GET', url: '/no-such-page/', headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(404);
    expect(browser.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/no-such-page/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: expect.stringContaining('/no-such-page/'), request_id: expect.any(String) });
  });
});

describe('the shell at /checkout/', () => {
  test.each(['/checkout/', '/checkout'])('%s serves index.html, never stored (it carries the session)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Checkout</title>');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toContain('Cookie');
  });

  test('hashed assets are cached for a year and sent pre-compressed when accepted', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/checkout/main.0123456789.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli-bytes');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/checkout/main.0123456789.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/checkout/main.0123456789.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.body).toBe('console.log("plain")');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('source maps are built but never served: 404 however the name is written', async () => {
    for (const url of [
      '/checkout/main.0123456789.js.map',
      '/checkout/main.0123456789.js.%6Dap',
      '/checkout/main.0123456789.js.MAP',
      '/checkout/./main.0123456789.js.map?x=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toContain('sources');
    }
    // The bundle itself still is.
    expect((await t.app.inject({ method: 'GET', url: '/checkout/main.0123456789.js' })).statusCode).toBe(200);
  });

  test('without a build, /checkout/ says how to build it', async () => {
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: { shellDist: path.join(dist, 'missing'), logLevel: 'silent' },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/checkout/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await app.close();
    }
  });
});

test('ACCOMMODATION_MAP_URL reaches the page only as an https URL', () => {
  expect(
    loadConfig({ ACCOMMODATION_MAP_URL: 'https://stays.example.com/?q={address}' }).runtime.accommodationMapUrl,
  ).toBe('https://stays.example.com/?q={address}');
  expect(loadConfig({ ACCOMMODATION_MAP_URL: 'http://stays.example.com/?q={address}' }).runtime).not.toHaveProperty(
    'accommodationMapUrl',
  );
  expect(loadConfig({}).runtime).not.toHaveProperty('accommodationMapUrl');
});
