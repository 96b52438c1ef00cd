import { expect, test } from '@playwright/test';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';
import { remoteOrigin } from '../support/stack';

test('a remote that will not load offers a retry and keeps the reservation', async ({ page, context }) => {
  await addTicket(context, seed.standardTicket.id, 1);
  await page.route(`${remoteOrigin('mf_account')}/**`, (route) => route.abort());

  await page.goto('/checkout/');
  await page.getByRole('button', { name: 'Reserve Basket' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
  await expect(page.getByText('Tickets reserved for')).toBeVisible();

  await page.unroute(`${remoteOrigin('mf_account')}/**`);
  await page.getByRole('button', { name: 'Retry' }).click();

  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  await expect(page.getByText('Tickets reserved for')).toBeVisible();
});
