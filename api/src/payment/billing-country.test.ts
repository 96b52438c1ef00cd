import { COUNTRY } from '@checkout/shared';
import { accountPaths, demoUserVisitor, guestVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';

const GERMANY = 86;

/** The checkout's billing_country: what the sale tells of the buyer's billing country, in the shared rule's order. */
describe('billing_country', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const billingCountryOf = async (visitor: Visitor) => (await visitor.get(paths.get)).json().billing_country;
  const germanAddress = {
    selected_user_address_id: 'new',
    first_name: 'Greta',
    last_name: 'Gast',
    address_1: 'Friedrichstraße 1',
    town: 'Berlin',
    postcode: '10117',
    country: GERMANY,
  };

  test('a German delivery address given in this sale, though the basket is in pounds', async () => {
    const visitor = await guestVisitor(t, 'greta@example.org', 'Greta Gast');
    expect(await billingCountryOf(visitor)).toBe(COUNTRY.UK);
    expect((await visitor.post(accountPaths.setDeliveryAddress, { address: germanAddress })).statusCode).toBe(200);
    expect(await billingCountryOf(visitor)).toBe(GERMANY);
  });

  test("the signed-in demo user's saved address (in the USA) for a basket in pounds", async () => {
    const visitor = await demoUserVisitor(t);
    expect(await billingCountryOf(visitor)).toBe(COUNTRY.USA);
  });

  test.each([
    ['dollars: the USA', SEED.ticket.jazzBar, COUNTRY.USA],
    [
      'euros of an organiser with no known country: none (the page takes the browser’s region)',
      SEED.ticket.europaDay,
      null,
    ],
  ])('a guest’s basket in %s', async (_name, ticketId, country) => {
    const visitor = await t.visitor();
    expect((await visitor.post(paths.addToBasket, { ticket_id: ticketId, quantity: 1 })).statusCode).toBe(200);
    expect(await billingCountryOf(visitor)).toBe(country);
  });

  test('no sale: none', async () => {
    expect(await billingCountryOf(await t.visitor())).toBeNull();
  });
});
