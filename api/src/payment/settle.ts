import { recordCodeUses } from '../catalogue/codes';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { systemClock } from '../clock';
import type { Db, Sale, Tx } from '../db/schema';
import { endHolds } from '../inventory/holds';
import { enqueueJob } from '../jobs/queue';
import { loadSaleTotals } from '../sale/amounts';
import { paymentMessages } from './messages';
import { providersFor } from './providers';
import type { Providers } from './providers/types';

/**
 * Settling a sale: the one place where money taken becomes tickets sold (payment protocol, api/README.md
 * 'Payment'). Every provider's success path (card confirm, 3-D Secure return, square, bank status and job, free
 * claim, instalments) ends here; it is one transaction and idempotent.
 */

export type PaymentProviderName = 'stripe' | 'square' | 'truelayer' | 'free' | 'instalment' | (string & {});

export interface SettleInput {
  saleId: number;
  provider: PaymentProviderName;
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  now: Date;
  /** Refund protection's price (the totals decide what gift vouchers paid); the environment's when absent. */
  refundProtectionBp?: number;
}

export type SettleResult =
  | { outcome: 'paid'; alreadySettled: boolean }
  | { outcome: 'refunded'; reason: string; alreadySettled: boolean };

export const REFUND_JOB = 'payment.refund';

export interface RefundJobPayload {
  saleId: number;
  provider: string;
  providerPaymentId: string;
}

/**
 * Takes the stock of a sale whose holds expired before its payment arrived: every line's tickets, or none. The
 * ticket rows are locked in id order (the lock order of inventory/holds.ts) and checked before any is changed.
 */
async function retakeStock(tx: Tx, saleId: number, now: Date): Promise<boolean> {
  const lines = await tx
    .selectFrom('sale_lines')
    .select(['ticket_type_id', sql<number>`sum(qty)::int`.as('qty')])
    .where('sale_id', '=', saleId)
    .where('ticket_type_id', 'is not', null)
    .groupBy('ticket_type_id')
    .orderBy('ticket_type_id')
    .execute();
  const wanted = lines.filter((line): line is { ticket_type_id: number; qty: number } => line.ticket_type_id !== null);
  if (wanted.length === 0) return true;
  const stock = await tx
    .selectFrom('ticket_types')
    .select(['id', 'capacity', 'sold', 'held'])
    .where(
      'id',
      'in',
      wanted.map((line) => line.ticket_type_id),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(stock.map((row) => [row.id, row]));
  if (!wanted.every((line) => { const row = byId.get(line.ticket_type_id); return !!row && row.capacity - row.sold - row.held >= line.qty; })) return false;
  for (const line of wanted) {
    await tx.updateTable('ticket_types').set((eb) => ({ sold: eb('sold', '+', line.qty) })).where('id', '=', line.ticket_type_id).execute();
  }
  // The record of what was sold, like a hold that became sold.
  await tx
    .insertInto('holds')
    .values(wanted.map((line) => ({ sale_id: saleId, ticket_type_id: line.ticket_type_id, qty: line.qty, status: 'sold' as const, expires_at: now, created_at: now, ended_at: now })))
    .execute();
  return true;
}

async function recordRefund(tx: Tx, sale: Sale, input: SettleInput, reason: string): Promise<SettleResult> {
  await tx
    .insertInto('payments')
    .values({
      sale_id: sale.id,
      provider: input.provider,
      provider_payment_id: input.providerPaymentId,
      amount_minor: input.amountMinor,
      currency: input.currency,
      status: 'refund_pending',
      refund_reason: reason,
      created_at: input.now,
      refunded_at: null,
    })
    .execute();
  await tx
    .updateTable('sales')
    .set({ status: 'refunded', refund_reason: reason, payment_error: reason, hold_expires_at: null, ended_at: input.now, updated_at: input.now })
    .where('id', '=', sale.id)
    .execute();
  await enqueueRefund(tx, { saleId: sale.id, provider: input.provider, providerPaymentId: input.providerPaymentId }, input.now);
  return { outcome: 'refunded', reason, alreadySettled: false };
}

function enqueueRefund(tx: Tx, payload: RefundJobPayload, now: Date) {
  return enqueueJob(tx, { kind: REFUND_JOB, payload, runAt: now, dedupeKey: `refund:${payload.provider}:${payload.providerPaymentId}`, maxAttempts: 20 }, now);
}

/**
 * Settles a sale whose payment succeeded, exactly once: in ONE transaction the sale row is locked; a sale already
 * settled answers its first result (a different payment for it is refunded: one sale, one charge); otherwise its
 * active holds become sold (held -> sold), its codes are counted, the payment is recorded and the sale is paid, in
 * state deliver_tickets.
 *
 * THE rule for a payment that arrives after the hold expired: the stock is taken again if every line is still
 * available, and the sale is honoured; if not, the payment is refunded through its provider (a durable job) and the
 * sale is recorded as 'refunded' with the reason.
 */
export async function settleSalePaid(db: Db, input: SettleInput): Promise<SettleResult> {
  const refundProtectionBp = input.refundProtectionBp ?? loadConfig().sale.refundProtectionBp;
  return db.transaction().execute(async (tx) => {
    const sale = await tx.selectFrom('sales').selectAll().where('id', '=', input.saleId).forUpdate().executeTakeFirst();
    if (!sale) throw new Error(`settleSalePaid: no sale ${input.saleId}`);
    const existing = await tx.selectFrom('payments').selectAll().where('sale_id', '=', sale.id).executeTakeFirst();
    if (existing) {
      if (existing.provider_payment_id !== input.providerPaymentId && input.amountMinor > 0) {
        // A second, different payment for a settled sale (two tabs): it is given back.
        await enqueueRefund(tx, { saleId: sale.id, provider: input.provider, providerPaymentId: input.providerPaymentId }, input.now);
      }
      return existing.status === 'paid'
        ? { outcome: 'paid', alreadySettled: true }
        : { outcome: 'refunded', reason: existing.refund_reason ?? paymentMessages.refundedAfterExpiry, alreadySettled: true };
    }
    if (sale.status !== 'reserved' && sale.status !== 'expired') return recordRefund(tx, sale, input, paymentMessages.refundedAfterExpiry);

    const sold = await endHolds(tx, sale.id, 'sold', input.now);
    if (sold === 0 && !(await retakeStock(tx, sale.id, input.now))) return recordRefund(tx, sale, input, paymentMessages.refundedAfterExpiry);

    const totals = await loadSaleTotals(tx, sale, refundProtectionBp, input.now);
    await recordCodeUses(tx, sale.id, totals.byCodeId);
    await tx
      .insertInto('payments')
      .values({
        sale_id: sale.id,
        provider: input.provider,
        provider_payment_id: input.providerPaymentId,
        amount_minor: input.amountMinor,
        currency: input.currency,
        status: 'paid',
        refund_reason: null,
        created_at: input.now,
        refunded_at: null,
      })
      .execute();
    await tx
      .updateTable('sales')
      .set({ status: 'paid', state: 'deliver_tickets', paid_at: input.now, payment_error: null, hold_expires_at: null, updated_at: input.now })
      .where('id', '=', sale.id)
      .execute();
    return { outcome: 'paid', alreadySettled: false };
  });
}

/** Gives a payment back through its provider, then marks the sale's payment row refunded. Safe to repeat. */
export async function runRefund(db: Db, providers: Providers, payload: RefundJobPayload, now: Date): Promise<void> {
  if (payload.provider === 'stripe') await providers.card.refund(payload.providerPaymentId);
  else if (payload.provider === 'square') await providers.square.refund(payload.providerPaymentId);
  else if (payload.provider === 'truelayer') await providers.bank.refund(payload.providerPaymentId);
  await db
    .updateTable('payments')
    .set({ status: 'refunded', refunded_at: now })
    .where('sale_id', '=', payload.saleId)
    .where('provider_payment_id', '=', payload.providerPaymentId)
    .where('status', '=', 'refund_pending')
    .execute();
}

export interface ConfirmResult {
  paid: boolean;
  /** Why not, for the buyer ('' when paid or nothing failed). */
  error: string;
}

/**
 * Does the sale's money exist? The server never trusts the page: the sale's newest card intent or bank payment is
 * checked with its provider and the sale settled when it succeeded. Idempotent; delivery asks it first.
 */
export async function confirmSalePayment(db: Db, saleId: number, providers?: Providers, now?: Date): Promise<ConfirmResult> {
  const sale = await db.selectFrom('sales').select(['id', 'status', 'payment_error', 'refund_reason', 'payment_plan_remaining']).where('id', '=', saleId).executeTakeFirst();
  if (!sale) return { paid: false, error: paymentMessages.unknownIntent };
  if (sale.status === 'paid') return { paid: true, error: '' };
  if (sale.status === 'refunded') return { paid: false, error: sale.refund_reason ?? paymentMessages.refundedAfterExpiry };
  const config = loadConfig();
  const active = providers ?? providersFor(db, systemClock, config.payment);
  const at = now ?? systemClock.now();
  const latest = await db.selectFrom('sale_provider_payments').selectAll().where('sale_id', '=', saleId).orderBy('id', 'desc').executeTakeFirst();
  if (!latest) return { paid: false, error: sale.payment_error ?? '' };
  let succeeded = false;
  if (latest.provider === 'stripe') succeeded = (await active.card.retrieveIntent(latest.provider_payment_id)).status === 'succeeded';
  else if (latest.provider === 'truelayer') succeeded = (await active.bank.status(latest.provider_payment_id)) === 'executed';
  if (!succeeded) return { paid: false, error: sale.payment_error ?? '' };
  const result = await settleSalePaid(db, {
    saleId,
    provider: latest.provider,
    providerPaymentId: latest.provider_payment_id,
    amountMinor: latest.amount_minor,
    currency: latest.currency,
    now: at,
    refundProtectionBp: config.sale.refundProtectionBp,
  });
  return result.outcome === 'paid' ? { paid: true, error: '' } : { paid: false, error: result.reason };
}
