import type { Checkout } from '@checkout/shared';

/** One reserved line, as GA4 ecommerce items name things. */
export interface EcommerceItem {
  item_id: string;
  item_name: string;
  item_category: string;
  price: number;
  quantity: number;
}

export interface EcommerceEvent {
  event: 'add_to_cart';
  ecommerce: { currency: string; value: number; items: EcommerceItem[] };
}

/** A fresh reservation reported to analytics: every ticket and gift voucher that was reserved. */
export function reservationEcommerceEvent(
  checkout: Pick<Checkout, 'tickets' | 'gift_vouchers' | 'currency'>,
): EcommerceEvent {
  const items: EcommerceItem[] = [
    ...checkout.tickets.map((t) => ({
      item_id: `ticket-${t.ticket_id}`,
      item_name: t.ticket_name,
      item_category: t.event_name,
      price: t.price,
      quantity: t.qty,
    })),
    ...checkout.gift_vouchers.map((v) => ({
      item_id: `gift-voucher-${v.id}`,
      item_name: v.name,
      item_category: v.o_name,
      price: v.value,
      quantity: v.qty,
    })),
  ];
  const value = Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100;
  return { event: 'add_to_cart', ecommerce: { currency: checkout.currency.code, value, items } };
}
