import { calls } from '@checkout/shared';
import type { Db } from '../db/schema';
import { settleSalePaid } from '../payment/settle';
import { componentsText, priceSnapshot } from '../pricing/price';

/** Helpers the delivery and instalment server tests share (no tests here). */

export const deliveryPaths = {
  deliver: calls.deliverToBitticket.path,
  email: calls.deliverToWallet.path,
  wallet: '/account/wallet/',
} as const;

/**
 * Settles a reserved sale as paid the way every provider does (payment/settle.ts), for tests of what comes after: a
 * payment priced at the sale's current snapshot, collected in full.
 */
export async function markPaid(db: Db, saleId: number, now: Date, refundProtectionBp = 500): Promise<void> {
  const sale = await db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
  if (sale.status !== 'reserved') throw new Error(`sale ${saleId} is ${sale.status}, not reserved`);
  const { basketVersion, components } = await priceSnapshot(db, sale, refundProtectionBp, now);
  const providerPaymentId = `test_${saleId}`;
  await db
    .insertInto('sale_provider_payments')
    .values({
      sale_id: saleId,
      provider: 'test',
      provider_payment_id: providerPaymentId,
      amount_minor: components.total_minor,
      currency: components.currency,
      basket_version: basketVersion,
      components: componentsText(components),
      status: 'open',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const result = await settleSalePaid(db, {
    saleId,
    provider: 'test',
    providerPaymentId,
    amountMinor: components.total_minor,
    currency: components.currency,
    now,
    refundProtectionBp,
  });
  if (result.outcome !== 'paid') throw new Error(`sale ${saleId} was not settled: ${JSON.stringify(result)}`);
}
