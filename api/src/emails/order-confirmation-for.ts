import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import type { OutboxMessage } from '../mail/outbox';
import type { PaymentConfig } from '../payment/config';
import { testModeOf } from '../payment/modes';
import { orderConfirmationEmail } from './order-confirmation';
import { loadReceipt } from './receipt-data';
import type { WaiverKeys } from '../session/waiver-keys';

export interface OrderConfirmationDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  payment: PaymentConfig;
  /** The marketplace's name (MailConfig.senderName), heading the email. */
  senderName: string;
  waiverKeys: WaiverKeys;
}

/** The order confirmation of a paid sale, to `to`. Every paid sale has a settlement; one without is a bug, not a receipt. */
export async function orderConfirmationFor(
  deps: OrderConfirmationDeps,
  saleId: number,
  to: string,
): Promise<OutboxMessage> {
  const receipt = await loadReceipt(
    { db: deps.db, publicUrl: deps.publicUrl, payment: deps.payment, waiverKeys: deps.waiverKeys },
    saleId,
    to,
  );
  if (!receipt) throw new Error(`sale ${saleId} has no settlement to write a receipt from`);
  let host = 'localhost';
  try {
    host = new URL(deps.publicUrl).host || host;
  } catch {
    // keep localhost
  }
  const sender = { brand: deps.senderName, testMode: testModeOf(deps.payment) };
  return orderConfirmationEmail(receipt, sender, { host, now: deps.clock.now() });
}
