import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { saleMessages } from './messages';
import { RECOVERY_COMPLETED_PATH } from './recovery';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const link = (reference: string) => `/smartcheckout/?session=${encodeURIComponent(reference)}`;

describe('the recovery link /smartcheckout/?session={sale_reference}', () => {
  test('restores an unpaid basket in another browser and sends it to the checkout', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 2);
    await first.post(paths.code, { code: SEED.code.percent });
    const original = (await first.get(paths.get)).json();

    const second = await t.visitor();
    const response = await second.get(link(original.sale_reference));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/checkout/');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const restored = (await second.get(paths.get)).json();
    expect(restored).toMatchObject({
      sale_reference: original.sale_reference,
      basket_total: original.basket_total,
      discounts_applied: { SAVE10: 9 },
    });
    expect(restored.tickets).toEqual(original.tickets);
    // The second browser carries on: it can change and reserve the basket.
    expect((await second.post(paths.quantity, { ticket_id: SEED.ticket.galaAdult, quantity: 3 })).json()).toEqual({
      success: true,
    });
    expect((await second.post(paths.reserve)).json()).toMatchObject({
      reserved: true,
      sale_reference: original.sale_reference,
    });
  });

  test('a reserved basket keeps its reservation and clock; the reference is read without regard to case', async () => {
    const type = await freshTicketType(t, 5);
    const first = await buyerOf(t, type, 2);
    const { sale_reference: reference } = (await first.post(paths.reserve)).json();
    t.clock.advance(60_000);
    const second = await t.visitor();
    expect((await second.get(link(reference.toLowerCase()))).statusCode).toBe(302);
    expect((await second.get(paths.get)).json()).toMatchObject({ sale_reference: reference, seconds_remaining: 840 });
    expect(await stockOf(t, type)).toMatchObject({ held: 2, activeHolds: 2 });
  });

  test('a paid sale’s link shows a neutral page with nothing of the order, and attaches nothing', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const sale = await saleOf(t, first);
    await t.db
      .updateTable('sales')
      .set({ status: 'paid', email: 'buyer@example.com', full_name: 'Pat Buyer' })
      .where('id', '=', sale.id)
      .execute();
    const second = await t.visitor();
    const response = await second.get(link(sale.reference));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(RECOVERY_COMPLETED_PATH);
    expect((await second.get(paths.get)).json().sale_reference).toBeNull();
    const page = await second.get(RECOVERY_COMPLETED_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(saleMessages.recoveryCompleted);
    for (const secret of [sale.reference, 'buyer@example.com', 'Pat Buyer', 'Dinner ticket'])
      expect(page.body).not.toContain(secret);
  });

  test.each([
    ['an unknown reference', 'CT-ABCDEFGHJKLMNPQR'],
    ['a malformed reference', '1 OR 1=1'],
    ['no reference', ''],
    ['a repeated parameter', 'CT-ABCDEFGHJKLMNPQR&session=CT-ABCDEFGHJKLMNPQS'],
  ])('%s gets a friendly 404 page and changes nothing', async (_name, value) => {
    const visitor = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const before = (await visitor.get(paths.get)).json().sale_reference;
    const response = await visitor.get(`/smartcheckout/?session=${value}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(saleMessages.recoveryNotFound);
    expect((await visitor.get(paths.get)).json().sale_reference).toBe(before);
  });

  test('Edit basket keeps the sale: its link still brings the basket, lines and all', async () => {
    const first = await buyerOf(t, SEED.ticket.galaAdult, 1);
    const { sale_reference: reference } = (await first.get(paths.get)).json();
    await first.post(paths.destroy);
    const second = await t.visitor();
    expect((await second.get(link(reference))).statusCode).toBe(302);
    expect((await second.get(paths.get)).json()).toMatchObject({
      sale_reference: reference,
      state: 'basket',
      tickets: [{ ticket_id: SEED.ticket.galaAdult, qty: 1 }],
    });
  });
});
