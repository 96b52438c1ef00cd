import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { chromiumArgs, chromiumExecutable } from './support/chromium';
import { baseURL, stack } from './support/stack';

const root = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  globalTeardown: './support/reconcile-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs } },
    },
  ],
  webServer: {
    // The production builds, started the way the README's run command starts them, on a fresh embedded database.
    command: `rm -rf ${stack.dataDir} && node scripts/start.mjs`,
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(stack.apiPort),
      MF_BASKET_PORT: String(stack.remotePorts.mf_basket),
      MF_ACCOUNT_PORT: String(stack.remotePorts.mf_account),
      MF_PAYMENT_PORT: String(stack.remotePorts.mf_payment),
      MF_POST_SALE_PORT: String(stack.remotePorts.mf_post_sale),
      DATA_DIR: path.join(root, stack.dataDir),
      // The embedded database, as `npm start` runs it, even when DATABASE_URL is set for the server tests (CI sets it).
      DATABASE_URL: '',
      // ...which the api refuses under NODE_ENV=production unless told: this stack is one process on purpose.
      ALLOW_EMBEDDED_DB: '1',
      // One ticket left of the on-sale ticket type: the last-ticket race needs it.
      SEED_ONSALE_CAPACITY: '1',
      // Every e2e buyer comes from 127.0.0.1: the per-client captcha demand would trip after a few specs. The captcha
      // path is exercised through an event that always demands one; the per-client rule has server tests.
      CAPTCHA_RESERVE_LIMIT: '0',
      // The CI machine runs the browsers, the api and the remotes on two cores, so the api's event loop often runs
      // late; basket-server-rendered.spec.ts needs the page rendered here all the same (the shedding has server tests).
      SERVER_RENDER_SHED_LAG_MS: '60000',
      // The same for one-time codes: the whole suite's guests ask for theirs from this one address. The per-client
      // limits have server tests; the per-email ones stay as deployed (identity.spec.ts meets them).
      OTC_SENDS_PER_CLIENT: '1000',
      OTC_CHECKS_PER_CLIENT: '1000',
      NODE_ENV: 'production',
      // The specs read one-time codes and emails from /dev/outbox.json: a development stack, as `npm start`'s.
      DEV_PAGES: '1',
      // The organiser integration spec receives webhooks on 127.0.0.1 (refused in production unless allowed), and
      // would rather not wait the default 5 s for the deliverer's next look.
      WEBHOOK_ALLOW_PRIVATE_URLS: '1',
      WEBHOOK_JOBS_MS: '500',
    },
  },
});
