import { calls } from '@checkout/shared';
import { markPaid } from '../delivery/test-support';
import { guestVisitor } from '../testing/identity';
import { settleSalePaid } from '../payment/settle';
import { key, payPaths } from '../payment/test-support';
import { componentsText, priceSnapshot } from '../pricing/price';
import { saleOf, salePaths } from '../testing/sale-support';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { waiverKeysOf } from '../session/waiver-keys';
import { loadReceipt, type ReceiptModel } from './receipt-data';

/**
 * The receipt's figures come from the settlement (what was charged), whatever was paid with: a card, a bank, a gift
 * voucher code, nothing; and its rows always add up to its total.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

let buyers = 0;
async function reservedGuest(
  lines: Record<string, string | number>[],
): Promise<{ visitor: Visitor; saleId: number; email: string }> {
  buyers += 1;
  const email = `receipt${buyers}@example.com`;
  const visitor = await guestVisitor(t, email, 'Rory Receipt', lines);
  return { visitor, saleId: (await saleOf(t, visitor)).id, email };
}

/** Settles the sale as `provider` would: a payment priced at the sale's snapshot, collected in full. */
async function settleAs(saleId: number, provider: string) {
  const now = t.clock.now();
  const sale = await t.db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
  const { basketVersion, components } = await priceSnapshot(t.db, sale, t.deps.config.sale.refundProtectionBp, now);
  const providerPaymentId = `${provider}_receipt_${saleId}`;
  await t.db
    .insertInto('sale_provider_payments')
    .values({
      sale_id: saleId,
      provider,
      provider_payment_id: providerPaymentId,
      amount_minor: components.total_minor,
      currency: components.currency,
      basket_version: basketVersion,
      components: componentsText(components),
      status: 'open',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const result = await settleSalePaid(t.db, {
    saleId,
    provider,
    providerPaymentId,
    amountMinor: components.total_minor,
    currency: components.currency,
    now,
    refundProtectionBp: t.deps.config.sale.refundProtectionBp,
  });
  expect(result.outcome).toBe('paid');
}

const receiptDeps = () => ({
  db: t.db,
  publicUrl: t.deps.config.publicUrl,
  payment: t.deps.config.payment,
  waiverKeys: waiverKeysOf(t.deps.sessions),
});

const receiptOf = async (saleId: number, to: string): Promise<ReceiptModel> => {
  const receipt = await loadReceipt(receiptDeps(), saleId, to);
  if (!receipt) throw new Error('no receipt');
  // Whatever it is, its rows add up to its total, to the penny.
  expect(receipt.lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(receipt.totalMinor);
  return receipt;
};

test('a bank payment: paid by bank transfer, no card', async () => {
  const { saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.folkStalls, quantity: 1 }]);
  await settleAs(saleId, 'truelayer');
  const receipt = await receiptOf(saleId, email);
  expect(receipt.payment).toEqual({
    kind: 'bank',
    method: 'Bank transfer',
    sentence: 'Paid by bank transfer from your bank account.',
    instalments: null,
  });
  expect(receipt.lines.map((line) => [line.label, line.amount])).toEqual([
    ['1 × Stalls seat', '£28.00'],
    ['Booking fee', '£1.75'],
    ['Delivery', '£1.50'],
  ]);
  expect(receipt.total).toBe('£31.25');
});

test('paid in full by a gift voucher code: the code is a row, nothing was charged to a card', async () => {
  // The marketplace's own voucher: an organiser's pays only its tickets, never their fee or the posting.
  const voucher = 'MARKET-GIFT-40';
  await t.db
    .insertInto('codes')
    .values({ code: voucher, kind: 'gift_voucher', amount_minor: 4000, balance_minor: 4000, currency: 'GBP' })
    .execute();
  const { visitor, saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.folkStalls, quantity: 1 }]);
  expect((await visitor.post(salePaths.code, { code: voucher })).json()).toEqual({ code_applied: true });
  expect((await visitor.get(calls.getCheckout.path)).json().basket_total).toBe(0);
  expect((await visitor.post(payPaths.claimFree, { email, idempotency_key: key() })).json()).toEqual({ success: true });
  const receipt = await receiptOf(saleId, email);
  expect(receipt.payment).toMatchObject({
    kind: 'voucher',
    method: 'Gift voucher',
    sentence: 'Paid in full with your gift voucher: nothing was charged to a card.',
  });
  expect(receipt.lines.at(-1)).toMatchObject({
    kind: 'gift_voucher_code',
    label: `Gift voucher ${voucher}`,
    amount: '-£31.25',
  });
  expect(receipt.total).toBe('£0.00');
});

test('an organiser’s gift voucher: its row pays the ticket; the booking fee and posting were charged', async () => {
  const { visitor, saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.folkStalls, quantity: 1 }]);
  expect((await visitor.post(salePaths.code, { code: SEED.code.giftVoucher })).json()).toEqual({ code_applied: true });
  await settleAs(saleId, 'truelayer');
  const receipt = await receiptOf(saleId, email);
  expect(receipt.lines.map((line) => [line.label, line.amount])).toEqual([
    ['1 × Stalls seat', '£28.00'],
    ['Booking fee', '£1.75'],
    ['Delivery', '£1.50'],
    [`Gift voucher ${SEED.code.giftVoucher}`, '-£28.00'],
  ]);
  expect(receipt.total).toBe('£3.25');
});

test('dollars are dollars; a square-type payment whose card is unknown is paid by card', async () => {
  const { saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.jazzBar, quantity: 2 }]);
  await settleAs(saleId, 'square');
  const receipt = await receiptOf(saleId, email);
  expect(receipt.currency).toBe('USD');
  expect(receipt.total).toMatch(/^\$\d+\.\d\d$/);
  expect(receipt.lines[0]?.amount).toMatch(/^\$/);
  expect(receipt.payment).toMatchObject({ kind: 'card', method: 'Card', sentence: 'Paid by card.' });
});

test('the figures are those charged, not the catalogue of today', async () => {
  const { saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.onSale, quantity: 2 }]);
  await markPaid(t.db, saleId, t.clock.now());
  await t.db.updateTable('ticket_types').set({ price_minor: 99_900 }).where('id', '=', SEED.ticket.onSale).execute();
  try {
    const receipt = await receiptOf(saleId, email);
    expect(receipt.lines[0]).toMatchObject({ label: '2 × On-sale ticket', amount: '£20.00' });
    expect(receipt.total).toBe('£20.00');
  } finally {
    await t.db.updateTable('ticket_types').set({ price_minor: 1000 }).where('id', '=', SEED.ticket.onSale).execute();
  }
});

test('a settlement from before its components were kept still gives a receipt of its price', async () => {
  const { saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.onSale, quantity: 1 }]);
  await markPaid(t.db, saleId, t.clock.now());
  await t.db.updateTable('payments').set({ components: '{}' }).where('sale_id', '=', saleId).execute();
  const receipt = await loadReceipt(receiptDeps(), saleId, email);
  expect(receipt).toMatchObject({ lines: [], total: '£10.00', events: [] });
});

test('a sale that was never paid has no receipt', async () => {
  const { saleId, email } = await reservedGuest([{ ticket_id: SEED.ticket.onSale, quantity: 1 }]);
  expect(await loadReceipt(receiptDeps(), saleId, email)).toBeUndefined();
});
