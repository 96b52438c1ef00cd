import type { Charity } from '../contract/entities';
import {
  donationAmountValid,
  donationFee,
  donationFeeNotice,
  giftAidAddressRequired,
  giftAidUplift,
  type FeeRule,
} from './donation';

const rule = (over: Partial<FeeRule> = {}): FeeRule => ({
  base_fee: 0.2,
  booking_fee: 2.5,
  booking_fee_includes_vat: false,
  booking_fee_vat: 20,
  booking_fee_cap: null,
  ...over,
});

describe('donationFee (base fee + percent, VAT when included, capped)', () => {
  test.each<[string, Partial<FeeRule>, number, number]>([
    ['base + 2.5 % of 10', {}, 10, 0.45],
    ['base + 2.5 % of 20', {}, 20, 0.7],
    ['rounded to the penny (0.2 + 0.3125)', {}, 12.5, 0.51],
    ['half a penny rounds up (0.2 + 0.025 = 0.225)', {}, 1, 0.23],
    ['with 20 % VAT on the whole fee', { booking_fee_includes_vat: true }, 10, 0.54],
    ['VAT percent ignored when the fee does not include VAT', { booking_fee_vat: 50 }, 10, 0.45],
    ['capped', { booking_fee_cap: 1 }, 100, 1],
    ['cap applies after VAT', { booking_fee_includes_vat: true, booking_fee_cap: 1 }, 50, 1],
    ['under the cap is unchanged', { booking_fee_cap: 5 }, 100, 2.7],
    ['no base fee', { base_fee: 0 }, 40, 1],
    ['no fee at all', { base_fee: 0, booking_fee: 0 }, 40, 0],
    ['a zero cap means no fee', { booking_fee_cap: 0 }, 10, 0],
    ['no donation, no fee', {}, 0, 0],
    ['a negative amount has no fee', {}, -5, 0],
  ])('%s', (_name, over, amount, fee) => {
    expect(donationFee(rule(over), amount)).toBe(fee);
  });

  test('a whole Charity is a fee rule', () => {
    const charity: Charity = {
      id: 1,
      name: 'RNLI',
      logo: null,
      description_html: '',
      donation_checkout_title: 'Support us',
      donation_options: [5],
      ...rule({ base_fee: 0.3, booking_fee: 1.5 }),
    };
    expect(donationFee(charity, 100)).toBe(1.8);
  });
});

describe('donationFeeNotice (percent and pence)', () => {
  test.each<[string, Partial<FeeRule>, { percent: number; pence: number }]>([
    ['without VAT', {}, { percent: 2.5, pence: 20 }],
    ['with VAT included', { booking_fee_includes_vat: true }, { percent: 3, pence: 24 }],
    [
      'odd VAT',
      { booking_fee: 1.5, base_fee: 0.25, booking_fee_includes_vat: true, booking_fee_vat: 17.5 },
      { percent: 1.76, pence: 29 },
    ],
    ['no fees', { base_fee: 0, booking_fee: 0 }, { percent: 0, pence: 0 }],
  ])('%s', (_name, over, notice) => {
    expect(donationFeeNotice(rule(over))).toEqual(notice);
  });
});

describe('giftAidUplift (x 1.25)', () => {
  test.each([
    [20, 25],
    [10, 12.5],
    [0.01, 0.01],
    [0.02, 0.03],
    [33.33, 41.66],
    [0, 0],
  ])('%s -> %s', (amount, uplifted) => {
    expect(giftAidUplift(amount)).toBe(uplifted);
  });
});

describe('giftAidAddressRequired (from 20)', () => {
  test.each([
    [19.99, true, { address1: false, postcode: false }],
    [19.99, false, { address1: false, postcode: false }],
    [20, true, { address1: true, postcode: true }],
    [20, false, { address1: true, postcode: false }],
    [250, true, { address1: true, postcode: true }],
    [250, false, { address1: true, postcode: false }],
  ])('%s, UK resident %s -> %j', (amount, uk, required) => {
    expect(giftAidAddressRequired(amount, uk)).toEqual(required);
  });
});

describe('donationAmountValid (at least 1)', () => {
  test.each([
    [1, true],
    [1.01, true],
    [250, true],
    [0.99, false],
    [0, false],
    [-5, false],
    [10.555, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%s -> %s', (amount, valid) => {
    expect(donationAmountValid(amount)).toBe(valid);
  });
});
