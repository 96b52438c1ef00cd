import { expect, test } from '@playwright/test';
import { reserveEnabled } from '../../bench/browser';
import { KiB, measurePageWeight } from '../../bench/page-weight';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

// The page-weight budgets, checked in CI (fast and deterministic: bytes and requests, not timings): everything the basket
// step loads — the page, shell, federation runtime, shared libraries, basket remote, images — until 'Reserve Basket' can
// be pressed. Set a little above the figures measured (134 KiB, 5.7 KiB, 11 requests) so a regression fails.
test('the production basket step loads at most 140 KiB of gzipped JavaScript, 8 KiB of gzipped CSS, in 12 requests', async ({
  page,
  context,
}) => {
  await addTicket(context, seed.standardTicket.id, 1);
  const weight = await measurePageWeight(page, async () => {
    await page.goto('/checkout/');
    // The frame it becomes enabled, as the bench measures it: expect().toBeEnabled() polls at up to 1 s intervals and
    // would count what the page fetches after it is usable (the idle-time prefetch of the next step's remote).
    return reserveEnabled(page);
  });
  const scripts = weight.assets.filter((a) => a.kind === 'js');
  expect(scripts.length).toBeGreaterThan(0);
  const listing = scripts.map((a) => `${(a.gzipBytes / KiB).toFixed(1)} KiB ${a.url}`).join('\n');
  expect(weight.jsGzip / KiB, `the scripts fetched:\n${listing}`).toBeLessThanOrEqual(140);
  expect(weight.cssGzip / KiB).toBeLessThanOrEqual(8);
  const requests = weight.requests.map(([type, url]) => `${type} ${url}`).join('\n');
  expect(weight.requests.length, `the requests made:\n${requests}`).toBeLessThanOrEqual(12);
});
