import type { Insertable } from 'kysely';
import type {
  OrganiserSubscriptionsTable,
  UserAddressesTable,
  UserPaymentMethodsTable,
  UsersTable,
} from '../db/schema';

/**
 * The demo catalogue: every branch of the spec has an event to reach it (api/README.md lists them). Ids are stable so
 * tests and docs can name them: event N has dates N1, N2 and ticket types N01, N02, … (the on-sale test ticket is
 * 9001). The catalogue itself is demo-catalogue.json, loaded by the catalogue import (dates relative to the moment of
 * seeding, so the events are always ahead of a fresh install; external ids below 100000 become these ids). SEED names
 * the same ids for tests, and seed.test.ts checks the two agree.
 */
export const SEED = {
  charity: { lifeboat: 1 },
  organiser: { lifeboat: 1, folk: 2, lumen: 3, europa: 4, jazz: 5, villageHall: 6, demo: 7, express: 8, canal: 9 },
  event: {
    gala: 1,
    folk: 2,
    livestream: 3,
    europa: 4,
    jazz: 5,
    coffeeMorning: 6,
    aquarium: 7,
    summerFields: 8,
    kayak: 9,
    onSale: 10,
    comedy: 11,
    /** Express checkout: account details on the payment step (organiser 'Quick Tickets'). */
    express: 12,
    /** A EUR event of a square-type organiser: a bank transfer in euro (Festival Europa's organiser is stripe-type). */
    canal: 13,
  },
  ticket: {
    galaAdult: 101,
    galaChild: 102,
    folkStalls: 201,
    folkBalcony: 202,
    livestreamPass: 301,
    livestreamStanding: 302,
    /** £250 a booth: eight make a GBP basket over 2000 on a square-type organiser (no card option at 2000 or more). */
    livestreamBooth: 303,
    europaDay: 401,
    europaWeekend: 402,
    jazzTable: 501,
    jazzBar: 502,
    coffeeFree: 601,
    coffeeCake: 602,
    aquariumEarly: 701,
    aquariumLate: 702,
    summerWeekend: 801,
    summerDay: 802,
    kayakTaster: 901,
    onSale: 9001,
    comedyNight: 1101,
    expressEntry: 1201,
    canalSeat: 1301,
  },
  giftVoucher: { folk: 1, lifeboat: 2 },
  code: {
    percent: 'SAVE10',
    fixed: 'FOLK5',
    expired: 'EXPIRED20',
    usedUp: 'USEDUP',
    event: 'EURO15',
    giftVoucher: 'GIFT-DEMO-50',
    /** 20 % off Aquarium Late Nights tickets (a per-event code in pounds). */
    eventGbp: 'AQUA20',
    /** £3 off, one use in all: while one checkout holds it reserved, no other can use it. */
    oneUse: 'ONCEONLY',
  },
  user: { demo: 1, dark: 2 },
  address: { demoHome: 1, demoUs: 2 },
  waiver: { kayak: 1 },
} as const;

export interface SeedOptions {
  now: Date;
  /** Capacity of the 'On-sale test' ticket type (SEED_ONSALE_CAPACITY). */
  onSaleCapacity: number;
}

/** The demo accounts: buyers with addresses, saved cards and a subscription. They are not catalogue, so not in the file. */
export interface DemoAccounts {
  users: Insertable<UsersTable>[];
  userAddresses: Insertable<UserAddressesTable>[];
  userPaymentMethods: Insertable<UserPaymentMethodsTable>[];
  organiserSubscriptions: Insertable<OrganiserSubscriptionsTable>[];
}

export function demoAccounts(): DemoAccounts {
  const o = SEED.organiser;
  return {
    users: [
      { id: SEED.user.demo, email: 'demo@example.com', first_name: 'Alex', last_name: 'Morgan', phone: '07700 900123' },
      {
        id: SEED.user.dark,
        email: 'dark@example.com',
        first_name: 'Sam',
        last_name: 'Rivers',
        is_dark_mode: true,
        subscribed: true,
        is_event_subscribed: true,
      },
    ],
    userAddresses: [
      {
        id: SEED.address.demoHome,
        user_id: SEED.user.demo,
        first_name: 'Alex',
        last_name: 'Morgan',
        address_1: '14 Marine Parade',
        town: 'Brighton',
        postcode: 'BN2 1TL',
        country_code: 1,
      },
      {
        id: SEED.address.demoUs,
        user_id: SEED.user.demo,
        first_name: 'Alex',
        last_name: 'Morgan',
        address_1: '350 Fifth Avenue',
        address_2: 'Suite 2100',
        town: 'New York',
        postcode: '10118',
        country_code: 2,
        state: 'NY',
      },
    ],
    userPaymentMethods: [
      {
        id: 1,
        user_id: SEED.user.demo,
        provider: 'sandbox',
        provider_ref: 'pm_demo_visa',
        card_type: 'visa',
        last4: '4242',
        expiry: '12/30',
        is_default: true,
      },
      {
        id: 2,
        user_id: SEED.user.demo,
        provider: 'sandbox',
        provider_ref: 'pm_demo_mastercard',
        card_type: 'mastercard',
        last4: '4444',
        expiry: '08/29',
      },
    ],
    organiserSubscriptions: [{ user_id: SEED.user.demo, organiser_id: o.folk, subscribed: true }],
  };
}
