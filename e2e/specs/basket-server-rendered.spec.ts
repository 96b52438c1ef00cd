import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addTicket } from '../support/basket';
import { ROOT, startProcess, waitForHealth, type Started } from '../support/deploy-stack';
import { seed } from '../support/seed';
import { remoteOrigin, stack } from '../support/stack';

// /checkout/ arrives with the basket step and the order summary rendered by the api (the shell's and the basket
// remote's server builds); the page's scripts then hydrate that markup rather than draw it again.

const ticket = seed.standardTicket;
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

const shot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

async function expectBasketPainted(page: Page, total: string) {
  await expect(page.getByRole('heading', { name: 'Basket', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: ticket.name }).first()).toContainText(ticket.event);
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeVisible();
  // The order summary: a column beside the step, or on a phone its bar with the count and total.
  const summary = page.getByRole('region', { name: 'Order summary' });
  if (await summary.isVisible()) await expect(summary).toContainText(total);
  else await expect(page.getByRole('button', { name: /Your basket/ })).toContainText(total);
}

for (const [device, viewport] of [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`${device}: without JavaScript the basket and its summary are there, painted from the page alone`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      await addTicket(context, ticket.id, 2);
      const page = await context.newPage();
      await page.goto('/checkout/');
      await expectBasketPainted(page, '£32.00');
      await shot(page, `server-rendered-no-js-${device}`);
    } finally {
      await context.close();
    }
  });
}

test('with JavaScript the server markup is kept and hydrated (no React errors), and the buyer reserves', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await addTicket(context, ticket.id, 1);
  // The basket remote's scripts wait until the server's markup has been seen on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${remoteOrigin('mf_basket')}/remoteEntry.js`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/checkout/');
  const heading = page.getByRole('heading', { name: 'Basket', level: 1 });
  await expectBasketPainted(page, '£16.00');
  await heading.evaluate((element) => Object.assign(element, { seenBeforeHydration: true }));
  release();

  await expect(page.locator('.step-region[aria-busy="false"]')).toBeVisible();
  // The very element the server sent, now alive: not drawn again.
  expect(await heading.evaluate((element) => 'seenBeforeHydration' in element)).toBe(true);
  await shot(page, 'server-rendered-hydrated-desktop');
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  await expect(page.getByText('Tickets reserved for')).toBeVisible();
  expect(errors.filter((text) => /hydrat|Minified React error|did not match/i.test(text))).toEqual([]);
});

test.describe('a basket remote that fails on the server and in the browser', () => {
  // An api of its own whose basket remote answers nowhere (the main stack's has loaded the real one).
  const port = stack.apiPort + 9;
  const baseURL = `http://localhost:${port}`;
  let api: Started | undefined;
  test.use({ baseURL });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = startProcess('api (basket down)', process.execPath, ['api/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        ALLOW_EMBEDDED_DB: '1',
        DEV_PAGES: '1',
        SEED_DEMO: '1',
        PAYMENTS_SANDBOX: '1',
        DATABASE_URL: '',
        DATA_DIR: path.join(ROOT, stack.dataDir, 'basket-down'),
        REMOTE_BASKET_URL: 'http://127.0.0.1:9/mf-manifest.json',
      },
    });
    await waitForHealth(`${baseURL}/healthz`);
  });
  test.afterAll(async () => {
    await api?.stop();
  });

  test("the page is served as the browser renders it, and shows 'This step could not be loaded…' with Retry", async ({
    page,
    context,
  }) => {
    await addTicket(context, ticket.id, 1);
    const html = await (await context.request.get('/checkout/')).text();
    expect(html).not.toContain('data-server-rendered');
    await page.goto('/checkout/');
    await expect(page.getByRole('alert').filter({ hasText: 'This step could not be loaded' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reserve Basket' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(ticket.name);
    await shot(page, 'basket-down-phone-or-desktop');
  });
});
