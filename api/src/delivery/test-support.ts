import { calls } from '@checkout/shared';
import type { Db } from '../db/schema';
import { settleSalePaid } from '../payment/settle';

/** Helpers the delivery and instalment server tests share (no tests here). */

export const deliveryPaths = {
  deliver: calls.deliverToBitticket.path,
  email: calls.deliverToWallet.path,
  wallet: '/account/wallet/',
} as const;

/** Settles a reserved sale as paid the way every provider does (payment/settle.ts), for tests of what comes after. */
export async function markPaid(db: Db, saleId: number, now: Date): Promise<void> {
  const sale = await db.selectFrom('sales').select(['status', 'currency']).where('id', '=', saleId).executeTakeFirstOrThrow();
  if (sale.status !== 'reserved') throw new Error(`sale ${saleId} is ${sale.status}, not reserved`);
  const result = await settleSalePaid(db, { saleId, provider: 'test', providerPaymentId: `test_${saleId}`, amountMinor: 0, currency: sale.currency ?? 'GBP', now });
  if (result.outcome !== 'paid') throw new Error(`sale ${saleId} was not settled: ${JSON.stringify(result)}`);
}
