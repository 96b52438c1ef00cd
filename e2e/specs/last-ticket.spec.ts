import { expect, test } from '@playwright/test';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

// The e2e stack seeds the on-sale ticket type with one ticket (SEED_ONSALE_CAPACITY=1 in playwright.config.ts).
test('two browsers reserving the last ticket end with exactly one hold', async ({ browser }) => {
  const buyers = await Promise.all([browser.newContext(), browser.newContext()]);
  const pages = await Promise.all(buyers.map((context) => context.newPage()));
  await Promise.all(buyers.map((context) => addTicket(context, seed.onSaleTicket.id, 1)));
  await Promise.all(pages.map((page) => page.goto('/checkout/')));
  await Promise.all(pages.map((page) => expect(page.getByRole('button', { name: 'Reserve Basket' })).toBeEnabled()));

  await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Reserve Basket' }).click()));

  // Exactly one buyer reaches the next step with a countdown; the other is back on the basket with the reason.
  const reserved = pages.map((page) => page.getByText('Tickets reserved for'));
  await expect
    .poll(async () => (await Promise.all(reserved.map((r) => r.isVisible()))).filter(Boolean).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const loserIndex = (await reserved[0]!.isVisible()) ? 1 : 0;
  const loser = pages[loserIndex]!;
  await expect(loser.getByRole('heading', { name: 'Basket' })).toBeVisible();
  await expect(loser.getByRole('alert').first()).toBeVisible();

  // The server agrees: one sale holds the ticket, the other holds nothing.
  const checkouts = await Promise.all(
    buyers.map(
      async (context) =>
        (await (await context.request.get('/ajax/checkout/checkout/get/')).json()) as {
          seconds_remaining: number | null;
        },
    ),
  );
  expect(checkouts.filter((c) => c.seconds_remaining !== null && c.seconds_remaining > 0)).toHaveLength(1);
  await Promise.all(buyers.map((context) => context.close()));
});
