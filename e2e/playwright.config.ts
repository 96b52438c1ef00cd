import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './support/chromium';
import { baseURL } from './support/stack';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  // Two workers, each with a stack of its own (support/stack.ts, support/stacks.ts): the machine CI runs on has two
  // cores. A spec file runs whole in one worker, in order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report is where `npm test` reads the e2e counts from (scripts/test.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: '../.test-results/e2e.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never', outputFolder: '../playwright-report' }] as const]),
  ],
  outputDir: '../test-results',
  // Starts one stack per worker (the production builds, as the README's run command starts them, each on a fresh
  // embedded database) and, once the run ends, stops them and reconciles each one's ledger.
  globalSetup: './support/stacks.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // The buyers the specs play are in the UK (the billing country follows the browser's region when nothing
        // else points to one); a spec about another country's buyer sets its own locale.
        locale: 'en-GB',
        launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
      },
    },
  ],
});
