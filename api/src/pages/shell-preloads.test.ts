import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createStyleCache, scriptsAfterPaint, styleElement } from './rendered-head';
import { registerShell } from './shell';
import {
  afterPaintPreloads,
  createManifestCache,
  manifestFetchUrl,
  preloadLinks,
  remoteScripts,
  remoteStyles,
  RemoteManifestSchema,
  shellSharedOf,
  withPreloads,
} from './shell-preloads';

const MANIFEST_URL = 'http://remote.test/basket/1.2.0/mf-manifest.json';

/** The parts of a real mf_basket manifest (mf-basket/dist/mf-manifest.json) the preloads read. */
const manifestJson = {
  id: 'mf_basket',
  metaData: {
    name: 'mf_basket',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    publicPath: 'auto',
  },
  shared: [
    { name: 'react-dom', assets: { js: { async: [], sync: ['325.53733a9fef.js'] }, css: { async: [], sync: [] } } },
    {
      name: 'single-spa-react',
      assets: { js: { async: [], sync: ['534.86bd3aa303.js'] }, css: { async: [], sync: [] } },
    },
  ],
  exposes: [
    {
      path: './basket',
      assets: {
        js: { sync: ['__federation_expose_basket.92b7c0a745.js'], async: ['255.ff60bba3e7.js'] },
        css: { sync: ['__federation_expose_basket.a9d25a1dd9.css'], async: ['255.3234643876.css'] },
      },
    },
    {
      path: './reserve',
      assets: { js: { sync: ['__federation_expose_reserve.0000000000.js'], async: [] }, css: { sync: [], async: [] } },
    },
  ],
};
const manifest = RemoteManifestSchema.parse(manifestJson);
const shellShared = new Set([
  'react',
  'react-dom',
  'react-dom/client',
  'effector',
  'effector-react',
  'react/jsx-runtime',
]);

describe("the first step's remote, preloaded with the page", () => {
  test("its remoteEntry, the basket module's own scripts and the shared copies the shell lacks, nothing async", () => {
    expect(remoteScripts(MANIFEST_URL, manifest, shellShared)).toEqual([
      'http://remote.test/basket/1.2.0/remoteEntry.js',
      'http://remote.test/basket/1.2.0/__federation_expose_basket.92b7c0a745.js',
      'http://remote.test/basket/1.2.0/534.86bd3aa303.js',
    ]);
  });

  test('a manifest with its own publicPath: the files are looked up there', () => {
    const cdn = RemoteManifestSchema.parse({
      ...manifestJson,
      metaData: { ...manifestJson.metaData, publicPath: 'https://cdn.test/b/' },
    });
    expect(remoteScripts(MANIFEST_URL, cdn, shellShared)[0]).toBe('https://cdn.test/b/remoteEntry.js');
  });

  test('the links: the two start-up calls with credentials, the manifest as the runtime fetches it, the scripts plain', () => {
    const links = preloadLinks({ manifestUrl: MANIFEST_URL, manifest, shellShared, apiBase: '' });
    expect(links).toContain(
      '<link rel="preload" href="/ajax/checkout/checkout/get/" as="fetch" crossorigin="use-credentials">',
    );
    expect(links).toContain(
      '<link rel="preload" href="/ajax/user/user/get_user/" as="fetch" crossorigin="use-credentials">',
    );
    expect(links).toContain(`<link rel="preload" href="${MANIFEST_URL}" as="fetch" crossorigin>`);
    expect(links).toContain('<link rel="preload" href="http://remote.test/basket/1.2.0/remoteEntry.js" as="script">');
    expect(links).not.toContain('325.53733a9fef.js');
  });

  test("the basket module's own stylesheets, nothing async; preloaded as the CSS chunk loading links them", () => {
    const css = 'http://remote.test/basket/1.2.0/__federation_expose_basket.a9d25a1dd9.css';
    expect(remoteStyles(MANIFEST_URL, manifest)).toEqual([css]);
    const links = preloadLinks({ manifestUrl: MANIFEST_URL, manifest, shellShared, apiBase: '' });
    expect(links).toContain(`<link rel="preload" href="${css}" as="style">`);
    expect(links).not.toContain('rel="stylesheet"');
    expect(links).not.toContain('255.3234643876.css');
  });

  test('the first step rendered in the page: its stylesheets linked, so that it paints styled', () => {
    const css = 'http://remote.test/basket/1.2.0/__federation_expose_basket.a9d25a1dd9.css';
    const links = preloadLinks({
      manifestUrl: MANIFEST_URL,
      manifest,
      shellShared,
      apiBase: '',
      firstStepInPage: true,
    });
    expect(links).toContain(`<link rel="stylesheet" href="${css}">`);
    expect(links).not.toContain('as="style"');
  });

  test('a manifest that names no stylesheets (a remote built with its styles in its scripts): no style links', () => {
    const exposes = manifestJson.exposes.map(({ path, assets }) => ({ path, assets: { js: assets.js } }));
    const scriptsOnly = RemoteManifestSchema.parse({ ...manifestJson, exposes });
    expect(remoteStyles(MANIFEST_URL, scriptsOnly)).toEqual([]);
    expect(preloadLinks({ manifestUrl: MANIFEST_URL, manifest: scriptsOnly, shellShared, apiBase: '' })).not.toContain(
      '.css',
    );
  });

  test('no manifest known (yet): the manifest alone; no basket remote configured: the calls alone', () => {
    expect(preloadLinks({ manifestUrl: MANIFEST_URL, manifest: null, shellShared, apiBase: '' })).not.toContain(
      'as="script"',
    );
    expect(preloadLinks({ manifestUrl: null, manifest: null, shellShared, apiBase: 'https://api.test' })).toBe(
      '<link rel="preload" href="https://api.test/ajax/checkout/checkout/get/" as="fetch" crossorigin="use-credentials">' +
        '<link rel="preload" href="https://api.test/ajax/user/user/get_user/" as="fetch" crossorigin="use-credentials">',
    );
  });

  test("the shell's shared packages are read from its page; the links go at the end of the head", () => {
    const html = '<html><head><meta name="checkout-shell-shared" content="react,effector"></head><body></body></html>';
    expect([...shellSharedOf(html)]).toEqual(['react', 'effector']);
    expect(withPreloads(html, '<link>')).toBe(
      '<html><head><meta name="checkout-shell-shared" content="react,effector"><link></head><body></body></html>',
    );
  });
});

describe('the manifest cache', () => {
  test('fetched once, served from memory, fetched again behind the cached one after the TTL', async () => {
    let clock = 0;
    const fetchJson = jest.fn(async () => manifestJson);
    const cache = createManifestCache({ fetchJson, ttlMs: 1000, now: () => clock });
    await expect(cache.get(MANIFEST_URL)).resolves.toEqual(manifest);
    await cache.get(MANIFEST_URL);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    clock = 5000;
    await expect(cache.get(MANIFEST_URL)).resolves.toEqual(manifest);
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  test('a remote that is down or answers something else: no manifest, and the page is not held up', async () => {
    const down = createManifestCache({ fetchJson: async () => Promise.reject(new Error('ECONNREFUSED')) });
    await expect(down.get(MANIFEST_URL)).resolves.toBeNull();
    const wrong = createManifestCache({ fetchJson: async () => ({ hello: 'world' }) });
    await expect(wrong.get(MANIFEST_URL)).resolves.toBeNull();
    const slow = createManifestCache({ fetchJson: () => new Promise(() => undefined), waitMs: 20 });
    await expect(slow.get(MANIFEST_URL)).resolves.toBeNull();
  });
});

describe('/checkout/ served with the preloads', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script defer src="/checkout/main.0123456789.js"></script><meta name="checkout-shell-shared" content="react,react-dom"></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'main.0123456789.js'), 'void 0;');
    app = Fastify();
    const registerPage = await registerShell(app, dist, {
      remotes: { current: () => ({ mf_basket: MANIFEST_URL }) },
      runtime: { apiBase: '' },
      manifests: createManifestCache({ fetchJson: async () => manifestJson }),
    });
    registerPage(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each(['/checkout/', '/checkout', '/checkout/index.html'])(
    '%s: the built page with the remote and calls preloaded, never stored',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<script defer src="/checkout/main.0123456789.js"></script>');
      expect(response.body).toContain(
        'href="http://remote.test/basket/1.2.0/__federation_expose_basket.92b7c0a745.js" as="script"',
      );
      expect(response.body).toContain('href="/ajax/checkout/checkout/get/" as="fetch" crossorigin="use-credentials"');
      expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('</head>'));
    },
  );

  test('hashed assets are still served and cached for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/checkout/main.0123456789.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('a manifest behind the same proxy as the api (REMOTES_INTERNAL_ORIGIN)', () => {
  test.each([
    ['https://shop.example/remotes/mf-basket/mf-manifest.json', 'http://proxy:8080/remotes/mf-basket/mf-manifest.json'],
    [
      'https://shop.example/remotes/mf-basket/mf-manifest.json?v=2',
      'http://proxy:8080/remotes/mf-basket/mf-manifest.json?v=2',
    ],
    ['https://cdn.example/mf-basket/mf-manifest.json', 'https://cdn.example/mf-basket/mf-manifest.json'],
    [
      'http://shop.example/remotes/mf-basket/mf-manifest.json',
      'http://shop.example/remotes/mf-basket/mf-manifest.json',
    ],
  ])('%s is fetched from %s', (url, fetched) => {
    expect(manifestFetchUrl(url, { public: 'https://shop.example', internal: 'http://proxy:8080' })).toBe(fetched);
  });

  test('without an internal origin the browser URL is fetched', () => {
    expect(
      manifestFetchUrl('https://shop.example/remotes/mf-basket/mf-manifest.json', { public: 'https://shop.example' }),
    ).toBe('https://shop.example/remotes/mf-basket/mf-manifest.json');
  });

  test('the page preloads the browser URLs of a manifest the api read from the internal origin', async () => {
    const remote = Fastify();
    const asked: string[] = [];
    remote.get('/remotes/mf-basket/mf-manifest.json', async (request) => {
      asked.push(request.url);
      return manifestJson;
    });
    await remote.listen({ port: 0, host: '127.0.0.1' });
    const address = remote.server.address();
    const internal = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="checkout-shell-shared" content="react,react-dom"></head><body></body></html>',
    );
    const app = Fastify();
    try {
      // shop.invalid resolves nowhere: only the internal origin can answer.
      const registerPage = await registerShell(app, dist, {
        remotes: { current: () => ({ mf_basket: 'https://shop.invalid/remotes/mf-basket/mf-manifest.json' }) },
        runtime: { apiBase: '' },
        manifestOrigins: { public: 'https://shop.invalid', internal },
      });
      registerPage(app);
      let body = '';
      for (let tries = 0; tries < 50 && !body.includes('as="script"'); tries += 1) {
        body = (await app.inject({ method: 'GET', url: '/checkout/' })).body;
        if (!body.includes('as="script"')) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body).toContain(
        'href="https://shop.invalid/remotes/mf-basket/__federation_expose_basket.92b7c0a745.js" as="script"',
      );
      expect(body).toContain('href="https://shop.invalid/remotes/mf-basket/mf-manifest.json" as="fetch"');
      expect(asked).toContain('/remotes/mf-basket/mf-manifest.json');
    } finally {
      await app.close();
      await remote.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the head of a server-rendered page', () => {
  test('a stylesheet that could end its <style> element is linked instead', () => {
    expect(styleElement('https://r.test/a.css', '.a{color:red}')).toBe(
      '<style data-href="https://r.test/a.css">.a{color:red}</style>',
    );
    expect(styleElement('https://r.test/a.css', '.a{}</STYLE><script>')).toBeNull();
  });

  test("the step's stylesheet inlined; the remote's manifest and scripts left for after the first paint", () => {
    const css = 'http://remote.test/basket/1.2.0/__federation_expose_basket.a9d25a1dd9.css';
    const input = {
      manifestUrl: MANIFEST_URL,
      manifest,
      shellShared,
      apiBase: '',
      firstStepInPage: true,
      inlineStyles: new Map([[css, '.basket{}']]),
    };
    const links = preloadLinks(input);
    expect(links).toContain(`<style data-href="${css}">.basket{}</style>`);
    expect(links).not.toContain('as="script"');
    expect(links).not.toContain(MANIFEST_URL);
    expect(afterPaintPreloads(input)).toEqual([
      { href: MANIFEST_URL, as: 'fetch', crossorigin: 'anonymous' },
      { href: 'http://remote.test/basket/1.2.0/remoteEntry.js', as: 'script' },
      { href: 'http://remote.test/basket/1.2.0/__federation_expose_basket.92b7c0a745.js', as: 'script' },
      { href: 'http://remote.test/basket/1.2.0/534.86bd3aa303.js', as: 'script' },
    ]);
    expect(afterPaintPreloads({ ...input, firstStepInPage: false })).toEqual([]);
  });

  test("the shell's deferred scripts run by the after-paint loader, its script preloads low priority", () => {
    const built =
      '<head><link rel="preload" as="script" href="/checkout/main.0123456789.js"><script defer="defer" src="/checkout/main.0123456789.js"></script></head>';
    expect(scriptsAfterPaint(built, '/assets/after-paint.abc.js')).toEqual({
      html: '<head><link rel="preload" as="script" href="/checkout/main.0123456789.js" fetchpriority="low"><script defer src="/assets/after-paint.abc.js"></script></head>',
      scripts: ['/checkout/main.0123456789.js'],
    });
  });

  test('remote stylesheets fetched once and kept; a failure is asked again only later', async () => {
    let clock = 0;
    const fetchText = jest.fn(async (url: string) => {
      if (url.includes('down')) throw new Error('ECONNREFUSED');
      return '.a{}';
    });
    const cache = createStyleCache({ fetchText, retryAfterMs: 1000, now: () => clock });
    await expect(cache.get('https://r.test/a.css')).resolves.toBe('.a{}');
    await expect(cache.get('https://r.test/a.css')).resolves.toBe('.a{}');
    await expect(cache.get('https://down.test/b.css')).resolves.toBeNull();
    await expect(cache.get('https://down.test/b.css')).resolves.toBeNull();
    expect(fetchText).toHaveBeenCalledTimes(2);
    clock = 5000;
    await cache.get('https://down.test/b.css');
    expect(fetchText).toHaveBeenCalledTimes(3);
  });
});
