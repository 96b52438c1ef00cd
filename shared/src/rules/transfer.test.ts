import {
  canSendTransfers,
  clampTransferQty,
  emptyTransferRow,
  firstInvalidTicketType,
  formatTransferDate,
  isAtTransferLimit,
  isTransferAllowed,
  isTransferRowValid,
  parseTransferDate,
  rowsToSend,
  transferPayload,
  transferRowErrors,
  transferTimeOptions,
  transferableTypes,
  type TransferDraft,
  type TransferableType,
} from './transfer';

const TODAY = new Date(2030, 0, 15, 14, 20);
const row = (fields: Partial<TransferDraft> = {}): TransferDraft => ({
  ...emptyTransferRow(11),
  qty: 1,
  name: 'Rae Recipient',
  email: 'rae@example.com',
  ...fields,
});
const gift = (fields: Partial<TransferDraft> = {}) =>
  row({ is_gift: true, send_gift: 'Schedule', delivery_date: '16/01/2030', delivery_time: '09:30', ...fields });
const line = (ticket_id: number, qty: number, seats: string[] = [], ticket_name = `Type ${ticket_id}`) => ({
  ticket_id,
  qty,
  seats,
  ticket_name,
  event_name: 'Folk by the Sea',
});

describe('transferableTypes and isTransferAllowed (only tickets without seats)', () => {
  test('one accordion per unseated type, headed "event name - ticket name", with the purchased quantity', () => {
    expect(
      transferableTypes([
        line(11, 2, [], 'Adult'),
        line(12, 2, ['Row A, Seat 1', 'Row A, Seat 2'], 'Stalls'),
        line(13, 1, [], 'Child'),
      ]),
    ).toEqual([
      { ticket_id: 11, title: 'Folk by the Sea - Adult', purchased: 2 },
      { ticket_id: 13, title: 'Folk by the Sea - Child', purchased: 1 },
    ]);
  });
  test.each([
    ['unseated tickets', [line(11, 2)], false, true],
    ['every ticket seated', [line(12, 1, ['Row A, Seat 1'])], false, false],
    ['no tickets', [], false, false],
    ['already transferred once', [line(11, 2)], true, false],
    ['a seated and an unseated type', [line(12, 1, ['Row A, Seat 1']), line(11, 1)], false, true],
  ])('%s -> %s', (_name, tickets, transferred, allowed) => {
    expect(isTransferAllowed(tickets, transferred)).toBe(allowed);
  });
});

describe('transferRowErrors and isTransferRowValid', () => {
  test.each<[string, TransferDraft, Record<string, string>, boolean]>([
    ['a complete transfer', row(), {}, true],
    ['no name', row({ name: '  ' }), { name: 'Please enter a name' }, false],
    ['no email', row({ email: '' }), { email: 'Please enter an email' }, false],
    ['an email that is not an address', row({ email: 'rae@' }), { email: 'Please enter an email' }, false],
    ['neither', row({ name: '', email: '' }), { name: 'Please enter a name', email: 'Please enter an email' }, false],
    ['quantity 0 (nothing missing, still not valid)', row({ qty: 0 }), {}, false],
    ['a gift sent now needs no date or time', row({ is_gift: true, send_gift: 'Send now' }), {}, true],
    ['a scheduled gift with date and time', gift(), {}, true],
    ['a scheduled gift for later today', gift({ delivery_date: '15/01/2030', delivery_time: '14:25' }), {}, true],
    [
      'a scheduled gift for earlier today',
      gift({ delivery_date: '15/01/2030', delivery_time: '09:30' }),
      { delivery_time: 'Please choose a time later than now' },
      false,
    ],
    [
      'a scheduled gift for this very minute',
      gift({ delivery_date: '15/01/2030', delivery_time: '14:20' }),
      { delivery_time: 'Please choose a time later than now' },
      false,
    ],
    ['tomorrow at a time already past today', gift({ delivery_date: '16/01/2030', delivery_time: '09:30' }), {}, true],
    ['a scheduled gift without a date', gift({ delivery_date: '' }), { delivery_date: 'Please enter a date' }, false],
    ['a scheduled gift without a time', gift({ delivery_time: '' }), { delivery_time: 'Please enter a time' }, false],
    [
      'a scheduled gift for yesterday',
      gift({ delivery_date: '14/01/2030' }),
      { delivery_date: 'Please choose today or a later date' },
      false,
    ],
    [
      'a date that does not exist',
      gift({ delivery_date: '30/02/2030' }),
      { delivery_date: 'Please enter a date' },
      false,
    ],
    [
      'a date in another format',
      gift({ delivery_date: '2030-01-16' }),
      { delivery_date: 'Please enter a date' },
      false,
    ],
    [
      'a time off the 5-minute steps',
      gift({ delivery_time: '09:32' }),
      { delivery_time: 'Please enter a time' },
      false,
    ],
    [
      'a date and time left from before the gift was switched to Send now',
      row({ is_gift: true, send_gift: 'Send now', delivery_date: 'x' }),
      {},
      true,
    ],
  ])('%s', (_name, draft, errors, valid) => {
    expect(transferRowErrors(draft, TODAY)).toEqual(errors);
    expect(isTransferRowValid(draft, TODAY)).toBe(valid);
  });
});

describe('dates and times (dd/MM/yyyy, 5-minute steps, years 1900-2100)', () => {
  test.each([
    ['16/01/2030', new Date(2030, 0, 16)],
    ['29/02/2032', new Date(2032, 1, 29)],
    ['29/02/2031', null],
    ['1/2/2030', null],
    ['16/01/2101', null],
    ['16/01/1899', null],
    ['', null],
  ])('%j -> %s', (text, day) => {
    expect(parseTransferDate(text)).toEqual(day);
  });
  test('formatTransferDate writes dd/MM/yyyy', () => {
    expect(formatTransferDate(new Date(2030, 0, 5))).toBe('05/01/2030');
  });
  test('the time picker offers every 5 minutes of the day', () => {
    const options = transferTimeOptions();
    expect(options).toHaveLength(288);
    expect(options.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(options.at(-1)).toBe('23:55');
  });
});

describe('quantities (never past what was bought, never below 0; plus disabled at the limit)', () => {
  const rows = [row({ qty: 1 }), row({ qty: 1, email: 'b@example.com' }), row({ ticket_id: 12, qty: 3 })];
  test.each([
    ['up to what is left of the type', 0, 2, 3, 2],
    ['not past the purchased quantity with the other rows', 0, 5, 3, 2],
    ['the whole purchase may be transferred', 1, 2, 3, 2],
    ['not below 0', 0, -1, 3, 0],
    ['a type bought once: nothing left for a second row', 1, 1, 1, 0],
    ['another type does not count', 0, 2, 3, 2],
  ])('%s', (_name, index, wanted, purchased, expected) => {
    expect(clampTransferQty(rows, index, wanted, purchased)).toBe(expected);
  });
  test.each([
    [[row({ qty: 1 }), row({ qty: 1 })], 3, false],
    [[row({ qty: 2 }), row({ qty: 1 })], 3, true],
    [[row({ qty: 0 })], 1, false],
    [[row({ qty: 1 }), row({ ticket_id: 12, qty: 5 })], 1, true],
  ])('rows %# at the limit of %i: %s', (list, purchased, atLimit) => {
    expect(isAtTransferLimit(list, 11, purchased)).toBe(atLimit);
  });
});

describe('sending', () => {
  const types: TransferableType[] = [
    { ticket_id: 11, title: 'A', purchased: 2 },
    { ticket_id: 12, title: 'B', purchased: 1 },
  ];
  test.each<[string, TransferDraft[], boolean, number | null]>([
    ['one valid row', [row(), row({ ticket_id: 12, qty: 0, name: '', email: '' })], true, null],
    ['nothing to send (every row at 0)', [row({ qty: 0 }), row({ ticket_id: 12, qty: 0 })], false, null],
    ['an invalid row of the second type', [row(), row({ ticket_id: 12, name: '' })], false, 12],
    ['the first type invalid before the second', [row({ email: '' }), row({ ticket_id: 12, name: '' })], false, 11],
    ['a type past its purchased quantity', [row({ qty: 2 }), row({ qty: 1, email: 'c@example.com' })], false, 11],
    [
      'rows with quantity 0 are skipped even when empty',
      [row({ qty: 0, name: '', email: '' }), row({ ticket_id: 12 })],
      true,
      null,
    ],
  ])('%s', (_name, list, sendable, firstInvalid) => {
    expect(canSendTransfers(list, types, TODAY)).toBe(sendable);
    expect(firstInvalidTicketType(list, types, TODAY)).toBe(firstInvalid);
  });

  test('rowsToSend skips quantity 0; the payload trims text and carries schedule fields only for a scheduled gift', () => {
    const list = [
      row({ qty: 0 }),
      row({ name: ' Rae Recipient ', message: 'not a gift' }),
      gift({ qty: 1, message: ' Enjoy! ' }),
      row({ is_gift: true, send_gift: 'Send now', delivery_date: '16/01/2030', delivery_time: '10:00' }),
    ];
    expect(rowsToSend(list)).toHaveLength(3);
    expect(transferPayload(list)).toEqual([
      {
        ticket_id: 11,
        name: 'Rae Recipient',
        email: 'rae@example.com',
        qty: 1,
        is_gift: false,
        send_gift: undefined,
        delivery_date: '',
        delivery_time: '',
        message: '',
      },
      {
        ticket_id: 11,
        name: 'Rae Recipient',
        email: 'rae@example.com',
        qty: 1,
        is_gift: true,
        send_gift: 'Schedule',
        delivery_date: '16/01/2030',
        delivery_time: '09:30',
        message: 'Enjoy!',
      },
      {
        ticket_id: 11,
        name: 'Rae Recipient',
        email: 'rae@example.com',
        qty: 1,
        is_gift: true,
        send_gift: 'Send now',
        delivery_date: '',
        delivery_time: '',
        message: '',
      },
    ]);
  });
});
