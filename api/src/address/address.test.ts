import http from 'node:http';
import { type FormValue } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery-address';
import * as paymentMessages from '@checkout/shared/messages/payment';
import { loadIdentityConfig } from '../identity/config';
import {
  accountPaths,
  accountSnapshot,
  demoUserVisitor,
  guestVisitor,
  proveEmail,
  reservedVisitor,
} from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { loadAddressConfig } from './config';
import { idealPostcodesLookup } from './lookup/ideal-postcodes';
import { offlineLookup } from './lookup/offline';
import { addressMessages } from './messages';

/**
 * Addresses: the country and state lists, the signed-in user's address book (nobody else can read or delete
 * it), address lookup (offline by default, a real provider with a key), and the sale's delivery address.
 */
// Some tests build their own app: a fresh database snapshot can take several seconds the first time.
jest.setTimeout(60_000);
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

const ukAddress = {
  selected_user_address_id: 'new',
  first_name: 'Robin',
  last_name: 'Guest',
  address_1: '14 Marine Parade',
  address_2: '',
  town: 'Brighton',
  postcode: 'BN2 1TL',
  country: 1,
  state: '',
} satisfies Record<string, FormValue>;
const usAddress = {
  ...ukAddress,
  address_1: '350 Fifth Avenue',
  town: 'New York',
  postcode: '10118',
  country: 2,
  state: 33,
};

async function saleOf(visitor: Visitor) {
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  return t.db.selectFrom('sales').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}

async function deliveryOf(visitor: Visitor) {
  const sale = await saleOf(visitor);
  return t.db.selectFrom('sale_delivery_addresses').selectAll().where('sale_id', '=', sale.id).executeTakeFirst();
}

describe('get_address_all_countries_states', () => {
  test('every ISO 3166 country, the UK as 1 and the USA as 2 first; the US states as country 2', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(accountPaths.countries);
    expect(response.statusCode).toBe(200);
    const { countries, states } = response.json<{
      countries: { id: number; name: string; code: string }[];
      states: { id: number; name: string; country_id: number }[];
    }>();
    expect(countries).toHaveLength(249);
    expect(countries.slice(0, 2)).toEqual([
      { id: 1, name: 'United Kingdom', code: 'GB' },
      { id: 2, name: 'United States', code: 'US' },
    ]);
    expect(new Set(countries.map((c) => c.id)).size).toBe(249);
    // Each with its ISO 3166-1 alpha-2 code: the page matches the browser's language region with it.
    expect(countries.find((c) => c.name === 'Germany')).toMatchObject({ code: 'DE' });
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(new Set(countries.map((c) => c.name)).size).toBe(249);
    expect(countries.map((c) => c.name)).toEqual(
      expect.arrayContaining(['France', 'Ireland', 'Germany', 'Japan', "Côte d'Ivoire", 'Åland Islands']),
    );
    const rest = countries.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
    expect(states.every((s) => s.country_id === 2)).toBe(true);
    expect(states).toEqual(
      expect.arrayContaining([
        { id: 33, name: 'New York', country_id: 2 },
        { id: 9, name: 'District of Columbia', country_id: 2 },
      ]),
    );
    expect(states.filter((s) => s.id <= 51)).toHaveLength(51);
  });
});

describe('the address book belongs to its owner', () => {
  test('a guest has none; the demo user sees their own two; another user sees none of them', async () => {
    const guest = await t.visitor();
    expect((await guest.post(accountPaths.userAddresses)).json()).toEqual({ existing_addresses: [] });

    const demo = await demoUserVisitor(t);
    expect((await demo.post(accountPaths.userAddresses)).json()).toEqual({
      existing_addresses: [
        {
          id: SEED.address.demoHome,
          first_name: 'Alex',
          last_name: 'Morgan',
          full_address: '14 Marine Parade, Brighton, BN2 1TL, United Kingdom',
        },
        {
          id: SEED.address.demoUs,
          first_name: 'Alex',
          last_name: 'Morgan',
          full_address: '350 Fifth Avenue, Suite 2100, New York, NY 10118, United States',
        },
      ],
    });

    const other = await reservedVisitor(t);
    await proveEmail(t, other, 'dark@example.com');
    expect((await other.post(accountPaths.userAddresses)).json()).toEqual({ existing_addresses: [] });
  });

  test("another session cannot delete the demo user's address (signed in as someone else, or a guest), and nothing changes", async () => {
    const other = await reservedVisitor(t);
    await proveEmail(t, other, 'dark@example.com');
    const guest = await t.visitor();
    const before = await accountSnapshot(t);
    for (const visitor of [other, guest]) {
      const response = await visitor.post(accountPaths.deleteAddress, { address_id: SEED.address.demoHome });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: addressMessages.notYourAddress,
        errors: { address_id: addressMessages.notYourAddress },
        request_id: expect.any(String),
      });
    }
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('the owner can delete their own address, once', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'deleter@example.org', first_name: 'Dee', last_name: 'Leter' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const saved = await t.db
      .insertInto('user_addresses')
      .values({
        user_id: user.id,
        first_name: 'Dee',
        last_name: 'Leter',
        address_1: '1 Sussex Square',
        town: 'Brighton',
        postcode: 'BN2 1FJ',
        country_code: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = await reservedVisitor(t);
    await proveEmail(t, visitor, 'deleter@example.org');
    expect((await visitor.post(accountPaths.userAddresses)).json().existing_addresses).toHaveLength(1);
    expect((await visitor.post(accountPaths.deleteAddress, { address_id: saved.id })).json()).toEqual({
      success: true,
    });
    expect((await visitor.post(accountPaths.userAddresses)).json()).toEqual({ existing_addresses: [] });
    expect((await visitor.post(accountPaths.deleteAddress, { address_id: saved.id })).statusCode).toBe(404);
  });
});

describe('lookup_address (offline provider)', () => {
  test.each([
    ['BN2 1TL', 5],
    ['bn21tl', 5],
    ['BN2', 8],
    ['hoxton square', 4],
    ['Marine Parade Brighton', 5],
    ['Nowhere Lane', 0],
  ])('%p finds %p addresses', async (query, count) => {
    const visitor = await t.visitor();
    const response = await visitor.post(accountPaths.lookup, { address: query });
    expect(response.statusCode).toBe(200);
    expect(response.json().possible_addresses).toHaveLength(count);
  });

  test('a result gives line 1 as formatted_address, then line 2, town and postcode', async () => {
    expect(await offlineLookup().lookup('SW1A 2AA')).toEqual([
      { formatted_address: '10 Downing Street', address_line_2: null, town: 'London', post_code: 'SW1A 2AA' },
    ]);
    expect((await offlineLookup().lookup('BN2 1TL')).find((r) => r.formatted_address === 'Flat 2')).toEqual({
      formatted_address: 'Flat 2',
      address_line_2: '16 Marine Parade',
      town: 'Brighton',
      post_code: 'BN2 1TL',
    });
  });

  test('under 3 characters is refused', async () => {
    const visitor = await t.visitor();
    const response = await visitor.post(accountPaths.lookup, { address: ' ab ' });
    expect(response.statusCode).toBe(400);
  });
});

describe('lookup_address (a real provider, against a local stub)', () => {
  let stub: http.Server;
  let base: string;
  const seen: string[] = [];
  beforeAll(async () => {
    stub = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stub');
      seen.push(`${url.pathname}?${url.searchParams.toString()}`);
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.searchParams.get('api_key') !== 'ak_test') return reply(401, { code: 4010, message: 'Invalid key' });
      if (url.pathname === '/v1/postcodes/BS14QA') {
        return reply(200, {
          code: 2000,
          result: [
            { line_1: 'Flat 1', line_2: '2 Queen Square', line_3: '', post_town: 'Bristol', postcode: 'BS1 4QA' },
            { line_1: '3 Queen Square', line_2: '', line_3: '', post_town: 'Bristol', postcode: 'BS1 4QA' },
          ],
        });
      }
      if (url.pathname.startsWith('/v1/postcodes/')) return reply(404, { code: 4040, message: 'Postcode not found' });
      if (url.pathname === '/v1/addresses' && url.searchParams.get('query') === 'queen square') {
        return reply(200, {
          code: 2000,
          result: { hits: [{ line_1: '4 Queen Square', line_2: null, post_town: 'Bristol', postcode: 'BS1 4NT' }] },
        });
      }
      if (url.pathname === '/v1/addresses' && url.searchParams.get('query') === 'broken')
        return reply(500, { message: 'oops' });
      return reply(200, { code: 2000, result: { hits: [] } });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const address = stub.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

  test('a whole postcode is looked up as one, with the key; words are searched', async () => {
    const provider = idealPostcodesLookup({ baseUrl: base, apiKey: 'ak_test' });
    expect(await provider.lookup('bs1 4qa')).toEqual([
      { formatted_address: 'Flat 1', address_line_2: '2 Queen Square', town: 'Bristol', post_code: 'BS1 4QA' },
      { formatted_address: '3 Queen Square', address_line_2: null, town: 'Bristol', post_code: 'BS1 4QA' },
    ]);
    expect(seen).toContain('/v1/postcodes/BS14QA?api_key=ak_test');
    expect(await provider.lookup('queen square')).toEqual([
      { formatted_address: '4 Queen Square', address_line_2: null, town: 'Bristol', post_code: 'BS1 4NT' },
    ]);
    expect(await provider.lookup('ZZ9 9ZZ')).toEqual([]);
    await expect(provider.lookup('broken')).rejects.toThrow('500');
    await expect(idealPostcodesLookup({ baseUrl: base, apiKey: 'wrong' }).lookup('BS1 4QA')).rejects.toThrow('401');
  });

  test('ADDRESS_LOOKUP_KEY switches the app to it; a provider failure is an empty list; lookups per client are limited', async () => {
    const app = await createTestApp({
      config: {
        address: {
          ...loadAddressConfig({ ADDRESS_LOOKUP_KEY: 'ak_test', ADDRESS_LOOKUP_URL: `${base}/` }),
          lookupsPerClient: { limit: 3, windowSeconds: 900 },
        },
      },
    });
    try {
      const visitor = await app.visitor();
      const found = await visitor.post(accountPaths.lookup, { address: 'BS1 4QA' });
      expect(found.json().possible_addresses.map((r: { formatted_address: string }) => r.formatted_address)).toEqual([
        'Flat 1',
        '3 Queen Square',
      ]);
      const broken = await visitor.post(accountPaths.lookup, { address: 'broken' });
      expect([broken.statusCode, broken.json()]).toEqual([200, { possible_addresses: [] }]);
      expect((await visitor.post(accountPaths.lookup, { address: 'queen square' })).statusCode).toBe(200);
      const limited = await visitor.post(accountPaths.lookup, { address: 'queen square' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe(addressMessages.tooManyLookups);
    } finally {
      await app.close();
    }
  });
});

describe('set_delivery_address', () => {
  test("a guest's new UK address is kept with the sale (a guest has no address book)", async () => {
    const visitor = await guestVisitor(t, 'guest-address@example.org');
    const addressesBefore = await t.db.selectFrom('user_addresses').select('id').execute();
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address: ukAddress });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await deliveryOf(visitor)).toMatchObject({
      user_address_id: null,
      first_name: 'Robin',
      last_name: 'Guest',
      address_1: '14 Marine Parade',
      address_2: null,
      town: 'Brighton',
      postcode: 'BN2 1TL',
      country_code: 1,
      state: null,
    });
    expect(await t.db.selectFrom('user_addresses').select('id').execute()).toEqual(addressesBefore);
  });

  test("a signed-in user's new address goes into their address book and onto the sale", async () => {
    const visitor = await demoUserVisitor(t);
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address: usAddress });
    expect(response.statusCode).toBe(200);
    const book = (await visitor.post(accountPaths.userAddresses)).json().existing_addresses as {
      id: number;
      full_address: string;
    }[];
    const added = book.find((entry) => entry.id !== SEED.address.demoHome && entry.id !== SEED.address.demoUs);
    expect(added?.full_address).toBe('350 Fifth Avenue, New York, NY 10118, United States');
    expect((await saleOf(visitor)).delivery_address_id).toBe(added?.id);
    expect(await deliveryOf(visitor)).toMatchObject({ user_address_id: added?.id, country_code: 2, state: 'NY' });
  });

  test('a saved address of the signed-in user is chosen by id', async () => {
    const visitor = await demoUserVisitor(t);
    expect(
      (
        await visitor.post(accountPaths.setDeliveryAddress, {
          address: { selected_user_address_id: SEED.address.demoHome },
        })
      ).statusCode,
    ).toBe(200);
    expect((await saleOf(visitor)).delivery_address_id).toBe(SEED.address.demoHome);
    expect(await deliveryOf(visitor)).toMatchObject({
      user_address_id: SEED.address.demoHome,
      address_1: '14 Marine Parade',
      postcode: 'BN2 1TL',
    });
  });

  test("someone else's saved address is refused, for a guest and for another user, and nothing changes", async () => {
    const guest = await guestVisitor(t, 'nosy-guest@example.org');
    const other = await reservedVisitor(t);
    await proveEmail(t, other, 'dark@example.com');
    const before = await accountSnapshot(t);
    for (const visitor of [guest, other]) {
      const response = await visitor.post(accountPaths.setDeliveryAddress, {
        address: { selected_user_address_id: SEED.address.demoHome },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(addressMessages.notYourAddress);
    }
    expect(await accountSnapshot(t)).toBe(before);
  });

  test.each([
    ['a USA address without a state', { ...usAddress, state: '' }, 'address'],
    ['a USA address with an unknown state', { ...usAddress, state: 999 }, 'state'],
    ['an unknown country', { ...ukAddress, country: 9999 }, 'country'],
    ['a blank first line', { ...ukAddress, address_1: '   ' }, 'address'],
    ['no postcode', { ...ukAddress, postcode: '' }, 'address'],
    ['no country', { ...ukAddress, country: '' }, 'address'],
  ])('%s is refused naming the field, and nothing changes', async (_name, address, field) => {
    const visitor = await guestVisitor(t, `invalid-${field}-${Math.random().toString(36).slice(2)}@example.org`);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await accountSnapshot(t)).toBe(before);
  });

  test.each([
    ['a UK postcode of the wrong shape', { ...ukAddress, postcode: 'XYZ' }, paymentMessages.billingUkPostcodeInvalid],
    ['a US ZIP code of 4 digits', { ...usAddress, postcode: '1011' }, paymentMessages.billingZipInvalid],
  ])('%s is refused with the billing form’s postcode rule, and nothing changes', async (_name, address, message) => {
    const visitor = await guestVisitor(t, `postcode-${Math.random().toString(36).slice(2)}@example.org`);
    const before = await accountSnapshot(t);
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, errors: { postcode: message } });
    expect(await deliveryOf(visitor)).toBeFalsy();
    expect(await accountSnapshot(t)).toBe(before);
  });

  test('a UK postcode typed in lower case without its space is taken', async () => {
    const visitor = await guestVisitor(t, 'postcode-lower@example.org');
    const response = await visitor.post(accountPaths.setDeliveryAddress, {
      address: { ...ukAddress, postcode: 'bn21tl' },
    });
    expect(response.statusCode).toBe(200);
  });

  test('a missing state is worded as the spec words it', async () => {
    const visitor = await guestVisitor(t, 'state-words@example.org');
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address: { ...usAddress, state: '' } });
    expect(response.json().error).toContain(messages.completeAddress);
  });

  test('outside the USA a state is not kept', async () => {
    const visitor = await guestVisitor(t, 'no-state@example.org');
    await visitor.post(accountPaths.setDeliveryAddress, { address: { ...ukAddress, state: 5 } });
    expect((await deliveryOf(visitor))?.state).toBeNull();
  });

  describe('gift vouchers', () => {
    const voucherBasket = [{ gift_voucher_id: SEED.giftVoucher.folk, qty: 1, value: 10 }];

    test('need who the voucher is from and for; nothing changes without them', async () => {
      const visitor = await guestVisitor(t, 'voucher-buyer@example.org', 'Robin Guest', voucherBasket);
      const before = await accountSnapshot(t);
      const response = await visitor.post(accountPaths.setDeliveryAddress, {
        address: ukAddress,
        gift_voucher_from: ' ',
        gift_voucher_to: '',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        gift_voucher_from: messages.giftVoucherFromRequired,
        gift_voucher_to: messages.giftVoucherToRequired,
      });
      expect(await accountSnapshot(t)).toBe(before);

      const ok = await visitor.post(accountPaths.setDeliveryAddress, {
        address: ukAddress,
        gift_voucher_from: ' Robin ',
        gift_voucher_to: 'Sam',
      });
      expect(ok.statusCode).toBe(200);
      expect(await saleOf(visitor)).toMatchObject({ gift_voucher_from: 'Robin', gift_voucher_to: 'Sam' });
    });

    test('a basket without vouchers ignores from/to', async () => {
      const visitor = await guestVisitor(t, 'no-voucher@example.org');
      await visitor.post(accountPaths.setDeliveryAddress, {
        address: ukAddress,
        gift_voucher_from: 'Robin',
        gift_voucher_to: 'Sam',
      });
      expect(await saleOf(visitor)).toMatchObject({ gift_voucher_from: null, gift_voucher_to: null });
    });
  });

  test("without a live reservation it is a 'reserving' refusal", async () => {
    const visitor = await guestVisitor(t, 'late-address@example.org');
    t.clock.advance(16 * 60_000);
    const response = await visitor.post(accountPaths.setDeliveryAddress, { address: ukAddress });
    expect(response.statusCode).toBe(409);
    expect(response.json().type).toBe('reserving');
  });
});
