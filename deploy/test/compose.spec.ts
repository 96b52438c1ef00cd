/**
 * The compose stack in real containers, through the proxy's published TLS port only, as a buyer and an operator meet
 * it: a whole purchase in Chromium on a phone (reserve, the one-time code from the mail sink, a test card, tickets),
 * the redirects to PUBLIC_URL's one origin, three api replicas sharing one buyer's session, a replica killed in the
 * middle of a checkout, every replica's metrics, one JSON access-log line per request in the api and in the proxy,
 * a backup restored into a wiped database that reconciles, and the data kept across `down` and `up`.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { addTicket } from '../../e2e/support/basket';
import { seed } from '../../e2e/support/seed';
import {
  compose,
  composeLine,
  containers,
  docker,
  exec,
  healthOf,
  httpPort,
  httpsPort,
  mailApi,
  publicUrl,
  remotesDir,
  root,
  run,
  secret,
  waitFor,
  waitForApis,
} from './stack';

test.describe.configure({ mode: 'serial' });

interface MailSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

/** The six digits of the newest one-time code the mail sink holds for `email`. */
async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`${mailApi}/messages`)).json()) as { messages: MailSummary[] };
        const message = list.messages.find((m) => m.To.some((to) => to.Address === email) && /code/i.test(m.Subject));
        if (!message) return '';
        const full = (await (await request.get(`${mailApi}/message/${message.ID}`)).json()) as { Text: string };
        code = /\b(\d{6})\b/.exec(full.Text)?.[1] ?? '';
        return code;
      },
      { message: `a one-time code for ${email} in the mail sink`, timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Reserve a day at Festival Europa (card only, the sandbox card form) and sign in as a guest, up to Payment. */
async function toPayment(page: Page, context: BrowserContext, email: string): Promise<void> {
  await addTicket(context, seed.ids.ticket.europaDay, 1);
  await page.goto('/checkout/');
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  const human = page.getByRole('checkbox', { name: 'I am human' });
  const account = page.getByRole('heading', { level: 1, name: 'Account' });
  await expect(human.or(account)).toBeVisible({ timeout: 20_000 });
  if (await human.isVisible()) {
    await human.click();
    await expect(human).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(account).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(await codeFor(context.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Pat Container');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keep updated' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible({ timeout: 20_000 });
}

async function payByCard(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Billing postcode', exact: true }).fill('BS1 4QA');
  await page.getByRole('textbox', { name: 'Card number', exact: true }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)', exact: true }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)', exact: true }).fill('123');
  await page.getByRole('button', { name: /^Pay / }).first().click();
  await expect(page.getByRole('status').filter({ hasText: /^(Delivered!|Done!)/ })).toBeVisible({ timeout: 30_000 });
}

async function checkoutOf(request: APIRequestContext): Promise<Record<string, unknown>> {
  const response = await request.get('/ajax/checkout/checkout/get/');
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The api's log lines, each parsed: a line that is not JSON fails the test (the log is for machines). */
function apiLog(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const id of containers('api')) {
    for (const line of docker(['logs', id])
      .split('\n')
      .filter((l) => l.trim() !== '')) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  }
  return lines;
}

/** The proxy's access-log lines (its JSON ones; nginx's own start-up notices go to the error log). */
function proxyLog(): Record<string, string | number>[] {
  return containers('proxy')
    .map((id) => docker(['logs', id]))
    .join('\n')
    .split('\n')
    .map((line) => line.slice(line.indexOf('{')))
    .filter((line) => line.startsWith('{"time"'))
    .map((line) => JSON.parse(line) as Record<string, string | number>);
}

let buyerEmail = '';
let buyerReference = '';
let buyerState: Awaited<ReturnType<BrowserContext['storageState']>>;

test('a whole purchase on a phone through the proxy: reserve, code by mail, test card, tickets', async ({
  page,
  context,
}) => {
  buyerEmail = `compose-${Date.now()}@example.com`;
  await toPayment(page, context, buyerEmail);
  // Test money is said on every page while sandboxes take payments.
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  await payByCard(page);
  const checkout = await checkoutOf(context.request);
  expect(checkout.payment_complete).toBe(true);
  buyerReference = String(checkout.sale_reference);
  expect(buyerReference).toMatch(/\w/);
  // The tickets are in the buyer's wallet, each with its code for the door.
  await page.goto('/account/wallet/');
  await expect(page.getByRole('img', { name: /QR code/i }).first()).toBeVisible();
  buyerState = await context.storageState();
  // The session cookie is Secure (PUBLIC_URL is https) and the answer carries HSTS from the proxy, once.
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.httpOnly).every((c) => c.secure)).toBe(true);
  const answer = await context.request.get('/all-events/');
  expect(answer.headers()['strict-transport-security']).toBe('max-age=31536000');
});

test('one origin: plain HTTP and any other host name are sent to PUBLIC_URL', async ({ playwright }) => {
  const request = await playwright.request.newContext({ ignoreHTTPSErrors: true, maxRedirects: 0 });
  const plain = await request.get(`http://127.0.0.1:${httpPort}/checkout/?x=1`);
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe(`${publicUrl}/checkout/?x=1`);
  const otherHost = await request.get(`https://127.0.0.1:${httpsPort}/all-events/`);
  expect(otherHost.status()).toBe(301);
  expect(otherHost.headers().location).toBe(`${publicUrl}/all-events/`);
  // Metrics are never public: each replica is scraped on the compose network instead.
  expect((await request.get(`${publicUrl}/metrics`)).status()).toBe(404);
  await request.dispose();
});

test('three api replicas (API_REPLICAS=3) share one buyer: requests alternate and the session holds', async ({
  browser,
}) => {
  expect(containers('api')).toHaveLength(3);
  const context = await browser.newContext({ storageState: buyerState, ignoreHTTPSErrors: true });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const response = await context.request.get('/ajax/checkout/checkout/get/');
    expect(response.status()).toBe(200);
    const checkout = (await response.json()) as { sale_reference: string | null; payment_complete: boolean };
    // The buyer's own paid sale, whichever replica answered.
    expect(checkout).toMatchObject({ sale_reference: buyerReference, payment_complete: true });
    ids.push(response.headers()['x-request-id'] ?? '');
  }
  await context.close();
  await expect
    .poll(() => {
      const lines = proxyLog().filter((line) => ids.includes(String(line.request_id)));
      return new Set(lines.map((line) => line.upstream)).size;
    })
    .toBe(3);
});

test('every replica is scrapeable: Docker DNS names each, each answers /metrics with the token', () => {
  const token = secret('metrics_token');
  const addresses = exec('proxy', ['getent', 'ahostsv4', 'api'])
    .split('\n')
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((address, index, all) => /^\d+\.\d+\.\d+\.\d+$/.test(address) && all.indexOf(address) === index);
  expect(addresses).toHaveLength(3);
  for (const address of addresses) {
    const body = exec('proxy', [
      'wget',
      '-q',
      '-O',
      '-',
      '--header',
      `Authorization: Bearer ${token}`,
      `http://${address}:8080/metrics`,
    ]);
    expect(body).toContain('# TYPE');
  }
});

test('a remote shipped beside the current one with one command, and rolled back with another', async ({ page }) => {
  const env = {
    ...process.env,
    PATH: `/usr/bin:${process.env.PATH ?? ''}`,
    COMPOSE: composeLine,
    REMOTES_DIR: remotesDir,
  };
  await run('bash', [`${root}/deploy/ship-remote.sh`, 'mf-basket', 'next'], env);
  const runtime = async () =>
    ((await (await page.request.get('/remotes.json')).json()) as { remotes: Record<string, { entry: string }> })
      .remotes;
  await expect
    .poll(async () => (await runtime()).mf_basket?.entry)
    .toBe(`${publicUrl}/remotes/mf-basket-next/mf-manifest.json`);
  expect((await page.request.get('/remotes/mf-basket-next/mf-manifest.json')).status()).toBe(200);
  // The page loads the basket from the new deployment, and still works.
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: /Basket|Checkout/ })).toBeVisible();
  await run('bash', [`${root}/deploy/ship-remote.sh`, 'mf-basket', '--rollback'], env);
  await expect
    .poll(async () => (await runtime()).mf_basket?.entry)
    .toBe(`${publicUrl}/remotes/mf-basket/mf-manifest.json`);
  docker(['rm', '-f', 'mf-basket-next']);
});

test('a replica killed in the middle of a checkout: the buyer pays, and no idempotent request fails or stalls', async ({
  page,
  context,
}) => {
  await toPayment(page, context, `killed-${Date.now()}@example.com`);
  const [victim] = containers('api');
  docker(['kill', victim as string]);
  const slowest = { ms: 0 };
  for (let i = 0; i < 20; i++) {
    const started = Date.now();
    const response = await context.request.get('/ajax/checkout/checkout/get/');
    slowest.ms = Math.max(slowest.ms, Date.now() - started);
    expect(response.status(), `request ${i} after the kill`).toBe(200);
  }
  // A connection to the gone container is given up after 1 s (proxy_connect_timeout), then the next replica answers.
  expect(slowest.ms).toBeLessThan(2500);
  await payByCard(page);
  expect((await checkoutOf(context.request)).payment_complete).toBe(true);
});

test('logs: one JSON access-log line per request in the api and the proxy, with the same request id', async ({
  request,
}) => {
  const response = await request.get('/all-events/');
  expect(response.status()).toBe(200);
  const id = response.headers()['x-request-id'];
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(() => proxyLog().some((line) => line.request_id === id)).toBe(true);
  const proxyLine = proxyLog().find((line) => line.request_id === id);
  expect(proxyLine).toMatchObject({ method: 'GET', path: '/all-events', status: 200 });
  expect(String(proxyLine?.upstream)).toMatch(/:8080$/);
  await expect.poll(() => apiLog().some((line) => line.request_id === id)).toBe(true);
  const apiLine = apiLog().find((line) => line.request_id === id && 'status' in line) as Record<string, unknown>;
  expect(apiLine).toMatchObject({ method: 'GET', status: 200 });
  // No client address, cookie or email in either.
  expect(JSON.stringify(apiLine)).not.toMatch(/@|cookie|172\.\d+\.\d+\.\d+/i);
});

/** One statement in the stack's database, as its owner; the result unaligned, without headers. */
function psql(statement: string): string {
  return exec('postgres', ['psql', '-U', 'checkout', '-d', 'checkout', '-tAc', statement]).trim();
}

test('a backup restored into a wiped database reconciles, and the order is back', async () => {
  const paidBefore = psql('select count(*) from sales where paid_at is not null');
  expect(Number(paidBefore)).toBeGreaterThanOrEqual(2);
  const dump = exec('backup', ['checkout-backup', 'once']).trim().split('\n').pop() ?? '';
  expect(dump).toMatch(/^\/backups\/checkout-\d{8}T\d{6}Z\.dump$/);
  // The loss: every table gone.
  psql('drop schema public cascade; create schema public;');
  const seconds = await run('bash', [`${root}/deploy/backup/restore.sh`, dump], {
    ...process.env,
    PATH: `/usr/bin:${process.env.PATH ?? ''}`,
    COMPOSE: composeLine,
  });
  console.log(`== restore of ${dump}: ${seconds.toFixed(1)} s`);
  const paidAfter = psql('select count(*) from sales where paid_at is not null');
  expect(paidAfter).toBe(paidBefore);
});

test('down and up: the data is kept, and the buyer still sees the paid order', async ({ browser }) => {
  compose(['down']);
  compose(['up', '-d']);
  // API_REPLICAS is kept by the next `up`, unlike a `--scale` given once.
  await waitForApis(3);
  await waitFor('the proxy', () => containers('proxy').some((id) => healthOf(id) === 'healthy'), 60);
  const context = await browser.newContext({ storageState: buyerState, ignoreHTTPSErrors: true });
  await expect.poll(async () => (await checkoutOf(context.request)).payment_complete).toBe(true);
  await context.close();
});
