import { createTestApp, paths, type TestApp } from '../testing/test-app';
import { loadIdentityConfig } from './config';
import { accountPaths, guestVisitor, proveEmail, reservedVisitor } from '../testing/identity';

/**
 * The checkout's proven_guest: the account step carries on after a reload or Edit basket for the guest this very
 * session proved by code, and for nobody else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { holdSeconds: 7200, identity: { ...loadIdentityConfig({}), verifiedEmailSeconds: 1800 } },
  });
}, 60_000);
afterAll(() => t.close());

let n = 0;
const newEmail = () => `proven${++n}@example.org`;
const link = (reference: string) => `/smartcheckout/?session=${encodeURIComponent(reference)}`;

describe('proven_guest on get_checkout', () => {
  test('none before a code is checked', async () => {
    const visitor = await reservedVisitor(t);
    expect((await visitor.get(paths.get)).json().proven_guest).toBeNull();
  });

  test('after Verify and a reload: the proved email, no name yet', async () => {
    const visitor = await reservedVisitor(t);
    const email = newEmail();
    await proveEmail(t, visitor, email);
    expect((await visitor.get(paths.get)).json().proven_guest).toEqual({ email, full_name: null });
  });

  test('Edit basket and reserving again keep the proved guest and their name', async () => {
    const email = newEmail();
    const visitor = await guestVisitor(t, email, 'Robin Guest');
    expect((await visitor.post(paths.destroy)).statusCode).toBe(200);
    expect((await visitor.post(paths.reserve)).json().reserved).toBe(true);
    const checkout = (await visitor.get(paths.get)).json();
    expect(checkout.proven_guest).toEqual({ email, full_name: 'Robin Guest' });
    // The name form's Continue saves them again, without a new code.
    const saved = await visitor.post(accountPaths.saveGuest, { email, fullname: 'Robin Guest' });
    expect(saved.statusCode).toBe(200);
  });

  test('another browser opening the recovery link sees no proof, and the buyer is forgotten there', async () => {
    const email = newEmail();
    const buyer = await guestVisitor(t, email, 'Robin Guest');
    const reference = (await buyer.get(paths.get)).json().sale_reference as string;
    const other = await t.visitor();
    await other.get(link(reference));
    const seen = (await other.get(paths.get)).json();
    expect(seen.sale_reference).toBe(reference);
    expect(seen.proven_guest).toBeNull();
    expect(seen.init_guest_email).toBeNull();
    // The proving browser no longer holds the sale: nothing to carry on with there either.
    expect((await buyer.get(paths.get)).json().proven_guest).toBeNull();
  });

  test('the proof goes stale as save_guest_to_sale would refuse it', async () => {
    const email = newEmail();
    const visitor = await guestVisitor(t, email);
    t.clock.advance(1801 * 1000);
    expect((await visitor.get(paths.get)).json().proven_guest).toBeNull();
    t.clock.advance(-1801 * 1000);
  });

  test('Not you? Sign out: the proof is gone', async () => {
    const email = newEmail();
    const visitor = await guestVisitor(t, email);
    await visitor.post(accountPaths.logout);
    expect((await visitor.get(paths.get)).json().proven_guest).toBeNull();
  });

  test('a signed-in account is not a guest', async () => {
    const visitor = await reservedVisitor(t);
    await proveEmail(t, visitor, 'demo@example.com');
    expect((await visitor.get(paths.get)).json().proven_guest).toBeNull();
  });
});
