import { niceDay } from '../catalogue/dates';
import type { Db } from '../db/schema';
import { describeCard, type PaymentCard } from '../payment/card-details';
import type { PriceComponents } from '../pricing/price';
import type { ReceiptModel } from './receipt-data';

type ReceiptPayment = ReceiptModel['payment'];

/** How the order was paid, from the settlement's provider and the card it recorded. */
export function paymentMethod(
  provider: string,
  totalMinor: number,
  components: PriceComponents | null,
  card: PaymentCard | null,
): ReceiptPayment {
  if (provider === 'free' || totalMinor === 0) {
    const byVoucher = (components?.gift_vouchers_applied_minor ?? 0) > 0;
    return byVoucher
      ? {
          kind: 'voucher',
          method: 'Gift voucher',
          sentence: 'Paid in full with your gift voucher: nothing was charged to a card.',
          instalments: null,
        }
      : { kind: 'free', method: 'Free', sentence: 'Your tickets were free: no payment was taken.', instalments: null };
  }
  if (provider === 'truelayer')
    return {
      kind: 'bank',
      method: 'Bank transfer',
      sentence: 'Paid by bank transfer from your bank account.',
      instalments: null,
    };
  if (provider === 'stripe' || provider === 'square') {
    const method = card ? describeCard(card) : 'Card';
    return { kind: 'card', method, sentence: card ? `Paid with ${method}.` : 'Paid by card.', instalments: null };
  }
  return { kind: 'other', method: 'Paid', sentence: 'Paid in full.', instalments: null };
}

/** The payment of an instalment plan: each instalment, and how many of them are paid. */
export async function withInstalments(
  db: Db,
  planId: number,
  payment: ReceiptPayment,
  card: PaymentCard | null,
  money: (minor: number) => string,
): Promise<ReceiptPayment> {
  const instalments = await db
    .selectFrom('payment_plan_instalments')
    .select(['due_at', 'amount_minor', 'status'])
    .where('plan_id', '=', planId)
    .orderBy('seq')
    .execute();
  const paidCount = instalments.filter((row) => row.status === 'paid').length;
  return {
    ...payment,
    method: `${payment.method}, ${instalments.length} monthly payments`,
    sentence: `Paid in ${instalments.length} monthly payments${card ? ` with ${describeCard(card)}` : ''}${paidCount === instalments.length ? '' : `; ${paidCount} made so far`}.`,
    instalments: instalments.map((row) => ({
      due: niceDay(row.due_at, 'Europe/London'),
      amount: money(row.amount_minor),
      paid: row.status === 'paid',
    })),
  };
}
