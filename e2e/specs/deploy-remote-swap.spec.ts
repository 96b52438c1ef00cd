import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NEXT_RELEASE_MARKER } from '../deploy/next-release';
import { addTicket } from '../support/basket';
import {
  buildBasketVariant,
  fingerprint,
  manifestUrl,
  REMOTES,
  ROOT,
  type Started,
  startProcess,
  waitForHealth,
  WORK_DIR,
  writeRemotesFile,
  type RemoteName,
} from '../support/deploy-stack';
import { seed } from '../support/seed';
import { slotPort } from '../support/stack';

// /remotes.json is configuration, not code. A stack of its own (in the first worker: api + shell on 8480, the remotes on
// 3481-3484, as `npm start` runs them) with REMOTES_FILE; beside it two more builds of the basket remote: the next
// release (a visible change in its panel) on 3485, and one built against the previous contract version on 3486.

const apiPort = slotPort(8480);
const ports: Record<RemoteName, number> = {
  mf_basket: slotPort(3481),
  mf_account: slotPort(3482),
  mf_payment: slotPort(3483),
  mf_post_sale: slotPort(3484),
};
const nextReleasePort = slotPort(3485);
const olderContractPort = slotPort(3486);
const baseURL = `http://localhost:${apiPort}`;
const dir = path.join(WORK_DIR, `swap-${apiPort}`);
const remotesFile = path.join(dir, 'remotes.json');
const shellDist = path.join(ROOT, 'shell', 'dist');
const couldNotLoad = 'This step could not be loaded';

const current = (): Record<RemoteName, string> =>
  Object.fromEntries(REMOTES.map(({ name }) => [name, manifestUrl(ports[name])])) as Record<RemoteName, string>;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

const started: Started[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(dir, { recursive: true, force: true });
  buildBasketVariant(path.join(dir, 'basket-next'), { entry: path.join(ROOT, 'e2e/deploy/basket-next-release.tsx') });
  buildBasketVariant(path.join(dir, 'basket-older-contract'), { olderContract: true });
  writeRemotesFile(remotesFile, current());

  const shellOrigins = `${baseURL},http://127.0.0.1:${apiPort}`;
  const env = {
    ...process.env,
    PORT: String(apiPort),
    MF_BASKET_PORT: String(ports.mf_basket),
    MF_ACCOUNT_PORT: String(ports.mf_account),
    MF_PAYMENT_PORT: String(ports.mf_payment),
    MF_POST_SALE_PORT: String(ports.mf_post_sale),
    DATA_DIR: path.join(dir, 'pglite'),
    DATABASE_URL: '',
    REMOTES_FILE: remotesFile,
    SHELL_ORIGIN: shellOrigins,
    CAPTCHA_RESERVE_LIMIT: '0',
    NODE_ENV: 'production',
  };
  started.push(startProcess('stack', process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env }));
  for (const [folder, port] of [
    ['basket-next', nextReleasePort],
    ['basket-older-contract', olderContractPort],
  ] as const) {
    started.push(
      startProcess(folder, process.execPath, ['scripts/serve-static.mjs', path.join(dir, folder), String(port)], {
        cwd: ROOT,
        env: { ...process.env, SHELL_ORIGIN: shellOrigins },
      }),
    );
  }
  await Promise.all([
    waitForHealth(`${baseURL}/healthz`),
    ...[...Object.values(ports), nextReleasePort, olderContractPort].map((port) =>
      waitForHealth(`http://localhost:${port}/healthz`),
    ),
  ]);
});

test.afterAll(async () => {
  await Promise.all(started.map((process) => process.stop()));
});

test('a new release of a remote ships by changing configuration only; the next page load shows it, the shell untouched', async ({
  page,
  context,
}) => {
  const shellBefore = fingerprint(shellDist);
  await addTicket(context, seed.standardTicket.id, 1);

  await page.goto('/checkout/');
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeVisible();
  await expect(page.getByText(NEXT_RELEASE_MARKER)).toHaveCount(0);

  writeRemotesFile(remotesFile, { ...current(), mf_basket: manifestUrl(nextReleasePort) });
  await page.reload();
  await expect(page.getByText(NEXT_RELEASE_MARKER)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeVisible();

  // Rolling back is the same edit the other way.
  writeRemotesFile(remotesFile, current());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeVisible();
  await expect(page.getByText(NEXT_RELEASE_MARKER)).toHaveCount(0);

  // Shipped again, the new release does its work: it reserves.
  writeRemotesFile(remotesFile, { ...current(), mf_basket: manifestUrl(nextReleasePort) });
  await page.reload();
  await expect(page.getByText(NEXT_RELEASE_MARKER)).toBeVisible();
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  await expect(page.getByText('Tickets reserved for')).toBeVisible();

  expect(fingerprint(shellDist)).toEqual(shellBefore);
});

test('a remote built against an older contract version is refused with the fallback and Retry, never mounted', async ({
  page,
  context,
}) => {
  writeRemotesFile(remotesFile, { ...current(), mf_basket: manifestUrl(olderContractPort) });
  await addTicket(context, seed.standardTicket.id, 1);

  // The shell loaded this remote's files (so what refused it was the contract check, not a failed download).
  const olderRemoteLoaded = page.waitForResponse(
    (response) => response.url().startsWith(`http://localhost:${olderContractPort}/remoteEntry`) && response.ok(),
  );
  await page.goto('/checkout/');
  await olderRemoteLoaded;
  await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toHaveCount(0);

  // Retry asks the same remote again: still refused.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toHaveCount(0);

  // Rolled back in configuration: the next load mounts the current release, the basket as it was.
  writeRemotesFile(remotesFile, current());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toHaveCount(0);
});
