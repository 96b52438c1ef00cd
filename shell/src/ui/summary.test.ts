import { emptyCheckout, sampleCheckout } from '@checkout/shared/testing';
import { summaryOf } from './summary';

describe('order summary rows', () => {
  test('a line per ticket type and voucher, priced by quantity, and their subtotal', () => {
    const summary = summaryOf(sampleCheckout({ basket_total: 108.75 }));
    expect(summary.lines.map((l) => [l.label, l.quantity, l.amount])).toEqual([
      ['Adult', 2, 50],
      ['Child (under 16)', 1, 12.5],
      ['Riverside Live Gift Voucher', 1, 20],
    ]);
    expect(summary.subtotal).toBe(82.5);
    expect(summary.total).toBe(108.75);
    expect(summary.currencySymbol).toBe('£');
  });

  test('an empty basket has no lines and a zero subtotal', () => {
    const summary = summaryOf(emptyCheckout());
    expect(summary.lines).toEqual([]);
    expect(summary.subtotal).toBe(0);
  });
});
