import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { AppliedCodes, pounds, StepLook } from '../pages/summary';
import { addTicket, apiPost } from '../support/basket';
import { seed } from '../support/seed';

const { ticket, giftVoucher } = seed.ids;

/**
 * The baskets the order summary has to get right, read from the page: every row adds up to the Total to the penny,
 * each applied code is still shown with its saving and 'Code applied' after a reload, and 'Remove' takes it off.
 * (The Lifeboat Dinner with a £20 donation and the Balcony seat with delivery are walked in summary-walk.spec.ts.)
 */

test.describe('1280×900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Folk Stalls ×2 and a £10 Folk gift voucher with FOLK5 and GIFT-DEMO-50: a row for each code, the Total right', async ({
    page,
    context,
  }, testInfo) => {
    await addTicket(context, ticket.folkStalls, 2);
    await apiPost(context, context.request, '/ajax/checkout/checkout/add_to_basket/', {
      gift_voucher_id: giftVoucher.folk,
      qty: 1,
      value: 10,
    });
    const basket = new BasketPage(page);
    const codes = new AppliedCodes(page);
    const steps = new StepLook(page, testInfo, 'vouchers-');
    await basket.open();
    await basket.waitForUpdates();
    const before = await steps.summary.expectAddsUp();
    // £28 × 2, the £10 voucher, £1.75 × 2 booking fees, £1.50 delivery.
    expect(before.rows.map((r) => [r.label, r.shown])).toEqual([
      [expect.stringMatching(/^2 × Stalls seat Folk by the Sea, /), '£56.00'],
      ['1 × Folk Collective gift voucher', '£10.00'],
      ['Booking fee', '£3.50'],
      ['Delivery', '£1.50'],
    ]);
    expect(before.total).toBe(7100);
    // The basket's own rows under its lines start from the lines' subtotal, so they read as a sum to the total.
    const basketRegion = page.getByRole('region', { name: 'Basket' });
    const subtotalRow = basketRegion.locator('dl > div').filter({ has: page.getByRole('term').getByText('Subtotal') });
    await expect(subtotalRow.getByRole('definition')).toHaveText('£66.00');

    await codes.apply('FOLK5');
    await codes.apply('GIFT-DEMO-50');
    await basket.waitForUpdates();
    // Gift vouchers are not bought with a gift voucher: the basket says why the code covers less.
    await expect(
      page.getByText(
        'Gift vouchers cannot be paid for with a gift voucher code, so the gift vouchers in your basket are left to pay.',
      ),
    ).toBeVisible();
    const total = await steps.look('basket-with-codes', basket.reserveButton);
    const discount = steps.rows.find((r) => r.label === 'Discount code FOLK5');
    const voucher = steps.rows.find((r) => r.label === 'Gift voucher GIFT-DEMO-50');
    expect(discount?.shown).toBe('-£5.00');
    expect(voucher, "a 'Gift voucher GIFT-DEMO-50' row").toBeDefined();
    expect(voucher?.pence).toBeLessThan(0);
    expect(total).toBe(7100 - 500 + (voucher?.pence ?? 0));
    // The basket's own totals under its lines say the same.
    const totalTerm = page.getByRole('term').getByText('Total', { exact: true });
    const basketTotal = page.getByRole('region', { name: 'Basket' }).locator('dl > div').filter({ has: totalTerm });
    await expect(basketTotal.getByRole('definition')).toHaveText(pounds(total));

    await page.reload();
    await basket.waitForUpdates();
    await codes.expectShown('FOLK5', '£5.00');
    await codes.expectShown('GIFT-DEMO-50', pounds(-(voucher?.pence ?? 0)));
    expect((await steps.summary.expectAddsUp()).total).toBe(total);

    await codes.remove('GIFT-DEMO-50');
    await basket.waitForUpdates();
    const withoutVoucher = await steps.summary.expectAddsUp();
    expect(withoutVoucher.rows.map((r) => r.label)).not.toContain('Gift voucher GIFT-DEMO-50');
    expect(withoutVoucher.total).toBe(7100 - 500);
    await codes.remove('FOLK5');
    await basket.waitForUpdates();
    // Every code taken off: no 'Code applied' is left; a refused code is one message, beside the box.
    await expect(codes.box.getByRole('status')).toHaveCount(0);
    await codes.applyRefused('EXPIRED20', 'This code has expired.');
    await basket.waitForUpdates();
    const none = await steps.summary.expectAddsUp();
    expect(none.rows.map((r) => r.label)).not.toContain('Discount code FOLK5');
    expect(none.total).toBe(7100);
    await page.reload();
    await basket.waitForUpdates();
    await expect(codes.box.getByRole('list', { name: 'Code applied' })).toHaveCount(0);
  });
});

test.describe('375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Lifeboat Dinner ×2 with refund protection and SAVE10, read through the phone basket bar', async ({
    page,
    context,
  }, testInfo) => {
    await addTicket(context, ticket.galaAdult, 2);
    const basket = new BasketPage(page);
    const codes = new AppliedCodes(page);
    const steps = new StepLook(page, testInfo, 'dinners-');
    await basket.open();
    await basket.waitForUpdates();
    const uncovered = await steps.summary.expectAddsUp();
    await steps.summary.close();
    // £45 × 2 and £2.50 × 2 booking fees.
    expect(uncovered.total).toBe(9500);

    await basket.refundProtectionYes.check();
    await basket.waitForUpdates();
    await codes.apply('SAVE10');
    await basket.waitForUpdates();
    const total = await steps.look('basket-protected-with-code', basket.reserveButton);
    const labels = steps.labels();
    expect(labels).toEqual([
      expect.stringMatching(/^2 × Dinner ticket Lifeboat Gala Dinner, /),
      'Discount code SAVE10',
      'Booking fee',
      'Refund protection',
    ]);
    const protection = steps.rows.find((r) => r.label === 'Refund protection');
    const discount = steps.rows.find((r) => r.label === 'Discount code SAVE10');
    expect(protection?.pence).toBeGreaterThan(0);
    // The offer's own words name the same price as the row.
    await expect(basket.refundProtectionYes).toHaveAccessibleName(`Yes, protect my booking for ${protection?.shown}`);
    expect(discount?.shown).toBe('-£9.00');

    await page.reload();
    await basket.waitForUpdates();
    await expect(basket.refundProtectionYes).toBeChecked();
    // A code applied opens the code box even on a phone, so it is seen with its saving after a reload.
    await codes.expectShown('SAVE10', '£9.00');
    expect((await steps.summary.expectAddsUp()).total).toBe(total);
    await steps.summary.close();

    await codes.remove('SAVE10');
    await basket.waitForUpdates();
    const removed = await steps.summary.expectAddsUp();
    expect(removed.rows.map((r) => r.label)).toEqual([
      expect.stringMatching(/^2 × Dinner ticket/),
      'Booking fee',
      'Refund protection',
    ]);
    expect(removed.total).toBeGreaterThan(total);
  });
});
