import { DEFAULT_MARKETPLACE_NAME } from '@checkout/shared';
import { loadConfig } from '../config';
import { buildApp } from '../app/app';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The marketplace's name and logo in the checkout's header, and the favicon browsers ask for at the site's root. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

test('MARKETPLACE_NAME and an https MARKETPLACE_LOGO_URL reach the page; the logo origin is allowed as an image', async () => {
  const config = loadConfig({
    MARKETPLACE_NAME: 'Seaside Tickets',
    MARKETPLACE_LOGO_URL: 'https://cdn.example.com/logo.svg',
  });
  const app = await buildApp({ db: t.db, clock: t.clock, config: { ...config, logLevel: 'silent' } });
  try {
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.json().config).toMatchObject({
      marketplaceName: 'Seaside Tickets',
      marketplaceLogoUrl: 'https://cdn.example.com/logo.svg',
    });
    expect(response.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
  } finally {
    await app.close();
  }
});

test("one name for the site: the events pages' header, the checkout's (through /remotes.json) and the emails' sender", async () => {
  for (const [env, name] of [
    [{}, DEFAULT_MARKETPLACE_NAME],
    [{ MARKETPLACE_NAME: '  Seaside   <Tickets> ' }, 'Seaside <Tickets>'],
  ] as const) {
    const config = loadConfig(env);
    const app = await buildApp({ db: t.db, clock: t.clock, config: { ...config, logLevel: 'silent' } });
    try {
      const header = /<a class="site-header__brand" href="\/all-events\/">([^<]*)<\/a>/;
      for (const url of ['/all-events/', '/refund-policy/', '/legal-information/purchase-terms-and-conditions/']) {
        const page = await app.inject({ method: 'GET', url });
        expect(header.exec(page.body)?.[1]).toBe(name.replace('<', '&lt;').replace('>', '&gt;'));
      }
      const runtime = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(runtime.json().config.marketplaceName).toBe(name);
      expect(config.mail.senderName).toBe(name);
      expect(config.mail.from).toBe(`"${name}" <no-reply@localhost>`);
    } finally {
      await app.close();
    }
  }
});

test('a logo that is neither on this site nor https is ignored', () => {
  expect(
    loadConfig({ MARKETPLACE_LOGO_URL: 'http://cdn.example.com/logo.svg' }).runtime.marketplaceLogoUrl,
  ).toBeUndefined();
  expect(loadConfig({ MARKETPLACE_LOGO_URL: 'javascript:alert(1)' }).runtime.marketplaceLogoUrl).toBeUndefined();
  expect(loadConfig({ MARKETPLACE_LOGO_URL: '//evil.example/logo.svg' }).runtime.marketplaceLogoUrl).toBeUndefined();
  expect(loadConfig({ MARKETPLACE_LOGO_URL: '/\\evil.example/logo.svg' }).runtime.marketplaceLogoUrl).toBeUndefined();
  expect(loadConfig({ MARKETPLACE_LOGO_URL: '/brand/logo.svg' }).runtime.marketplaceLogoUrl).toBe('/brand/logo.svg');
});

test('/favicon.ico answers with the checkout mark', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
  expect(response.statusCode).toBe(301);
  expect(response.headers.location).toBe('/checkout/favicon.ico');
});
