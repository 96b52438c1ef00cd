import type { Clock } from '../platform/clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import { providersFor } from '../payment/providers';
import { confirmSalePayment } from '../payment/settle';

/** Is the sale paid? Asked of the payment provider (which settles the sale when its payment succeeded). */
export type ConfirmPayment = (saleId: number) => Promise<{ paid: boolean; error: string }>;

/** The page saying 'succeeded' is no proof: the payment domain checks with the provider (payment/settle.ts). */
export function providerConfirmation(db: Db, clock: Clock, config: AppConfig): ConfirmPayment {
  return (saleId) => confirmSalePayment(db, saleId, providersFor(db, clock, config.payment), clock.now());
}
