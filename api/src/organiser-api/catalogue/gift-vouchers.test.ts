import { SEED } from '../../seed/catalogue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiCaller, type ApiCaller } from '../testing';

let t: TestApp;
let folk: ApiCaller;
let jazz: ApiCaller;
let folkReadOnly: ApiCaller;

beforeAll(async () => {
  t = await createTestApp();
  folk = await apiCaller(t, SEED.organiser.folk, 'write');
  jazz = await apiCaller(t, SEED.organiser.jazz, 'write');
  folkReadOnly = await apiCaller(t, SEED.organiser.folk, 'read');
}, 60_000);
afterAll(() => t.close());

let serial = 0;

async function newVoucher() {
  serial += 1;
  const response = await folk.call('POST', '/gift-vouchers', {
    external_id: `garden-${serial}`,
    name: 'Garden voucher',
    currency: 'GBP',
    values_minor: [1000, 2500],
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; external_id: string }>();
}

const voucherRow = (id: number) => t.db.selectFrom('gift_vouchers').selectAll().where('id', '=', id).executeTakeFirst();

/** A basket line of the voucher: what a buyer's sale makes of it. */
async function sellVoucher(voucherId: number) {
  const now = t.clock.now();
  const sale = await t.db
    .insertInto('sales')
    .values({ reference: `GV${voucherId}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sale_lines')
    .values({ sale_id: sale.id, gift_voucher_id: voucherId, qty: 1, value_minor: 1000, created_at: now })
    .execute();
}

describe('gift vouchers', () => {
  test('POST creates once; GET lists the organiser’s own; PATCH changes what it is given; DELETE removes', async () => {
    const created = await newVoucher();
    expect(created).toMatchObject({
      name: 'Garden voucher',
      values_minor: [1000, 2500],
      on_sale: true,
      currency: 'GBP',
    });
    const again = await folk.call('POST', '/gift-vouchers', {
      external_id: created.external_id,
      name: 'x',
      currency: 'GBP',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Gift voucher '${created.external_id}' exists (id ${created.id}): change it instead.`,
    );
    const list = (await folk.call('GET', '/gift-vouchers?limit=100')).json<{ data: { id: number }[] }>().data;
    expect(list.map((voucher) => voucher.id)).toContain(created.id);
    const jazzList = (await jazz.call('GET', '/gift-vouchers?limit=100')).json<{ data: { id: number }[] }>().data;
    expect(jazzList.map((voucher) => voucher.id)).not.toContain(created.id);
    const changed = await folk.call('PATCH', `/gift-vouchers/${created.id}`, {
      name: 'Garden gift',
      min_value_minor: 500,
      max_value_minor: 5000,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: created.id,
      name: 'Garden gift',
      values_minor: [1000, 2500],
      min_value_minor: 500,
      max_value_minor: 5000,
    });
    expect((await folk.call('DELETE', `/gift-vouchers/${created.id}`)).statusCode).toBe(204);
    expect(await voucherRow(created.id)).toBeUndefined();
    expect((await folk.call('PATCH', `/gift-vouchers/${created.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  test('another organiser’s: 404 and unchanged; read-only: 403; bad input: 400 with a sentence', async () => {
    const created = await newVoucher();
    const before = await voucherRow(created.id);
    for (const [method, body] of [
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const other = await jazz.call(method, `/gift-vouchers/${created.id}`, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('There is no gift voucher with that id.');
      expect((await folkReadOnly.call(method, `/gift-vouchers/${created.id}`, body)).statusCode).toBe(403);
    }
    for (const body of [
      { min_value_minor: 6000, max_value_minor: 5000 },
      { values_minor: [0] },
      { currency: 'pounds' },
      { name: '' },
      { price: 1 },
    ]) {
      const bad = await folk.call('PATCH', `/gift-vouchers/${created.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe('string');
    }
    expect(await voucherRow(created.id)).toEqual(before);
  });

  test('once sold: not deleted, currency kept, with the sentences; taking it off sale works', async () => {
    const created = await newVoucher();
    await sellVoucher(created.id);
    const deleted = await folk.call('DELETE', `/gift-vouchers/${created.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe(
      `Gift voucher '${created.external_id}' has been sold or is in a basket: it cannot be deleted. ` +
        "Set 'on_sale' to false instead.",
    );
    const currency = await folk.call('PATCH', `/gift-vouchers/${created.id}`, { currency: 'EUR' });
    expect(currency.statusCode).toBe(409);
    expect(currency.json().error).toBe(
      `Gift voucher '${created.external_id}' has been sold or is in a basket: its currency cannot change.`,
    );
    expect(await voucherRow(created.id)).toMatchObject({ currency: 'GBP', on_sale: true });
    const off = await folk.call('PATCH', `/gift-vouchers/${created.id}`, { on_sale: false });
    expect(off.json()).toMatchObject({ on_sale: false });
  });
});
