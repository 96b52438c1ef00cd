import { expect, test } from '@playwright/test';
import { reserveEnabled } from '../../bench/browser';
import { KiB, measurePageWeight } from '../../bench/page-weight';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

// The page-weight budgets, checked in CI (fast and deterministic: bytes, not timings): everything the basket step loads —
// shell, federation runtime, shared libraries, basket remote — until 'Reserve Basket' can be pressed.
test('the production basket step loads at most 150 KiB of gzipped JavaScript and 20 KiB of gzipped CSS', async ({
  page,
  context,
}) => {
  await addTicket(context, seed.standardTicket.id, 1);
  const weight = await measurePageWeight(page, async () => {
    await page.goto('/checkout/');
    // The frame it becomes enabled, as the bench measures it: expect().toBeEnabled() polls at up to 1 s intervals and
    // would count what the page fetches after it is usable (the idle-time prefetch of the next step's remote).
    await reserveEnabled(page);
  });
  const scripts = weight.assets.filter((a) => a.kind === 'js');
  expect(scripts.length).toBeGreaterThan(0);
  const listing = scripts.map((a) => `${(a.gzipBytes / KiB).toFixed(1)} KiB ${a.url}`).join('\n');
  expect(weight.jsGzip / KiB, `the scripts fetched:\n${listing}`).toBeLessThanOrEqual(150);
  expect(weight.cssGzip / KiB).toBeLessThanOrEqual(20);
});
