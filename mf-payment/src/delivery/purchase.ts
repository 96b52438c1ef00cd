import type { Checkout } from '@checkout/shared';

/** The purchase as analytics reads it (GA4 ecommerce shape, pushed to window.dataLayer). */
export interface PurchaseReport {
  event: 'purchase';
  ecommerce: {
    transaction_id: string;
    value: number;
    currency: string;
    items: { item_id: string; item_name: string; item_category: string; price: number; quantity: number }[];
  };
}

export interface PurchaseTracking {
  report: PurchaseReport;
  /** The events' own Facebook pixels (Event.fb_pixel), each told once. */
  pixels: string[];
}

/** Once delivered: a purchase event for analytics and the events' pixels. Null before a sale exists. */
export function purchaseTracking(checkout: Checkout): PurchaseTracking | null {
  if (!checkout.sale_reference) return null;
  const tickets = checkout.tickets.map((t) => ({
    item_id: String(t.ticket_id),
    item_name: t.ticket_name,
    item_category: t.event_name,
    price: t.price,
    quantity: t.qty,
  }));
  const vouchers = checkout.gift_vouchers.map((v) => ({
    item_id: `gift-voucher-${v.id}`,
    item_name: v.name,
    item_category: 'Gift voucher',
    price: v.value,
    quantity: v.qty,
  }));
  const pixels = [
    ...new Set(checkout.events.map((e) => e.fb_pixel).filter((p): p is string => !!p && p.trim() !== '')),
  ];
  return {
    report: {
      event: 'purchase',
      ecommerce: {
        transaction_id: checkout.sale_reference,
        value: checkout.basket_total,
        currency: checkout.currency.code,
        items: [...tickets, ...vouchers],
      },
    },
    pixels,
  };
}

type Fbq = (command: string, ...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: Fbq;
  }
}

/** Pushes the report; a pixel is told only where the page loaded the pixel script (window.fbq). */
export function sendPurchase({ report, pixels }: PurchaseTracking): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(report);
  const fbq = window.fbq;
  if (typeof fbq !== 'function') return;
  for (const pixel of pixels) {
    fbq('trackSingle', pixel, 'Purchase', { value: report.ecommerce.value, currency: report.ecommerce.currency });
  }
}
