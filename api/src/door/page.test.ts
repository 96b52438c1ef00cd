import { createTestApp, type TestApp } from '../testing/test-app';
import { DOOR_PERMISSIONS_POLICY } from './page';

/** The door scanner page's server side: the markup, its assets and its headers (the browser side is e2e). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('/door/', () => {
  test('serves the scanner page: a labelled code field, the camera button, a live result region, no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/door/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = response.body;
    expect(body).toContain('<label class="door__label" for="door-code">Ticket code</label>');
    expect(body).toMatch(/<input class="door__input" id="door-code" name="code"/);
    expect(body).toContain('>Check in</button>');
    expect(body).toContain('>Scan with camera</button>');
    expect(body).toMatch(/role="status" aria-live="assertive" aria-atomic="true" data-door-result/);
    const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/assets\/door\.[0-9a-f]{10}\.js"/);
    expect(body).not.toMatch(/<script>|\son[a-z]+="/);
  });

  test('the page alone may use the camera; never cached, never a referrer, not indexed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/door/' });
    expect(response.headers['permissions-policy']).toBe(DOOR_PERMISSIONS_POLICY);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/all-events/' });
    expect(elsewhere.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  test('its script (bundled with the QR reader) and stylesheet are served under hashed names', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/door/' })).body;
    const script = /src="(\/assets\/door\.[0-9a-f]{10}\.js)"/.exec(page)?.[1];
    const style = /href="(\/assets\/door\.[0-9a-f]{10}\.css)"/.exec(page)?.[1];
    const js = await t.app.inject({ method: 'GET', url: script ?? '' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('/api/v1');
    expect(js.body).toContain('door-token');
    const css = await t.app.inject({ method: 'GET', url: style ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('/door redirects to /door/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/door' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/door/');
  });
});
