import { expect, test } from '@playwright/test';
import { seed } from '../support/seed';

test('a buyer adds a ticket on the events page, sees it in the basket and reserves it', async ({ page }) => {
  const ticket = seed.standardTicket;
  await page.goto('/all-events/');
  const event = page.getByRole('article', { name: ticket.event });
  await event.getByRole('button', { name: `Add to basket: ${ticket.name}, ${ticket.event}` }).click();
  await expect(event.getByText('Added to your basket.')).toBeVisible();
  await event.getByRole('link', { name: 'Go to checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Basket' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: ticket.name });
  await expect(line).toContainText(ticket.event);
  await expect(line).toContainText(ticket.price);

  await page.getByRole('button', { name: 'Reserve Basket' }).click();

  await expect(page.getByText('Tickets reserved for')).toBeVisible();
  const countdown = page.getByRole('timer');
  await expect(countdown).toContainText(/1[45] minutes/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
});
