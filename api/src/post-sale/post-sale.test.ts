import { calls } from '@checkout/shared';
import { markPaid } from '../delivery/test-support';
import { demoUserVisitor, guestVisitor, reservedVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';

/** The order-completed calls: simple info, referral link, feedback, event subscription. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const gala = [{ ticket_id: SEED.ticket.galaAdult, quantity: 1 }];

async function saleOf(visitor: Visitor) {
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}

async function paid(visitor: Visitor): Promise<Visitor> {
  await markPaid(t.db, (await saleOf(visitor)).id, t.clock.now());
  return visitor;
}

const feedbackOf = (saleId: number) =>
  t.db.selectFrom('sale_feedback').select('message').where('sale_id', '=', saleId).execute();

describe('get_simple_info', () => {
  test("the session's sale email and reference", async () => {
    const visitor = await guestVisitor(t, 'simple@example.com', 'Sam Simple', gala);
    const sale = await saleOf(visitor);
    const response = await visitor.get(calls.getSimpleInfo.path);
    expect(response.json()).toEqual({ sale_email: 'simple@example.com', sale_reference: sale.reference });
  });

  test('empty strings without a sale', async () => {
    const visitor = await t.visitor();
    expect((await visitor.get(calls.getSimpleInfo.path)).json()).toEqual({ sale_email: '', sale_reference: '' });
  });
});

describe('get_reward_referrer_link', () => {
  test('a link per buyer and event: stable for the buyer, another for another buyer, with an unguessable token', async () => {
    const first = await paid(await guestVisitor(t, 'ref-a@example.com', 'Ann Ref', gala));
    const link = (await first.get(calls.getRewardReferrerLink.path)).json<string>();
    expect(link).toMatch(/^http.*\/all-events\/\?ref=[A-Za-z0-9_-]{22}$/);
    expect((await first.get(calls.getRewardReferrerLink.path)).json()).toBe(link);
    const again = await paid(await guestVisitor(t, 'ref-a@example.com', 'Ann Ref', gala));
    expect((await again.get(calls.getRewardReferrerLink.path)).json()).toBe(link);
    const other = await paid(await guestVisitor(t, 'ref-b@example.com', 'Bo Ref', gala));
    expect((await other.get(calls.getRewardReferrerLink.path)).json()).not.toBe(link);
  });

  test('refused before payment, and nothing stored', async () => {
    const visitor = await guestVisitor(t, 'ref-c@example.com', 'Cy Ref', gala);
    expect((await visitor.get(calls.getRewardReferrerLink.path)).statusCode).toBe(409);
    expect(
      await t.db.selectFrom('referral_links').selectAll().where('email', '=', 'ref-c@example.com').execute(),
    ).toEqual([]);
  });
});

describe('send_customer_feedback', () => {
  test('the message is stored with the sale', async () => {
    const visitor = await paid(await reservedVisitor(t, gala));
    const response = await visitor.post(calls.sendCustomerFeedback.path, { message: 'Lovely evening, thank you' });
    expect(response.json()).toEqual({ success: true });
    expect(await feedbackOf((await saleOf(visitor)).id)).toEqual([{ message: 'Lovely evening, thank you' }]);
  });

  test.each([
    ['an empty message', ''],
    ['only spaces', '   '],
  ])('%s is a 400 and nothing is stored', async (_name, message) => {
    const visitor = await paid(await reservedVisitor(t, gala));
    const response = await visitor.post(calls.sendCustomerFeedback.path, { message });
    expect(response.statusCode).toBe(400);
    expect(await feedbackOf((await saleOf(visitor)).id)).toEqual([]);
  });

  test('refused before payment', async () => {
    const visitor = await reservedVisitor(t, gala);
    expect((await visitor.post(calls.sendCustomerFeedback.path, { message: 'Hi' })).statusCode).toBe(409);
    expect(await feedbackOf((await saleOf(visitor)).id)).toEqual([]);
  });
});

describe('subscribe_to_events', () => {
  test("a guest's email is subscribed to event news", async () => {
    const visitor = await paid(await guestVisitor(t, 'news@example.com', 'Nia News', gala));
    expect((await visitor.post(calls.subscribeToEvents.path, {})).json()).toEqual({ success: true });
    const contact = await t.db
      .selectFrom('marketing_contacts')
      .selectAll()
      .where('email', '=', 'news@example.com')
      .executeTakeFirstOrThrow();
    expect(contact.event_subscribed).toBe(true);
  });

  test('a signed-in buyer is subscribed on their account', async () => {
    const user = () =>
      t.db.selectFrom('users').select('is_event_subscribed').where('id', '=', SEED.user.demo).executeTakeFirstOrThrow();
    expect((await user()).is_event_subscribed).toBe(false);
    const visitor = await paid(await demoUserVisitor(t, gala));
    expect((await visitor.post(calls.subscribeToEvents.path, {})).json()).toEqual({ success: true });
    expect((await user()).is_event_subscribed).toBe(true);
  });

  test('refused before payment', async () => {
    const visitor = await guestVisitor(t, 'early@example.com', 'Ed Early', gala);
    expect((await visitor.post(calls.subscribeToEvents.path, {})).statusCode).toBe(409);
    expect(
      await t.db
        .selectFrom('marketing_contacts')
        .selectAll()
        .where('email', '=', 'early@example.com')
        .where('event_subscribed', '=', true)
        .execute(),
    ).toEqual([]);
  });
});
