/**
 * Buying a gift voucher with a gift voucher, over HTTP against two api processes on one PostgreSQL database. Our rule
 * (docs/domain-rules.md): a gift voucher code pays for tickets, fees, delivery and donations, never
 * for gift vouchers. A basket of vouchers only cannot take the code at all; beside tickets it pays the tickets, and the
 * card is charged for the vouchers. The rules are tested in api/src/pricing/voucher-scope.test.ts and codes.test.ts.
 */
import { SEED } from '../../api/src/seed/catalogue';
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths } from '../support/buyer';
import { cardCharges, guestAccount, saleIdOf } from '../support/checkout';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';

jest.setTimeout(90_000);

const SET_CODE = '/ajax/checkout/checkout/set_code/';
const ADDRESS = '/ajax/checkout/checkout/set_delivery_address/';
const VOUCHER = { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 25 };
const deliveryAddress = {
  address: {
    selected_user_address_id: 'new',
    first_name: 'Vee',
    last_name: 'Voucher',
    address_1: '1 Quay Street',
    town: 'Bristol',
    postcode: 'BS1 4QA',
    country: 1,
  },
  gift_voucher_from: 'Vee',
  gift_voucher_to: 'Jo',
};

describeWithPostgres('gift voucher codes over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('a basket of gift vouchers only: the voucher code is refused on either process and the vouchers cost their value', async () => {
    const buyer = new Buyer(via(0));
    expect((await buyer.post(paths.add, VOUCHER)).json.success).toBe(true);
    const applied = await buyer.post(SET_CODE, { code: SEED.code.giftVoucher }, { via: via(1) });
    expect(applied.json.code_applied).toBe(false);
    for (const i of [0, 1] as const) {
      const checkout = (await buyer.get(paths.get, { via: via(i) })).json;
      expect({ total: checkout.basket_total, paid: checkout.gift_vouchers_applied_total }).toEqual({
        total: 25,
        paid: 0,
      });
    }
  });

  test('tickets and a gift voucher: the code pays the ticket, and the card is charged for the voucher and the fees', async () => {
    // Folk by the Sea: a £28 seat of the Folk Collective (the voucher's organiser), which its voucher pays; the £1.75
    // booking fee and £1.50 posting are the marketplace's, and the £25 gift voucher is never paid by a voucher code.
    const buyer = new Buyer(via(0));
    await addTickets(buyer, SEED.ticket.folkStalls, 1);
    expect((await buyer.post(paths.add, VOUCHER)).json.success).toBe(true);
    expect((await buyer.post(SET_CODE, { code: SEED.code.giftVoucher }, { via: via(1) })).json.code_applied).toBe(true);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    await guestAccount(buyer, 'vee.voucher@example.com', 'Vee Voucher');
    expect((await buyer.post(ADDRESS, deliveryAddress)).status).toBe(200);
    const checkout = (await buyer.get(paths.get, { via: via(1) })).json;
    expect(checkout.basket_total).toBe(28.25);
    expect((await payByCard(buyer, { via: via(1) })).json).toEqual({ status: 'succeeded' });
    const charges = await cardCharges(database.pool, await saleIdOf(buyer, database.pool));
    expect(charges.charged).toBe(2825);
  });
});
