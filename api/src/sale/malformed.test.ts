import { SANDBOX_SOLVE_PATH } from '../captcha/sandbox';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { salePaths as paths } from '../testing/sale-support';

/**
 * Each basket call with each kind of bad value: a 4xx with { error } naming the field, and the database exactly as it
 * was (a reserved basket with a code and refund protection is what a bad request must not disturb).
 */
let t: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.visitor();
  await visitor.post(paths.add, { ticket_id: SEED.ticket.galaAdult, quantity: 2 });
  await visitor.post(paths.add, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 10 });
  expect((await visitor.post(paths.code, { code: SEED.code.percent })).json()).toEqual({ code_applied: true });
  expect((await visitor.post(paths.refundProtection, { refund_protection: true })).json()).toEqual({ success: true });
  expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true });
}, 60_000);
afterAll(() => t.close());

async function snapshot(): Promise<string> {
  const tables = await Promise.all([
    t.db.selectFrom('sales').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_lines').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_codes').selectAll().orderBy('sale_id').orderBy('code_id').execute(),
    t.db.selectFrom('holds').selectAll().orderBy('id').execute(),
    t.db.selectFrom('ticket_types').select(['id', 'held', 'sold']).orderBy('id').execute(),
    t.db.selectFrom('codes').select(['id', 'uses', 'balance_minor']).orderBy('id').execute(),
    t.db.selectFrom('captcha_tokens').selectAll().orderBy('token_hash').execute(),
  ]);
  return JSON.stringify(tables);
}

const { galaAdult } = SEED.ticket;
const voucher = SEED.giftVoucher.folk;

const cases: [string, string, string, string][] = [
  [paths.quantity, 'a zero quantity', `ticket_id=${galaAdult}&quantity=0`, 'quantity'],
  [paths.quantity, 'a negative quantity', `ticket_id=${galaAdult}&quantity=-2`, 'quantity'],
  [paths.quantity, 'a fractional quantity', `ticket_id=${galaAdult}&quantity=2.5`, 'quantity'],
  [paths.quantity, 'a word for a quantity', `ticket_id=${galaAdult}&quantity=lots`, 'quantity'],
  [paths.quantity, 'a huge quantity', `ticket_id=${galaAdult}&quantity=100001`, 'quantity'],
  [paths.quantity, 'a missing quantity', `ticket_id=${galaAdult}`, 'quantity'],
  [paths.quantity, 'a list of ticket ids', `ticket_id=${galaAdult}&ticket_id=102&quantity=1`, 'ticket_id'],
  [paths.quantity, 'no ticket id', 'quantity=1', 'ticket_id'],
  [paths.voucherQuantity, 'a zero voucher quantity', `gift_voucher_id=${voucher}&qty=0&value=10`, 'qty'],
  [paths.voucherQuantity, 'a value with three decimals', `gift_voucher_id=${voucher}&qty=1&value=10.001`, 'value'],
  [paths.voucherQuantity, 'no value', `gift_voucher_id=${voucher}&qty=1`, 'value'],
  [paths.voucherQuantity, 'a negative value', `gift_voucher_id=${voucher}&qty=1&value=-10`, 'value'],
  [paths.refundProtection, 'a word for yes', 'refund_protection=yes', 'refund_protection'],
  [paths.refundProtection, 'nothing', '', 'refund_protection'],
  [paths.code, 'an empty code', 'code=', 'code'],
  [paths.code, 'blank spaces', 'code=%20%20%20', 'code'],
  [paths.code, 'a code too long', `code=${'A'.repeat(101)}`, 'code'],
  [paths.code, 'a code as a list', 'code[]=SAVE10&code[]=FOLK5', 'code'],
  [paths.remove, 'a ticket id of zero', 'ticket_id=0', 'ticket_id'],
  [paths.remove, 'a ticket id as text', 'ticket_id=abc', 'ticket_id'],
  [paths.removeVoucher, 'no value', `gift_voucher_id=${voucher}`, 'value'],
  [paths.removeVoucher, 'no voucher id', 'value=10', 'gift_voucher_id'],
  [paths.reserve, 'an empty captcha token', 'h-captcha-response=', 'h-captcha-response'],
  [paths.reserve, 'a captcha token as an object', 'h-captcha-response[a]=b', 'h-captcha-response'],
  [SANDBOX_SOLVE_PATH, 'no site key', 'outcome=pass', 'sitekey'],
  [SANDBOX_SOLVE_PATH, 'an unknown outcome', `sitekey=sandbox-site-key&outcome=sure`, 'outcome'],
];

test.each(cases)('%s with %s is a 400 naming the field, and changes nothing', async (path, _name, body, field) => {
  const before = await snapshot();
  const response = await visitor.post(path, body);
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toContain(`'${field}'`);
  expect(response.json().errors).toHaveProperty(field);
  expect(await snapshot()).toBe(before);
});

test.each(Object.values(paths).filter((path) => path !== paths.get))(
  'POST %s without the XSRF header or as JSON is refused, and changes nothing',
  async (path) => {
    const before = await snapshot();
    expect((await visitor.post(path, { ticket_id: galaAdult, quantity: 1 }, { xsrf: false })).statusCode).toBe(403);
    expect((await visitor.post(path, '{"ticket_id":101}', { contentType: 'application/json' })).statusCode).toBe(415);
    expect(await snapshot()).toBe(before);
  },
);

test('refusals of well-formed requests change nothing either', async () => {
  const before = await snapshot();
  expect((await visitor.post(paths.quantity, { ticket_id: galaAdult, quantity: 11 })).statusCode).toBe(409);
  expect((await visitor.post(paths.quantity, { ticket_id: SEED.ticket.galaChild, quantity: 1 })).statusCode).toBe(404);
  expect((await visitor.post(paths.voucherQuantity, { gift_voucher_id: voucher, qty: 11, value: 10 })).statusCode).toBe(
    409,
  );
  expect((await visitor.post(paths.voucherQuantity, { gift_voucher_id: voucher, qty: 2, value: 25 })).statusCode).toBe(
    404,
  );
  expect(await snapshot()).toBe(before);
});
