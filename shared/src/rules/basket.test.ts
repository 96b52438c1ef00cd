import { sampleCheckout } from '../testing/sample-data';
import type { Checkout, Event, TicketLine } from '../contract/entities';
import {
  basketNotes,
  codeBoxOpenInitially,
  missingRequiredTickets,
  refundProtectionOffer,
  refundProtectionUpdate,
  reserveBlock,
  timeslotWarnings,
  type ReserveBlock,
  type ReserveBlockInput,
} from './basket';

const base = sampleCheckout();
const adult = base.tickets[0] as TicketLine;
const gala = base.events[0] as Event;
const line = (ticket_id: number, rest: Partial<TicketLine> = {}): TicketLine => ({ ...adult, ticket_id, ...rest });
const needs = (title: string, ...ids: number[]) => ({ title, ids });

const EXPIRED = 'Your checkout time expired. If the tickets are still available, you can try to reserve them again.';
const CURRENCY =
  'Unfortunately, some tickets had to be removed because they are being sold using a different currency from tickets already in the basket. Please purchase them separately';

describe('codeBoxOpenInitially (open from 768 px)', () => {
  test.each([
    [320, false],
    [767, false],
    [768, true],
    [1280, true],
  ])('%p px wide -> open %p', (width, open) => {
    expect(codeBoxOpenInitially(width)).toBe(open);
  });
});

describe('missingRequiredTickets (required_tickets)', () => {
  test.each<[string, TicketLine[], string[]]>([
    ['no requirements', [line(1), line(2)], []],
    ['the companion is in the basket', [line(1), line(2, { required_tickets: [needs('Adult ticket', 1)] })], []],
    ['the companion is missing', [line(2, { required_tickets: [needs('Adult ticket', 1)] })], ['Adult ticket']],
    [
      'any one of the alternatives is enough',
      [line(3), line(2, { required_tickets: [needs('Adult or senior ticket', 1, 3)] })],
      [],
    ],
    [
      'each unmet requirement is listed, once',
      [
        line(2, { required_tickets: [needs('Adult ticket', 1), needs('Parking', 9)] }),
        line(4, { required_tickets: [needs('Adult ticket', 1)] }),
      ],
      ['Adult ticket', 'Parking'],
    ],
    [
      'a line at quantity 0 does not count',
      [line(1, { qty: 0 }), line(2, { required_tickets: [needs('Adult ticket', 1)] })],
      ['Adult ticket'],
    ],
  ])('%s', (_name, tickets, missing) => {
    expect(missingRequiredTickets(tickets)).toEqual(missing);
  });
});

describe('timeslotWarnings', () => {
  const message = 'Your tickets are for different time slots.';
  const event = (warn: string | null): Event => ({ ...gala, warn_customers_about_different_timeslots_message: warn });
  test.each<[string, TicketLine[], Event[], string[]]>([
    ['one date', [line(1, { date_id: 71 }), line(2, { date_id: 71 })], [event(message)], []],
    ['two dates and a message', [line(1, { date_id: 71 }), line(2, { date_id: 72 })], [event(message)], [message]],
    ['two dates, no message', [line(1, { date_id: 71 }), line(2, { date_id: 72 })], [event(null)], []],
    [
      'two dates of different events',
      [line(1, { date_id: 71 }), line(2, { date_id: 72, event_id: 999 })],
      [event(message)],
      [],
    ],
  ])('%s', (_name, tickets, events, warnings) => {
    expect(timeslotWarnings({ tickets, events })).toEqual(warnings);
  });
});

describe('basketNotes', () => {
  const notes = (overrides: Partial<Checkout>, expired = false) => basketNotes(sampleCheckout(overrides), expired);
  test.each<[string, Partial<Checkout>, boolean, { warnings: string[]; successes: string[] }]>([
    ['nothing to say', {}, false, { warnings: [], successes: [] }],
    [
      'reserving_error and basket_errors warn, basket_success succeeds',
      { reserving_error: 'Sold out', basket_errors: ['Code expired'], basket_success: ['Code applied'] },
      false,
      { warnings: ['Sold out', 'Code expired'], successes: ['Code applied'] },
    ],
    [
      'the different-currency notice',
      { had_mismatching_currencies: true },
      false,
      { warnings: [CURRENCY], successes: [] },
    ],
    ['after an expiry reload the basket warns of expiry', {}, true, { warnings: [EXPIRED], successes: [] }],
    [
      'the expiry warning shows once when the server also sends it',
      { reserving_error: EXPIRED },
      true,
      { warnings: [EXPIRED], successes: [] },
    ],
    [
      'empty texts are dropped',
      { reserving_error: '', basket_errors: [''], basket_success: [''] },
      false,
      { warnings: [], successes: [] },
    ],
  ])('%s', (_name, overrides, expired, expected) => {
    expect(notes(overrides, expired)).toEqual(expected);
  });

  test("a code's refusal the code box shows beside the code is not said again above the basket", () => {
    const checkout = sampleCheckout({ basket_errors: ['This code has expired.', 'Sold out'] });
    expect(basketNotes(checkout, false, 'This code has expired.')).toEqual({ warnings: ['Sold out'], successes: [] });
    expect(basketNotes(checkout, false, null).warnings).toEqual(['This code has expired.', 'Sold out']);
  });

  test('the timeslot warning is one of them', () => {
    const checkout = sampleCheckout({
      tickets: [line(1, { date_id: 1 }), line(2, { date_id: 2 })],
      events: [{ ...gala, warn_customers_about_different_timeslots_message: 'Different time slots' }],
    });
    expect(basketNotes(checkout, false).warnings).toEqual(['Different time slots']);
  });
});

describe('refundProtectionOffer', () => {
  const europa: Event = { ...gala, id: 4, title: 'Festival Europa', refund_protection: false };
  test.each<[string, Partial<Checkout>, ReturnType<typeof refundProtectionOffer>]>([
    ['not available', { has_refund_protection: false, refund_protection_cost: 4.5 }, null],
    ['available without a cost', { has_refund_protection: true, refund_protection_cost: null }, null],
    [
      'offered, not chosen',
      { has_refund_protection: true, refund_protection_cost: 4.5 },
      { cost: 4.5, chosen: false, notCovered: [] },
    ],
    [
      'offered, chosen',
      { has_refund_protection: true, refund_protection_cost: 4.5, refund_protection: 1 },
      { cost: 4.5, chosen: true, notCovered: [] },
    ],
    [
      'events it cannot cover are listed',
      { has_refund_protection: true, refund_protection_cost: 4.5, events: [gala, europa] },
      { cost: 4.5, chosen: false, notCovered: ['Festival Europa'] },
    ],
  ])('%s', (_name, overrides, offer) => {
    expect(refundProtectionOffer(sampleCheckout(overrides))).toEqual(offer);
  });
});

describe('refundProtectionUpdate (sent only when it differs from the original choice)', () => {
  test.each([
    // choice, original, available, sent
    [true, false, true, { refund_protection: true }],
    [false, true, true, { refund_protection: false }],
    [true, true, true, null],
    [false, false, true, null],
    [true, false, false, { refund_protection: false }],
  ])('choice %p, original %p, available %p -> %p', (choice, original, available, sent) => {
    expect(refundProtectionUpdate(choice, original, available)).toEqual(sent);
  });
});

describe('reserveBlock', () => {
  const free: ReserveBlockInput = {
    loading: false,
    updating: false,
    noQuantity: false,
    belowMinimum: false,
    missingCompanions: [],
    noPaymentIntegration: false,
  };
  test.each<[string, Partial<ReserveBlockInput>, ReserveBlock | null]>([
    ['nothing in the way', {}, null],
    ['loading', { loading: true }, 'loading'],
    ['updating', { updating: true }, 'updating'],
    ['a quantity box left empty', { noQuantity: true }, 'noQuantity'],
    ['below a minimum', { belowMinimum: true }, 'belowMinimum'],
    ['a companion ticket missing', { missingCompanions: ['Adult ticket'] }, 'missingCompanion'],
    ['loading comes first', { loading: true, belowMinimum: true, missingCompanions: ['Adult ticket'] }, 'loading'],
    ['an organiser who cannot take payments', { noPaymentIntegration: true }, 'noPaymentIntegration'],
  ])('%s', (_name, input, block) => {
    expect(reserveBlock({ ...free, ...input })).toBe(block);
  });
});
