import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { OrderSummary } from '../pages/summary';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const { ticket } = seed.ids;
// Jazz at Sunset (USD): tables are sold in pairs (minimum 2), the bar allows four per customer.
const TABLE = 'Table seat (sold in pairs)';
const BAR = 'Bar standing';

test('a buyer changes quantities, applies codes, toggles refund protection, removes a line and reserves', async ({
  page,
  context,
}) => {
  await addTicket(context, ticket.jazzTable, 2);
  await addTicket(context, ticket.jazzBar, 1);
  const basket = new BasketPage(page);
  await basket.open();
  await expect(basket.line(TABLE)).toContainText('Jazz at Sunset');
  await expect(basket.quantity(TABLE)).toHaveValue('2');

  // Above the limit: clamped, warned, and still sent.
  await basket.setQuantity(BAR, 9);
  await expect(basket.line(BAR).getByRole('alert')).toHaveText('You can only reserve 4 tickets of this type');
  await expect(basket.quantity(BAR)).toHaveValue('4');
  await expect(basket.reserveButton).toBeDisabled();
  await basket.waitForUpdates();

  // Below the minimum: warned, nothing sent, reserving blocked until it is fixed.
  await basket.setQuantity(TABLE, 1);
  await expect(basket.line(TABLE).getByRole('alert')).toHaveText(
    'You must purchase a minimum of 2 tickets of this type',
  );
  await expect(basket.reserveButton).toBeDisabled();
  await basket.setQuantity(TABLE, 3);
  await expect(basket.line(TABLE).getByRole('alert')).toHaveCount(0);
  await basket.waitForUpdates();

  await page.reload();
  await expect(basket.quantity(BAR)).toHaveValue('4');
  await expect(basket.quantity(TABLE)).toHaveValue('3');

  // Codes: an invalid one is refused, a valid one is applied and the total comes down.
  const undiscounted = await basket.total();
  await basket.applyCode('NOT-A-REAL-CODE');
  await expect(basket.codeBox.getByRole('alert')).toHaveText('Invalid code');
  await basket.applyCode('SAVE10');
  await expect(basket.codeBox.getByRole('status')).toHaveText('Code applied');
  await expect.poll(() => basket.total()).not.toBe(undiscounted);

  // Refund protection: yes is sent after the debounce and kept by the server.
  await expect(basket.refundProtectionNo).toBeChecked();
  const uncovered = await basket.total();
  await basket.refundProtectionYes.check();
  await expect(basket.reserveButton).toBeDisabled();
  await basket.waitForUpdates();
  await expect.poll(() => basket.total()).not.toBe(uncovered);
  await page.reload();
  await expect(basket.refundProtectionYes).toBeChecked();

  await basket.remove(BAR).click();
  await expect(basket.line(BAR)).toHaveCount(0);
  await expect(basket.line(TABLE)).toHaveCount(1);

  await basket.reserveButton.click();
  await expect(basket.countdown).toBeVisible();
});

test("the refund policy modal titles the organiser's own policy and the standard one apart, at a phone and a desktop", async ({
  page,
  context,
}, testInfo) => {
  // Lumen Live's Aquarium ticket is under the standard policy; the Folk Collective has a policy of its own.
  await addTicket(context, ticket.aquariumEarly, 1);
  await addTicket(context, ticket.folkStalls, 1);
  const basket = new BasketPage(page);
  const summary = new OrderSummary(page);
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await basket.open();
    await summary.open();
    await summary.region.getByRole('button', { name: 'Refund policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund policy' });
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'Standard refund policy',
      "Brighton Folk Collective's refund policy",
    ]);
    await expect(dialog).toContainText('Tickets can be refunded up to 7 days before the event');
    await expect(dialog).toContainText('Tickets can be exchanged for another Folk Collective night');
    await page.screenshot({ path: testInfo.outputPath(`refund-policies-${width}.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});
