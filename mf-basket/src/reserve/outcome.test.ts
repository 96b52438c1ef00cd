import type { ReserveTicketsResponse } from '@checkout/shared';
import { reservationOutcome, shellCommandsFor, type ReservationOutcome } from './outcome';
import type { ShellCommand } from '@checkout/shared/parcel';

const unknown = 'An unknown error occured. Please try again, or contact support.';
const error = (text: string): ShellCommand => ({ kind: 'notify', notification: { type: 'error', text } });

describe('reservationOutcome', () => {
  test.each<[string, ReserveTicketsResponse, ReservationOutcome]>([
    [
      'reserved',
      { reserved: true, sale_reference: 'RVL-1', fresh_reservation: true, checkout_time: 900 },
      { kind: 'reserved', saleReference: 'RVL-1', freshReservation: true, seconds: 900 },
    ],
    [
      'reserved again (not fresh), no time given',
      { reserved: true, sale_reference: 'RVL-1', fresh_reservation: false },
      { kind: 'reserved', saleReference: 'RVL-1', freshReservation: false, seconds: null },
    ],
    [
      'reserved wins over everything else',
      { reserved: true, captcha: true, redirect: '/x', error: 'e' },
      { kind: 'reserved', saleReference: null, freshReservation: false, seconds: null },
    ],
    [
      'a negative time is no time left',
      { reserved: true, checkout_time: -3 },
      { kind: 'reserved', saleReference: null, freshReservation: false, seconds: 0 },
    ],
    [
      'captcha demanded',
      { captcha: true, captcha_sitekey: 'site-1' },
      { kind: 'captcha', siteKey: 'site-1', error: null },
    ],
    [
      'captcha demanded with an error',
      { captcha: true, captcha_sitekey: 'site-1', error: 'Try again' },
      { kind: 'captcha', siteKey: 'site-1', error: 'Try again' },
    ],
    [
      'captcha wins over a redirect',
      { captcha: true, redirect: '/queue/' },
      { kind: 'captcha', siteKey: null, error: null },
    ],
    ['redirect', { redirect: 'https://queue.example/' }, { kind: 'redirect', url: 'https://queue.example/' }],
    ['redirect wins over an error', { redirect: '/queue/', error: 'Busy' }, { kind: 'redirect', url: '/queue/' }],
    ['error', { error: 'Sold out' }, { kind: 'error', message: 'Sold out' }],
    ['nothing recognised', {}, { kind: 'unknown', message: unknown }],
    [
      'reserved false, nulls',
      { reserved: false, redirect: null, error: null, captcha: false },
      { kind: 'unknown', message: unknown },
    ],
    ['an empty error is no error', { error: '' }, { kind: 'unknown', message: unknown }],
  ])('%s', (_name, response, outcome) => {
    expect(reservationOutcome(response)).toEqual(outcome);
  });
});

describe('shellCommandsFor', () => {
  test.each<[string, ReservationOutcome, ShellCommand[]]>([
    [
      'reserved: start the countdown, then the next step',
      { kind: 'reserved', saleReference: 'R', freshReservation: true, seconds: 900 },
      [{ kind: 'reservationStarted', seconds: 900 }, { kind: 'stepCompleted' }],
    ],
    [
      'reserved without a time: the next step only',
      { kind: 'reserved', saleReference: 'R', freshReservation: false, seconds: null },
      [{ kind: 'stepCompleted' }],
    ],
    ['captcha: the captcha step', { kind: 'captcha', siteKey: 'k', error: null }, [{ kind: 'goTo', state: 'captcha' }]],
    [
      'captcha with an error: shown',
      { kind: 'captcha', siteKey: 'k', error: 'Try again' },
      [{ kind: 'goTo', state: 'captcha' }, error('Try again')],
    ],
    ['redirect: nothing (the page leaves)', { kind: 'redirect', url: '/q' }, []],
    [
      'error: shown, back to the basket, reloaded',
      { kind: 'error', message: 'Sold out' },
      [error('Sold out'), { kind: 'goTo', state: 'basket' }, { kind: 'reloadCheckout' }],
    ],
    [
      'unknown: shown, back to the basket',
      { kind: 'unknown', message: unknown },
      [error(unknown), { kind: 'goTo', state: 'basket' }],
    ],
  ])('%s', (_name, outcome, commands) => {
    expect(shellCommandsFor(outcome)).toEqual(commands);
  });
});
