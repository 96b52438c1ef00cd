import { CheckoutSchema, ExtendReservationResponseSchema } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as messages from '@checkout/shared/messages/shell';
import { expireHolds, setStockBuckets } from '../inventory/holds';
import { SEED } from '../seed/catalogue';
import { serverMessages } from '../http/server-messages';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { extensionUsed } from './extend';
import { buyerOf, freshTicketType, saleOf, salePaths as paths, stockOf } from '../testing/sale-support';

let t: TestApp;
// Creating the first database snapshot of a new schema takes a while on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const HOLD_SECONDS = 900;
const MINUTE = 60_000;

/** An event's 'Need more time?' allowance, as its organiser set it. */
async function allow(eventId: number, minutes: number): Promise<void> {
  await t.db.updateTable('events').set({ hold_extension_minutes: minutes }).where('id', '=', eventId).execute();
}

/** A buyer holding a live reservation of one fresh ticket of the 'On-sale test' event (extension: `minutes`). */
async function reservedBuyer(minutes: number, capacity = 5): Promise<{ buyer: Visitor; ticketTypeId: number }> {
  await allow(SEED.event.onSale, minutes);
  const ticketTypeId = await freshTicketType(t, capacity);
  const buyer = await buyerOf(t, ticketTypeId, 2);
  expect((await buyer.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
  return { buyer, ticketTypeId };
}

async function checkoutOf(visitor: Visitor) {
  return CheckoutSchema.parse((await visitor.get(paths.get)).json());
}

async function extend(visitor: Visitor, reference?: string) {
  const saleReference = reference ?? (await checkoutOf(visitor)).sale_reference ?? '';
  return visitor.post(paths.extend, { sale_reference: saleReference });
}

/** What an extension may change: the sale's expiry and the expiry of its holds. */
async function holdTimes(visitor: Visitor) {
  const sale = await saleOf(t, visitor);
  const holds = await t.db
    .selectFrom('holds')
    .select(['status', 'expires_at'])
    .where('sale_id', '=', sale.id)
    .orderBy('id')
    .execute();
  return { status: sale.status, expiresAt: sale.hold_expires_at?.toISOString() ?? null, holds };
}

describe('extensionUsed', () => {
  const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
  test.each<[string, Date | null, Date | null, boolean]>([
    ['never extended', at(0), null, false],
    ['extended during this reservation', at(0), at(11), true],
    ['extended in the same instant it was reserved', at(0), at(0), true],
    ['extended during an earlier reservation of the sale', at(20), at(11), false],
    ['no reservation', null, at(11), false],
  ])('%s', (_name, reservedAt, extendedAt, used) => {
    expect(extensionUsed({ reserved_at: reservedAt, hold_extended_at: extendedAt })).toBe(used);
  });
});

describe('extend_reservation', () => {
  test("the demo catalogue's Aquarium Late Nights offers 5 minutes once reserved", async () => {
    const buyer = await buyerOf(t, SEED.ticket.aquariumEarly, 1);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    expect((await buyer.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);
    // The step after reserving learns it from the state change too.
    expect((await buyer.post(paths.state, { state: 'login', from: 'reserve' })).json()).toEqual({
      seconds_remaining: HOLD_SECONDS,
      hold_extension_minutes: 5,
    });
  });

  test("adds the event's minutes once: the sale, its holds and the checkout carry the new time", async () => {
    const { buyer, ticketTypeId } = await reservedBuyer(10);
    const reservedUntil = (await saleOf(t, buyer)).hold_expires_at as Date;
    const offered = await checkoutOf(buyer);
    expect(offered.hold_extension_minutes).toBe(10);

    t.clock.advance(11 * MINUTE);
    const response = await extend(buyer);
    expect(response.statusCode).toBe(200);
    const answer = ExtendReservationResponseSchema.parse(response.json());
    const newExpiry = new Date(reservedUntil.getTime() + 10 * MINUTE);
    expect(answer).toEqual({
      seconds_remaining: HOLD_SECONDS - 11 * 60 + 10 * 60,
      hold_expires_at: newExpiry.toISOString(),
      minutes_added: 10,
    });
    const times = await holdTimes(buyer);
    expect(times.expiresAt).toBe(newExpiry.toISOString());
    expect(times.holds).toEqual([{ status: 'active', expires_at: newExpiry }]);

    // The page's next load: the new time, and no offer any more.
    const after = await checkoutOf(buyer);
    expect(after.seconds_remaining).toBe(answer.seconds_remaining);
    expect(after.hold_extension_minutes).toBeNull();

    // The sweeper honours the new time: past the old expiry nothing is released, past the new one the stock returns.
    t.clock.set(new Date(reservedUntil.getTime() + MINUTE));
    await expireHolds(t.db, t.clock.now());
    expect(await stockOf(t, ticketTypeId)).toMatchObject({ held: 2, activeHolds: 2 });
    expect((await checkoutOf(buyer)).seconds_remaining).toBe(9 * 60);
    t.clock.set(new Date(newExpiry.getTime() + 1000));
    await expireHolds(t.db, t.clock.now());
    expect(await stockOf(t, ticketTypeId)).toMatchObject({ held: 0, activeHolds: 0 });
    expect((await holdTimes(buyer)).status).toBe('expired');
  });

  test.each([
    ['on the ticket row', 1],
    ['spread over stock buckets', 4],
  ])(
    'stock held %s stays held for the new time: another buyer finds none until the extended hold ends',
    async (_name, buckets) => {
      await allow(SEED.event.onSale, 5);
      const ticketTypeId = await freshTicketType(t, 2);
      if (buckets > 1) await t.db.transaction().execute((tx) => setStockBuckets(tx, ticketTypeId, buckets));
      const buyer = await buyerOf(t, ticketTypeId, 2);
      expect((await buyer.post(paths.reserve)).json()).toMatchObject({ reserved: true });
      const reservedUntil = (await saleOf(t, buyer)).hold_expires_at as Date;
      expect((await extend(buyer)).statusCode).toBe(200);

      // Past the first expiry: a reservation short of stock sweeps lapsed holds, and this one is not lapsed.
      t.clock.set(new Date(reservedUntil.getTime() + MINUTE));
      const other = await buyerOf(t, ticketTypeId, 1);
      expect((await other.post(paths.reserve)).json()).toMatchObject({ reserved: false });
      expect(await stockOf(t, ticketTypeId)).toMatchObject({ held: 2, activeHolds: 2 });

      t.clock.set(new Date(reservedUntil.getTime() + 5 * MINUTE + 1000));
      expect((await other.post(paths.reserve)).json()).toMatchObject({ reserved: true });
      expect(await stockOf(t, ticketTypeId)).toMatchObject({ activeHolds: 1 });
      expect((await holdTimes(buyer)).status).toBe('expired');
    },
  );

  test('a second call, a replay or a second tab at once: one extension, the others refused, nothing moves twice', async () => {
    const { buyer } = await reservedBuyer(5);
    const reference = (await checkoutOf(buyer)).sale_reference ?? '';
    const [first, second] = await Promise.all([extend(buyer, reference), extend(buyer, reference)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().error).toBe(messages.extensionAlreadyUsed);
    const extended = await holdTimes(buyer);

    t.clock.advance(MINUTE);
    const again = await extend(buyer, reference);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(messages.extensionAlreadyUsed);
    expect(await holdTimes(buyer)).toEqual(extended);
  });

  test("another buyer cannot extend someone else's reservation, with its reference or without one of their own", async () => {
    const { buyer } = await reservedBuyer(5);
    const reference = (await checkoutOf(buyer)).sale_reference ?? '';
    const before = await holdTimes(buyer);

    // A visitor with no sale at all.
    const stranger = await t.visitor();
    const strangerAnswer = await extend(stranger, reference);
    expect(strangerAnswer.statusCode).toBe(409);
    expect(strangerAnswer.json()).toMatchObject({ error: serverMessages.stateNeedsReservation, type: 'reserving' });

    // A buyer with a live reservation of their own, naming the first buyer's.
    const { buyer: other } = await reservedBuyer(5);
    const otherBefore = await holdTimes(other);
    const otherAnswer = await extend(other, reference);
    expect(otherAnswer.statusCode).toBe(409);
    expect(otherAnswer.json().error).toBe(messages.extensionOtherReservation);

    expect(await holdTimes(buyer)).toEqual(before);
    expect(await holdTimes(other)).toEqual(otherBefore);
    // Neither refusal used the other buyer's chance.
    expect((await checkoutOf(other)).hold_extension_minutes).toBe(5);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);
  });

  test('after the reservation expired: the basket refusal, and nothing is held again', async () => {
    const { buyer, ticketTypeId } = await reservedBuyer(5);
    t.clock.advance(HOLD_SECONDS * 1000 + 1000);
    const before = await holdTimes(buyer);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    const response = await extend(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: commonMessages.checkoutExpired, type: 'reserving' });
    expect(await holdTimes(buyer)).toEqual(before);
    await expireHolds(t.db, t.clock.now());
    expect(await stockOf(t, ticketTypeId)).toMatchObject({ held: 0, activeHolds: 0 });
  });

  test('a basket not reserved yet cannot be extended', async () => {
    await allow(SEED.event.onSale, 5);
    const buyer = await buyerOf(t, await freshTicketType(t, 5), 1);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    const response = await extend(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: serverMessages.stateNeedsReservation, type: 'reserving' });
  });

  test('an event that allows no extension: not offered, and refused', async () => {
    const { buyer } = await reservedBuyer(0);
    const before = await holdTimes(buyer);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    const response = await extend(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(messages.extensionNotOffered);
    expect(await holdTimes(buyer)).toEqual(before);
  });

  test('a basket of several events gets the smallest allowance, and none when one of them allows none', async () => {
    await allow(SEED.event.onSale, 10);
    await allow(SEED.event.comedy, 3);
    const mixed = await buyerOf(t, await freshTicketType(t, 5), 1);
    await mixed.post(paths.add, { ticket_id: SEED.ticket.comedyNight, quantity: 1 });
    expect((await mixed.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    expect((await checkoutOf(mixed)).hold_extension_minutes).toBe(3);
    const reservedUntil = (await saleOf(t, mixed)).hold_expires_at as Date;
    const answer = (await extend(mixed)).json();
    expect(answer).toMatchObject({ minutes_added: 3, seconds_remaining: HOLD_SECONDS + 180 });
    const expiresAt = new Date(reservedUntil.getTime() + 3 * MINUTE);
    expect((await holdTimes(mixed)).holds).toEqual([
      { status: 'active', expires_at: expiresAt },
      { status: 'active', expires_at: expiresAt },
    ]);

    await allow(SEED.event.comedy, 0);
    const refused = await buyerOf(t, await freshTicketType(t, 5), 1);
    await refused.post(paths.add, { ticket_id: SEED.ticket.comedyNight, quantity: 1 });
    expect((await refused.post(paths.reserve)).json()).toMatchObject({ reserved: true });
    expect((await checkoutOf(refused)).hold_extension_minutes).toBeNull();
    const before = await holdTimes(refused);
    const response = await extend(refused);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(messages.extensionNotOffered);
    expect(await holdTimes(refused)).toEqual(before);
  });

  test('after a payment started, or once paid: refused', async () => {
    const { buyer } = await reservedBuyer(5);
    const sale = await saleOf(t, buyer);
    const now = t.clock.now();
    const payment = await t.db
      .insertInto('sale_provider_payments')
      .values({
        sale_id: sale.id,
        provider: 'stripe',
        provider_payment_id: `pi_extend_${sale.id}`,
        amount_minor: 2000,
        currency: 'GBP',
        created_at: now,
        updated_at: now,
        status: 'open',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await holdTimes(buyer);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    const response = await extend(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(messages.extensionPaymentStarted);
    expect(await holdTimes(buyer)).toEqual(before);

    // The payment failed: the reservation is the buyer's to extend again.
    await t.db.updateTable('sale_provider_payments').set({ status: 'failed' }).where('id', '=', payment.id).execute();
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);

    await t.db.updateTable('sales').set({ status: 'paid', hold_expires_at: null }).where('id', '=', sale.id).execute();
    const paid = await extend(buyer);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(serverMessages.alreadyPaid);
  });

  test('a reservation made again after Edit basket has its own one chance', async () => {
    const { buyer } = await reservedBuyer(5);
    expect((await extend(buyer)).statusCode).toBe(200);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();

    expect((await buyer.post(paths.destroy)).json()).toEqual({ success: true });
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBeNull();
    expect((await buyer.post(paths.reserve)).json()).toMatchObject({ reserved: true, fresh_reservation: true });
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);
    const second = await extend(buyer);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ minutes_added: 5, seconds_remaining: HOLD_SECONDS + 300 });
    expect((await extend(buyer)).json().error).toBe(messages.extensionAlreadyUsed);
  });

  test.each([
    ['no sale reference', '', 'sale_reference'],
    ['an empty sale reference', 'sale_reference=', 'sale_reference'],
    ['a list of references', 'sale_reference=CT-A&sale_reference=CT-B', 'sale_reference'],
    ['a reference as an object', 'sale_reference[a]=b', 'sale_reference'],
    ['a reference too long', `sale_reference=${'A'.repeat(201)}`, 'sale_reference'],
  ])('%s is a 400 naming the field, and changes nothing', async (_name, body, field) => {
    const { buyer } = await reservedBuyer(5);
    const before = await holdTimes(buyer);
    const response = await buyer.post(paths.extend, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(`'${field}'`);
    expect(response.json().errors).toHaveProperty(field);
    expect(await holdTimes(buyer)).toEqual(before);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);
  });

  test('without the XSRF header it is refused before anything is read', async () => {
    const { buyer } = await reservedBuyer(5);
    const reference = (await checkoutOf(buyer)).sale_reference ?? '';
    const response = await buyer.post(paths.extend, { sale_reference: reference }, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect((await checkoutOf(buyer)).hold_extension_minutes).toBe(5);
  });
});
