import { loadIdentityConfig } from '../identity/config';
import { accountPaths, accountSnapshot, demoUserVisitor, guestVisitor, reservedVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { preferencesMessages } from './messages';

/**
 * set_marketing_preferences: a user's choices persist on the user and per organiser; a guest's on the
 * sale's email; the checkout's marketing_preferences and basket_organisers show them.
 */
const MANY = { limit: 10_000, windowSeconds: 900 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      identity: {
        ...loadIdentityConfig({}),
        sendsPerEmail: MANY,
        sendsPerEmailClient: MANY,
        sendsPerClient: MANY,
        checksPerClient: MANY,
      },
    },
  });
}, 60_000);
afterAll(() => t.close());

// Two organisers in one basket: the demo organiser (on-sale ticket) and the Folk Collective (gift voucher).
const twoOrganisers = [
  { ticket_id: SEED.ticket.onSale, quantity: 1 },
  { gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 10 },
];
const { demo, folk, lumen } = SEED.organiser;

async function preferences(visitor: Visitor) {
  const checkout = (await visitor.get(paths.get)).json();
  return {
    ...checkout.marketing_preferences,
    basket_organisers: Object.fromEntries(
      (checkout.marketing_preferences.basket_organisers as { id: number; organiser_subscribed: boolean }[]).map((o) => [
        o.id,
        o.organiser_subscribed,
      ]),
    ),
  };
}

test('each basket organiser comes with its name beside its sign-up message, so the page can say whose list a box is', async () => {
  const visitor = await reservedVisitor(t, twoOrganisers);
  const checkout = (await visitor.get(paths.get)).json();
  expect(checkout.marketing_preferences.basket_organisers).toEqual([
    expect.objectContaining({
      id: folk,
      name: 'Brighton Folk Collective',
      marketing_signup_message: 'Get first dibs on Folk Collective tickets',
    }),
    expect.objectContaining({ id: demo, name: 'Checkout Demo', marketing_signup_message: '' }),
  ]);
});

describe('a signed-in user', () => {
  test('choices are stored on the user and per organiser, shown by the checkout, and kept for the next sale', async () => {
    const visitor = await demoUserVisitor(t, twoOrganisers);
    // Seeded: the demo user follows the Folk Collective.
    expect(await preferences(visitor)).toMatchObject({
      ct_subscribed: false,
      event_subscribed: false,
      basket_organisers: { [demo]: false, [folk]: true },
    });

    const response = await visitor.post(accountPaths.marketing, {
      ct_subscribed: true,
      event_subscribed: true,
      organiser_subscribed_marketing: { [demo]: true, [folk]: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await preferences(visitor)).toMatchObject({
      ct_subscribed: true,
      event_subscribed: true,
      basket_organisers: { [demo]: true, [folk]: false },
    });
    expect(
      await t.db
        .selectFrom('users')
        .select(['subscribed', 'is_event_subscribed'])
        .where('id', '=', SEED.user.demo)
        .executeTakeFirst(),
    ).toEqual({
      subscribed: true,
      is_event_subscribed: true,
    });
    const rows = await t.db
      .selectFrom('organiser_subscriptions')
      .select(['organiser_id', 'subscribed'])
      .where('user_id', '=', SEED.user.demo)
      .orderBy('organiser_id')
      .execute();
    expect(rows).toEqual([
      { organiser_id: folk, subscribed: false },
      { organiser_id: demo, subscribed: true },
    ]);
    expect((await visitor.get(paths.getUser)).json().user).toMatchObject({
      subscribed: true,
      is_event_subscribed: true,
    });

    const nextSale = await demoUserVisitor(t, twoOrganisers);
    expect(await preferences(nextSale)).toMatchObject({
      ct_subscribed: true,
      event_subscribed: true,
      basket_organisers: { [demo]: true, [folk]: false },
    });
  });

  test('an organiser left out of the map is a no (an unticked box)', async () => {
    const visitor = await demoUserVisitor(t, twoOrganisers);
    await visitor.post(accountPaths.marketing, {
      ct_subscribed: false,
      event_subscribed: false,
      organiser_subscribed_marketing: { [demo]: true, [folk]: true },
    });
    await visitor.post(accountPaths.marketing, { ct_subscribed: false, event_subscribed: false });
    expect((await preferences(visitor)).basket_organisers).toEqual({ [demo]: false, [folk]: false });
  });
});

describe('a guest', () => {
  test("choices are kept for the sale's email and shown on that email's next sale, not on anyone else's", async () => {
    const visitor = await guestVisitor(t, 'Keen.Guest@example.org', 'Keen Guest', twoOrganisers);
    expect(await preferences(visitor)).toMatchObject({
      ct_subscribed: false,
      event_subscribed: false,
      basket_organisers: { [demo]: false, [folk]: false },
    });
    const response = await visitor.post(accountPaths.marketing, {
      ct_subscribed: true,
      event_subscribed: false,
      organiser_subscribed_marketing: { [folk]: true },
    });
    expect(response.statusCode).toBe(200);
    expect(await preferences(visitor)).toMatchObject({
      ct_subscribed: true,
      event_subscribed: false,
      basket_organisers: { [demo]: false, [folk]: true },
    });
    expect(
      await t.db
        .selectFrom('marketing_contacts')
        .select(['ct_subscribed', 'event_subscribed'])
        .where('email', '=', 'keen.guest@example.org')
        .executeTakeFirst(),
    ).toEqual({
      ct_subscribed: true,
      event_subscribed: false,
    });

    const again = await guestVisitor(t, 'keen.guest@example.org', 'Keen Guest', twoOrganisers);
    expect(await preferences(again)).toMatchObject({
      ct_subscribed: true,
      basket_organisers: { [demo]: false, [folk]: true },
    });
    const someoneElse = await guestVisitor(t, 'other.guest@example.org', 'Other Guest', twoOrganisers);
    expect(await preferences(someoneElse)).toMatchObject({
      ct_subscribed: false,
      basket_organisers: { [demo]: false, [folk]: false },
    });
  });
});

describe('refusals change nothing', () => {
  test('an organiser with nothing in the basket', async () => {
    const visitor = await demoUserVisitor(t);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.marketing, {
      ct_subscribed: true,
      event_subscribed: true,
      organiser_subscribed_marketing: { [lumen]: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: preferencesMessages.organiserNotInBasket(lumen),
      errors: { organiser_subscribed_marketing: preferencesMessages.organiserNotInBasket(lumen) },
      request_id: expect.any(String),
    });
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('nobody to keep them for (no user, no guest email yet)', async () => {
    const visitor = await reservedVisitor(t);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.marketing, { ct_subscribed: true, event_subscribed: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(preferencesMessages.nobodyToSubscribe);
    expect(await accountSnapshot(t)).toBe(before);
  });

  test.each([
    ['a word for a flag', 'ct_subscribed=maybe&event_subscribed=true', 'ct_subscribed'],
    ['a missing flag', 'ct_subscribed=true', 'event_subscribed'],
    [
      'an organiser id that is not a number',
      'ct_subscribed=true&event_subscribed=true&organiser_subscribed_marketing[abc]=true',
      'organiser_subscribed_marketing.abc',
    ],
  ])('%s is a 400 naming the field', async (_name, body, field) => {
    const visitor = await demoUserVisitor(t);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.marketing, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).join(' ')).toContain(field.split('.')[0]);
    expect(await accountSnapshot(t)).toBe(before);
  });
});
