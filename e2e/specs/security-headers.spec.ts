import { expect, test, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { addTicket } from '../support/basket';
import { inventoryEntryOf, scriptInventory } from '../support/script-inventory';
import { seed } from '../support/seed';
import { baseURL, remoteOrigin, stack } from '../support/stack';

/**
 * Hostile input: security headers on every page and file, a Content-Security-Policy that lets the page load
 * code only from our origins (the e2e stack configures no Stripe or hCaptcha keys, so none of theirs), no violation
 * of it while a buyer walks from the basket to delivery, and only inventoried scripts on the way.
 */

const remoteOrigins = (Object.keys(stack.remotePorts) as (keyof typeof stack.remotePorts)[]).map(remoteOrigin);
const REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(REFERRER_POLICIES, `${what}: Referrer-Policy`).toContain(headers['referrer-policy']);
  const policy = headers['content-security-policy'];
  expect(policy, `${what}: Content-Security-Policy`).toBeTruthy();
  const parsed = directives(policy ?? '');
  expect([["'none'"], ["'self'"]], `${what}: frame-ancestors`).toContainEqual(parsed.get('frame-ancestors'));
  return parsed;
}

/** The api's policy: our origin, the four remotes' origins, nothing else (no provider is configured here). */
function expectPagePolicy(response: APIResponse, what: string) {
  const parsed = expectCommonHeaders(response, what);
  const allowed = new Set(["'self'", "'none'", 'data:', 'blob:', ...remoteOrigins]);
  for (const [name, values] of parsed) {
    if (name === 'frame-ancestors') continue;
    for (const value of values) {
      if (name === 'style-src' && value === "'unsafe-inline'") continue;
      expect(allowed.has(value), `${what}: ${name} allows ${value}`).toBe(true);
    }
  }
  const scripts = parsed.get('script-src') ?? [];
  expect(scripts, `${what}: script-src`).toEqual(expect.arrayContaining(["'self'", ...remoteOrigins]));
  expect(
    scripts.filter((value) => !["'self'", ...remoteOrigins].includes(value)),
    `${what}: script-src extras`,
  ).toEqual([]);
  expect(parsed.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
}

test('every page, /ajax answer, asset and error of the api carries the headers', async ({ request }) => {
  const shell = await request.get('/checkout/');
  const shellScripts = [...(await shell.text()).matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  expect(shellScripts.length).toBeGreaterThan(0);
  const urls = [
    '/',
    '/all-events/',
    '/checkout/',
    ...shellScripts,
    '/refund-policy/',
    '/legal-information/purchase-terms-and-conditions/',
    '/signin/',
    '/mailing-list',
    '/dev/outbox',
    '/account/wallet/',
    '/smartcheckout/?session=CT-AAAAAAAAAAAAAAAA',
    '/activity-terms-and-conditions/CT-AAAAAAAAAAAAAAAA/',
    '/remotes.json',
    '/healthz',
    '/ajax/user/user/get_user/',
    '/ajax/checkout/checkout/get/',
    '/ajax/checkout/checkout/no_such_call/',
    '/no-such-page/',
  ];
  for (const url of urls) {
    const response = await request.get(url, { maxRedirects: 0, headers: { accept: 'text/html,*/*' } });
    expect(response.status(), url).toBeLessThan(500);
    expectPagePolicy(response, `GET ${url}`);
  }
  // A refused POST (no XSRF token) carries them too.
  const refused = await request.post('/ajax/checkout/checkout/destroy_sale/', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: '',
  });
  expect(refused.status()).toBe(403);
  expectPagePolicy(refused, 'refused POST');
});

test("the remotes' static files carry the headers and a policy that loads nothing as a document", async ({
  request,
}) => {
  for (const origin of remoteOrigins) {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/no-such-file.js']) {
      const response = await request.get(`${origin}${file}`);
      expect(response.status(), `${origin}${file}`).toBeLessThan(500);
      const parsed = expectCommonHeaders(response, `${origin}${file}`);
      expect(parsed.get('default-src'), `${origin}${file}: default-src`).toEqual(["'none'"]);
      expect(response.headers()['strict-transport-security'], `${origin}${file}: HSTS`).toBe('max-age=31536000');
    }
  }
});

interface Watch {
  violations: string[];
  scripts: string[];
}

/** Collects every CSP violation (the DOM event and the console's report) and every script request of the context. */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], scripts: [] };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    seen.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(`console: ${message.text()}`);
  });
  context.on('request', (request) => {
    if (request.resourceType() === 'script') seen.scripts.push(request.url());
  });
  return seen;
}

function uninventoried(scripts: readonly string[]): string[] {
  return [...new Set(scripts)].filter((url) => inventoryEntryOf(url) === undefined);
}

test('basket → captcha → account → payment → 3-D Secure → delivery: no CSP violation, only inventoried scripts', async ({
  page,
  context,
}) => {
  const seen = await watch(context, page);
  const pay = new PaymentPage(page, context);
  // Festival Europa: the sandbox captcha, then the card form.
  await pay.reachPayment([{ ticketId: seed.ids.ticket.europaDay }], 'csp-walk');

  // The payment page: every script it has loaded is on the list, and the list is not passed vacuously.
  const atPayment = [...new Set(seen.scripts)];
  expect(uninventoried(atPayment)).toEqual([]);
  expect(atPayment.some((url) => url.startsWith(`${baseURL}/checkout/`))).toBe(true);
  expect(atPayment).toContain(`${remoteOrigin('mf_payment')}/remoteEntry.js`);
  expect(atPayment.some((url) => inventoryEntryOf(url)?.whenConfigured)).toBe(false);
  // No inline script in the page: every <script> names its source (the api's JSON data blocks are data, never run).
  const inline = await page.evaluate(
    () =>
      [...document.scripts].filter(
        (script) => !script.src && script.type !== 'application/json' && script.text.trim() !== '',
      ).length,
  );
  expect(inline).toBe(0);

  await pay.fillCard('4000 0027 6000 3184');
  await pay.payButton.click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds/);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await pay.expectDelivered();

  expect(seen.violations).toEqual([]);
  expect(uninventoried(seen.scripts)).toEqual([]);
});

test('the policy is enforced: an injected inline script does not run and is reported', async ({ page, context }) => {
  const seen = await watch(context, page);
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => seen.violations.some((text) => text.startsWith('script-src'))).toBe(true);
  // And a script from an origin not on the list is neither loaded nor run.
  const foreign = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = 'https://evil.example/x.js';
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('blocked');
        document.body.append(script);
      }),
  );
  expect(foreign).toBe('blocked');
  expect(seen.violations.some((text) => text.includes('evil.example'))).toBe(true);
  expect(scriptInventory.some((entry) => entry.pattern.test('https://evil.example/x.js'))).toBe(false);
});

test('no script the pages load names a source map: the maps are built for an error tracker, not served', async ({
  page,
  context,
  request,
}) => {
  const urls = new Set<string>();
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') urls.add(sent.url());
  });
  await addTicket(context, seed.standardTicket.id, 1);
  // The shell, the federation runtime, the basket remote and its chunks; the server-rendered checkout's after-paint
  // loader, the events page's and sign-in's own scripts.
  for (const path of ['/checkout/', '/all-events/', '/signin/']) await page.goto(path, { waitUntil: 'networkidle' });
  const listing = [...urls].join('\n');
  expect(
    [...urls].some((url) => url.startsWith(remoteOrigin('mf_basket'))),
    listing,
  ).toBe(true);
  expect([...urls].filter((url) => /\/assets\/[a-z-]+\.[0-9a-f]{10}\.js$/.test(url)).length, listing).toBe(3);
  // Fetched again (each is immutable): a page's responses are gone once it navigates.
  for (const url of urls) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const body = await response.text();
    // The comment that names a map ends the file; style-loader's code that would name a CSS map is harmless alone.
    expect(body, url).not.toMatch(/\n\/\/[#@] sourceMappingURL=\S*\s*$/);
    expect(body, `${url} carries a source map`).not.toContain('sourcesContent');
    expect(
      Object.keys(response.headers()).filter((name) => /^(x-)?sourcemap$/.test(name)),
      url,
    ).toEqual([]);
    expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
  }
});
