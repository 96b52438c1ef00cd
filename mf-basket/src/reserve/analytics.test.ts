import { emptyCheckout, sampleCheckout } from '@checkout/shared/testing';
import { reservationEcommerceEvent } from './analytics';

describe('reservationEcommerceEvent', () => {
  test('reports every ticket and gift voucher with price, quantity and the basket value', () => {
    expect(reservationEcommerceEvent(sampleCheckout())).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'GBP',
        value: 82.5,
        items: [
          {
            item_id: 'ticket-11',
            item_name: 'Adult',
            item_category: 'Winter Gala at the Riverside',
            price: 25,
            quantity: 2,
          },
          {
            item_id: 'ticket-12',
            item_name: 'Child (under 16)',
            item_category: 'Winter Gala at the Riverside',
            price: 12.5,
            quantity: 1,
          },
          {
            item_id: 'gift-voucher-21',
            item_name: 'Riverside Live Gift Voucher',
            item_category: 'Riverside Live',
            price: 20,
            quantity: 1,
          },
        ],
      },
    });
  });

  test('uses the basket currency; an empty basket has no items', () => {
    expect(reservationEcommerceEvent(emptyCheckout({ currency: { symbol: '€', code: 'EUR' } })).ecommerce).toEqual({
      currency: 'EUR',
      value: 0,
      items: [],
    });
  });
});
