import { calls, type CallDef } from '@checkout/shared';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';

/**
 * Malformed input never gets past validation: every route of the registry answers a 4xx with { error } for a bad
 * request, never a 5xx, and the database is exactly as it was.
 */
let t: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.visitor();
  // A visitor with a reserved basket: the state a bad request must not disturb.
  await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.onSale, quantity: 2 });
  await visitor.post(paths.addToBasket, { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 10 });
  expect((await visitor.post(paths.reserve)).json()).toMatchObject({ reserved: true });
});
afterAll(() => t.close());

/** Everything a request could change, as text. */
async function snapshot(): Promise<string> {
  const tables = await Promise.all([
    t.db.selectFrom('sales').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_lines').selectAll().orderBy('id').execute(),
    t.db.selectFrom('holds').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    t.db.selectFrom('ticket_types').select(['id', 'held', 'sold']).orderBy('id').execute(),
    t.db.selectFrom('users').selectAll().orderBy('id').execute(),
    t.db.selectFrom('user_addresses').selectAll().orderBy('id').execute(),
    t.db.selectFrom('codes').select(['id', 'uses', 'balance_minor']).orderBy('id').execute(),
    t.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    t.db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    t.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
    t.db.selectFrom('one_time_codes').selectAll().orderBy('email').execute(),
    t.db.selectFrom('rate_limit_counters').selectAll().orderBy('key').orderBy('window_start').execute(),
    t.db.selectFrom('marketing_contacts').selectAll().orderBy('email').execute(),
    t.db.selectFrom('marketing_contact_organisers').selectAll().orderBy('email').orderBy('organiser_id').execute(),
    t.db.selectFrom('organiser_subscriptions').selectAll().orderBy('user_id').orderBy('organiser_id').execute(),
    t.db.selectFrom('gift_aid_declarations').selectAll().orderBy('sale_id').execute(),
    t.db.selectFrom('sale_delivery_addresses').selectAll().orderBy('sale_id').execute(),
    // Delivery and payment plans: tickets, what was delivered, seats, plans and their payments.
    t.db.selectFrom('tickets').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sale_deliveries').selectAll().orderBy('sale_id').execute(),
    t.db.selectFrom('seat_counters').selectAll().orderBy('event_date_id').execute(),
    t.db.selectFrom('payment_plans').selectAll().orderBy('id').execute(),
    t.db.selectFrom('payment_plan_instalments').selectAll().orderBy('plan_id').orderBy('seq').execute(),
    // Questions, post-sale and transfers: answers, feedback, referral links, transfers.
    t.db
      .selectFrom('question_answers')
      .selectAll()
      .orderBy('sale_id')
      .orderBy('question_id')
      .orderBy('ticket_counter')
      .execute(),
    t.db.selectFrom('sale_feedback').selectAll().orderBy('id').execute(),
    t.db.selectFrom('referral_links').selectAll().orderBy('token').execute(),
    t.db.selectFrom('ticket_transfers').selectAll().orderBy('id').execute(),
    t.db.selectFrom('transfer_tickets').selectAll().orderBy('transfer_id').orderBy('ticket_id').execute(),
  ]);
  return JSON.stringify(tables);
}

interface ZodDefLike {
  _zod: {
    def: { type: string; shape?: Record<string, unknown>; options?: unknown[]; in?: unknown; innerType?: unknown };
  };
}

/** The top-level field names a request schema reads (objects, unions, pipes, optionals). */
function fieldNames(schema: unknown): string[] {
  const def = (schema as ZodDefLike)._zod.def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'union') return [...new Set((def.options ?? []).flatMap(fieldNames))];
  if (def.type === 'pipe') return fieldNames(def.in);
  if (def.innerType) return fieldNames(def.innerType);
  return [];
}

const postCalls = Object.values(calls).filter((call: CallDef) => call.method === 'POST') as CallDef[];
const getCalls = Object.values(calls).filter((call: CallDef) => call.method === 'GET') as CallDef[];

function expectRefusal(status: number, body: unknown, expected?: number) {
  if (expected !== undefined) expect(status).toBe(expected);
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

// Calls that read no fields (destroy_sale, logout_of_sale, ...) have no field to get wrong; the next block covers them.
const postCallsWithFields = postCalls.filter((call) => fieldNames(call.request).length > 0);

describe.each(postCallsWithFields.map((call) => [call.path, call] as const))('POST %s fields', (_path, call) => {
  test('a value of the wrong shape in every field is a 400 naming a field, and changes nothing', async () => {
    const fields = fieldNames(call.request);
    const before = await snapshot();
    const body = Object.fromEntries(fields.map((name) => [name, { a: { b: 'x' } }]));
    const response = await visitor.post(call.path, body);
    expectRefusal(response.statusCode, response.json(), 400);
    const answer = response.json<{ error: string; errors: Record<string, string> }>();
    expect(Object.keys(answer.errors).length).toBeGreaterThan(0);
    expect(fields.some((name) => answer.error.includes(`'${name}`))).toBe(true);
    expect(await snapshot()).toBe(before);
  });
});

describe.each(postCalls.map((call) => [call.path, call] as const))('POST %s', (_path, call) => {
  test('a body nested too deeply is a 400', async () => {
    const before = await snapshot();
    const response = await visitor.post(call.path, 'a[b][c][d][e][f][g][h]=1');
    expectRefusal(response.statusCode, response.json(), 400);
    expect(await snapshot()).toBe(before);
  });

  test('JSON or text instead of a form is a 415 that says what to send', async () => {
    const before = await snapshot();
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await visitor.post(call.path, '{"ticket_id":1}', { contentType });
      expectRefusal(response.statusCode, response.json(), 415);
      expect(response.json().error).toContain('application/x-www-form-urlencoded');
    }
    expect(await snapshot()).toBe(before);
  });

  test('a body over the size limit is a 413', async () => {
    const before = await snapshot();
    const response = await visitor.post(call.path, `x=${'a'.repeat(70 * 1024)}`);
    expectRefusal(response.statusCode, response.json(), 413);
    expect(await snapshot()).toBe(before);
  });

  test('too many fields is refused', async () => {
    const before = await snapshot();
    const response = await visitor.post(call.path, Array.from({ length: 1200 }, (_, i) => `f${i}=1`).join('&'));
    expectRefusal(response.statusCode, response.json(), 413);
    expect(await snapshot()).toBe(before);
  });

  test('without the XSRF header it is a 403', async () => {
    const before = await snapshot();
    const response = await visitor.post(call.path, {}, { xsrf: false });
    expectRefusal(response.statusCode, response.json(), 403);
    expect(await snapshot()).toBe(before);
  });
});

describe.each(getCalls.map((call) => [call.path, call] as const))('GET %s', (_path, call) => {
  test('POST to it is a 404 with { error }; a hostile query string is ignored; nothing changes', async () => {
    const before = await snapshot();
    const wrongMethod = await visitor.post(call.path, {});
    expectRefusal(wrongMethod.statusCode, wrongMethod.json(), 404);
    const plain = await visitor.get(call.path);
    const hostile = await visitor.get(
      `${call.path}?a[b][c][d][e][f][g][h]=1&x=%ZZ&__proto__[polluted]=1&constructor[prototype][p]=1`,
    );
    expect(hostile.statusCode).toBe(plain.statusCode);
    expect(hostile.statusCode).not.toBe(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot()).toBe(before);
  });
});

describe('add_to_basket: each kind of bad value names its field', () => {
  const cases: [string, string, string][] = [
    ['a negative quantity', `ticket_id=${SEED.ticket.onSale}&quantity=-1`, 'quantity'],
    ['a zero quantity', `ticket_id=${SEED.ticket.onSale}&quantity=0`, 'quantity'],
    ['a fractional quantity', `ticket_id=${SEED.ticket.onSale}&quantity=1.5`, 'quantity'],
    ['a word for a quantity', `ticket_id=${SEED.ticket.onSale}&quantity=abc`, 'quantity'],
    ['an empty quantity', `ticket_id=${SEED.ticket.onSale}&quantity=`, 'quantity'],
    ['a huge quantity', `ticket_id=${SEED.ticket.onSale}&quantity=99999999999999999999`, 'quantity'],
    ['a missing quantity', `ticket_id=${SEED.ticket.onSale}`, 'quantity'],
    ['a repeated ticket id', `ticket_id=1&ticket_id=2&quantity=1`, 'ticket_id'],
    ['a ticket id of zero', `ticket_id=0&quantity=1`, 'ticket_id'],
    ['a voucher value with three decimals', `gift_voucher_id=${SEED.giftVoucher.folk}&qty=1&value=10.555`, 'value'],
    ['a negative voucher value', `gift_voucher_id=${SEED.giftVoucher.folk}&qty=1&value=-10`, 'value'],
    ['a voucher without a value', `gift_voucher_id=${SEED.giftVoucher.folk}&qty=1`, 'value'],
    ['nothing at all', '', 'ticket_id'],
  ];
  test.each(cases)('%s', async (_name, body, field) => {
    const before = await snapshot();
    const response = await visitor.post(paths.addToBasket, body);
    expectRefusal(response.statusCode, response.json(), 400);
    expect(response.json().error).toContain(`'${field}'`);
    expect(response.json().errors).toHaveProperty(field);
    expect(await snapshot()).toBe(before);
  });
});

describe('unknown routes', () => {
  test.each([
    ['GET', '/ajax/checkout/checkout/no_such_call/'],
    ['POST', '/ajax/checkout/checkout/no_such_call/'],
    ['GET', '/nowhere'],
  ])('%s %s is a 404 with { error }', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET' | 'POST', url });
    expectRefusal(response.statusCode, response.json(), 404);
  });
});
