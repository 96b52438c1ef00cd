import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium';
import { publicUrl } from './stack';

/**
 * The compose stack in real containers (`npm run test:compose`): global-setup.ts builds the base images and brings the
 * stack up as docs/deployment.md says; compose.spec.ts buys through the proxy, scales, kills a replica, backs up and
 * restores, and takes the stack down and up again. One worker: the steps share one stack, in order.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'compose.spec.ts',
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../../.test-results/compose.json' }]],
  outputDir: '../../test-results/compose',
  globalSetup: './global-setup.ts',
  use: {
    baseURL: publicUrl,
    // The stack's certificate is deploy/init.sh's self-signed one for localhost.
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Pixel 7'],
        // A UK buyer: the card form's billing country follows the browser's region when nothing else points to one.
        locale: 'en-GB',
        launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
      },
    },
  ],
});
