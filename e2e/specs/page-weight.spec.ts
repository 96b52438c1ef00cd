import { expect, test } from '@playwright/test';
import { KiB, measurePageWeight } from '../../bench/page-weight';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

// The foundation's budget: everything the basket step loads, shell + runtime + shared libraries + basket remote.
test('the production basket step loads at most 170 KiB of gzipped JavaScript', async ({ page, context }) => {
  await addTicket(context, seed.standardTicket.id, 1);
  const weight = await measurePageWeight(page, async () => {
    await page.goto('/checkout/');
    await expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled();
  });
  const scripts = weight.assets.filter((a) => a.kind === 'js');
  expect(scripts.length).toBeGreaterThan(0);
  expect(weight.jsGzip / KiB).toBeLessThanOrEqual(170);
});
