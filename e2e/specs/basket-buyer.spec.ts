import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
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
