import { parse } from 'qs';
import { encodeForm } from './form';
import { calls } from '../contract/calls';

describe('encodeForm', () => {
  test('round-trips nested objects and arrays through qs.parse', () => {
    const payload = {
      state: 'payment',
      address: { selected_user_address_id: 'new', first_name: 'Ada', town: 'London & Co', country: 1 },
      transfers: [
        { ticket_id: 4, name: 'Bo Peep', email: 'bo@example.com', qty: 2, is_gift: true, message: 'Hi=there?' },
        { ticket_id: 5, name: 'Cy', email: 'cy@example.com', qty: 1, is_gift: false },
      ],
      answers: { answer_4_7: 'yes', answer_4_8_1: '100%' },
    };
    expect(parse(encodeForm(payload))).toEqual({
      state: 'payment',
      address: { selected_user_address_id: 'new', first_name: 'Ada', town: 'London & Co', country: '1' },
      transfers: [
        { ticket_id: '4', name: 'Bo Peep', email: 'bo@example.com', qty: '2', is_gift: 'true', message: 'Hi=there?' },
        { ticket_id: '5', name: 'Cy', email: 'cy@example.com', qty: '1', is_gift: 'false' },
      ],
      answers: { answer_4_7: 'yes', answer_4_8_1: '100%' },
    });
  });

  test('leaves out null and undefined', () => {
    expect(encodeForm({ a: null, b: undefined, c: 0 })).toBe('c=0');
  });

  test('what the page sends is what the server parses back', () => {
    const sent = {
      transfers: Array.from({ length: 25 }, (_, i) => ({
        ticket_id: i + 1,
        name: `N${i}`,
        email: `n${i}@example.com`,
        qty: 1,
        is_gift: false,
      })),
    };
    // 25 rows pass qs's arrayLimit of 20: the schema still reads them as a list, in order.
    const decoded = calls.setTransfers.request.parse(parse(encodeForm(sent)));
    expect(decoded.transfers).toHaveLength(25);
    expect(decoded.transfers[24]).toMatchObject({ ticket_id: 25, qty: 1, is_gift: false });

    const address = {
      address: {
        selected_user_address_id: 'new' as const,
        first_name: 'Ada',
        last_name: 'L',
        address_1: '1 Road',
        town: 'Bath',
        postcode: 'BA1 1AA',
        country: 2,
        state: 5,
      },
      gift_voucher_from: 'Me',
    };
    expect(calls.setDeliveryAddress.request.parse(parse(encodeForm(address)))).toEqual(address);
  });
});
