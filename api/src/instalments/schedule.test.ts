import { UTCDate } from '@date-fns/utc';
import { addMonths as dateFnsAddMonths } from 'date-fns';
import {
  addMonths,
  FINAL_PAYMENT_DAYS_BEFORE_EVENT,
  MAX_MONTHS,
  planPayments,
  scheduleOptions,
  type PlanBasket,
} from './schedule';

const NOW = new Date('2030-01-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAhead = (days: number) => new Date(NOW.getTime() + days * DAY);

const basket = (overrides: Partial<PlanBasket> = {}): PlanBasket => ({
  currency: 'GBP',
  basketTotalMinor: 19_900,
  ticketsAfterDiscountMinor: 18_900,
  hasGiftVouchers: false,
  hasTickets: true,
  everyEventAllowsPlans: true,
  cardProvider: true,
  firstEventAt: daysAhead(300),
  ...overrides,
});

describe('which plans a basket is offered', () => {
  const rows: [string, Partial<PlanBasket>, string[]][] = [
    [
      'GBP, event 300 days ahead: monthly payments ending 30 days before it',
      {},
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    ],
    [
      'event two years ahead: at most 12 months',
      { firstEventAt: daysAhead(730) },
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
    ],
    ['event 70 days ahead: two payments fit', { firstEventAt: daysAhead(70) }, ['1', '2']],
    ['event 45 days ahead: not even two payments fit, so no options at all', { firstEventAt: daysAhead(45) }, []],
    ['EUR basket', { currency: 'EUR' }, []],
    ['USD basket', { currency: 'USD' }, []],
    ['an event without payment plans', { everyEventAllowsPlans: false }, []],
    ['an organiser not on the card provider (square-type or none)', { cardProvider: false }, []],
    ['gift vouchers bought in the basket', { hasGiftVouchers: true }, []],
    ['no tickets', { hasTickets: false, firstEventAt: null }, []],
    ['nothing to pay', { basketTotalMinor: 0, ticketsAfterDiscountMinor: 0 }, []],
    [
      '3p of tickets cannot be spread over more than 3 months',
      { basketTotalMinor: 3, ticketsAfterDiscountMinor: 3 },
      ['1', '2', '3'],
    ],
  ];
  test.each(rows)('%s', (_name, overrides, keys) => {
    expect(Object.keys(scheduleOptions(basket(overrides), NOW)).sort((a, b) => Number(a) - Number(b))).toEqual(keys);
  });
});

test("each option: label, en-GB due dates a month apart from today, key '1' paying in full", () => {
  const options = scheduleOptions(basket(), NOW);
  expect(options['1']).toEqual({ label: 'Pay in full', schedule: [{ uk_due: '15/01/2030', value: 199 }] });
  expect(options['3']).toEqual({
    label: '3 months',
    schedule: [
      // Fees (£10) and the odd pennies come with the first payment; £189 of tickets spread in three.
      { uk_due: '15/01/2030', value: 73 },
      { uk_due: '15/02/2030', value: 63 },
      { uk_due: '15/03/2030', value: 63 },
    ],
  });
});

test('every option adds up to the basket total, and its last payment is at least 30 days before the event', () => {
  for (const days of [61, 90, 200, 365, 1000]) {
    for (const total of [101, 9_999, 19_900, 123_457]) {
      const b = basket({
        firstEventAt: daysAhead(days),
        basketTotalMinor: total,
        ticketsAfterDiscountMinor: Math.floor(total * 0.9),
      });
      for (const key of Object.keys(scheduleOptions(b, NOW))) {
        const payments = planPayments(b, Number(key), NOW);
        expect(payments.reduce((sum, payment) => sum + payment.amountMinor, 0)).toBe(total);
        const last = payments[payments.length - 1];
        expect(last && b.firstEventAt && b.firstEventAt.getTime() - last.dueAt.getTime()).toBeGreaterThanOrEqual(
          FINAL_PAYMENT_DAYS_BEFORE_EVENT * DAY,
        );
        expect(payments.length).toBeLessThanOrEqual(MAX_MONTHS);
      }
    }
  }
});

test('a month after the 31st is the last day of the shorter month', () => {
  expect(addMonths(new Date('2030-01-31T09:00:00Z'), 1).toISOString()).toBe('2030-02-28T09:00:00.000Z');
  expect(addMonths(new Date('2030-01-31T09:00:00Z'), 2).toISOString()).toBe('2030-03-31T09:00:00.000Z');
});

test("months are added as date-fns' addMonths adds them in UTC, for every day of four years and every plan length", () => {
  const start = Date.UTC(2027, 0, 1, 23, 59, 59, 999);
  for (let day = 0; day < 4 * 366; day += 1) {
    const at = new Date(start + day * DAY - (day % 24) * 3_600_000);
    for (let months = 0; months <= 12; months += 1)
      expect(addMonths(at, months).getTime()).toBe(dateFnsAddMonths(new UTCDate(at.getTime()), months).getTime());
  }
});
