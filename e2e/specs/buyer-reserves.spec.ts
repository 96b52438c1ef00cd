import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { seed } from '../support/seed';

test('a buyer adds a ticket on the events page, sees it in the basket and reserves it', async ({ page }) => {
  const ticket = seed.standardTicket;
  await page.goto('/all-events/');
  const event = page.getByRole('article', { name: ticket.event });
  // The all-in price: the £15.00 entry and its £1.00 booking fee, which is what the basket then charges.
  const listed = event.locator('li', { hasText: ticket.name });
  await expect(listed).toContainText('£16.00 incl. £1.00 booking fee');
  await event.getByRole('button', { name: `Add to basket: ${ticket.name}, ${ticket.event}` }).click();
  await expect(event.getByText('Added to your basket.')).toBeVisible();
  await event.getByRole('link', { name: 'Go to checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Basket' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: ticket.name });
  await expect(line).toContainText(ticket.event);
  await expect(line).toContainText(ticket.price);
  await expect.poll(() => new BasketPage(page).total()).toBe('£16.00');

  await page.getByRole('button', { name: 'Reserve Basket' }).click();

  await expect(page.getByText('Tickets reserved for')).toBeVisible();
  const countdown = page.getByRole('timer');
  await expect(countdown).toContainText(/1[45] minutes/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
});

test('a ticket whose event hides its booking fee is listed at what it costs in the basket', async ({ page }) => {
  await page.goto('/all-events/');
  const event = page.getByRole('article', { name: 'Comedy at the Pier' });
  await expect(event.locator('li', { hasText: 'Comedy night' })).toContainText('£13.00');
  await event.getByRole('button', { name: 'Add to basket: Comedy night, Comedy at the Pier' }).click();
  await event.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Basket' })).toBeVisible();
  await expect.poll(() => new BasketPage(page).total()).toBe('£13.00');
});
