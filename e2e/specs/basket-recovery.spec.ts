import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

test('the recovery link restores the basket in a second browser', async ({ browser }) => {
  const first = await browser.newContext();
  await addTicket(first, seed.standardTicket.id, 2);
  const checkout = (await (await first.request.get('/ajax/checkout/checkout/get/')).json()) as {
    sale_reference: string | null;
  };
  expect(checkout.sale_reference).toMatch(/^CT-[A-HJ-NP-Z2-9]{16}$/);

  const second = await browser.newContext();
  const page = await second.newPage();
  await page.goto(`/smartcheckout/?session=${encodeURIComponent(checkout.sale_reference ?? '')}`);
  const basket = new BasketPage(page);
  await expect(basket.heading).toBeVisible();
  await expect(basket.quantity(seed.standardTicket.name)).toHaveValue('2');
  await expect(basket.line(seed.standardTicket.name)).toContainText(seed.standardTicket.event);
  await expect(basket.reserveButton).toBeEnabled();

  await Promise.all([first.close(), second.close()]);
});
