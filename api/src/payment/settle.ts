import * as messages from '@checkout/shared/messages/payment';
import { codesClaimedElsewhere, recordCodeUses } from '../catalogue/codes';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { systemClock } from '../platform/clock';
import type { Db, ProviderPayment, Sale, Tx } from '../db/schema';
import { publish } from '../domain-events/publish';
import { drainStock, endHolds } from '../inventory/holds';
import { enqueueJob } from '../jobs/queue';
import { recordPayment, recordRefund } from '../ledger/record';
import { recordPayment as countPayment } from '../observability/metrics';
import { issueTicketsInTx } from '../tickets/tickets';
import {
  componentsText,
  parseComponents,
  type PriceComponents,
  type PriceSnapshot,
  priceSnapshot,
} from '../pricing/price';
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
  /** What the provider collected, as the provider reports it (never what the page said). */
  amountMinor: number;
  currency: string;
  now: Date;
  /** Refund protection's price (the totals decide what gift vouchers paid); the environment's when absent. */
  refundProtectionBp?: number;
}

export type SettleResult =
  | { outcome: 'paid'; alreadySettled: boolean }
  /** `mismatch` says why the money did not pay for the sale as it is (for logs and tests; the buyer reads `reason`). */
  | { outcome: 'refunded'; reason: string; alreadySettled: boolean; mismatch?: string };

export const REFUND_JOB = 'payment.refund';

export interface RefundJobPayload {
  saleId: number;
  provider: string;
  providerPaymentId: string;
  /** Some of the payment (an organiser's refund of some tickets): its ledger entry's reference and amount. */
  part?: { reference: string; amountMinor: number };
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
  // Stock parked in buckets goes back to each row first (row, then its buckets, type by type in id order: the lock
  // order of take_stock), so the check below sees every free ticket.
  for (const line of wanted) await drainStock(tx, line.ticket_type_id);
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
  if (
    !wanted.every((line) => {
      const row = byId.get(line.ticket_type_id);
      return !!row && row.capacity - row.sold - row.held >= line.qty;
    })
  )
    return false;
  for (const line of wanted) {
    await tx
      .updateTable('ticket_types')
      .set((eb) => ({ sold: eb('sold', '+', line.qty) }))
      .where('id', '=', line.ticket_type_id)
      .execute();
  }
  // The record of what was sold, like a hold that became sold.
  await tx
    .insertInto('holds')
    .values(
      wanted.map((line) => ({
        sale_id: saleId,
        ticket_type_id: line.ticket_type_id,
        qty: line.qty,
        status: 'sold' as const,
        expires_at: now,
        created_at: now,
        ended_at: now,
      })),
    )
    .execute();
  return true;
}

/** Money a provider collected for this sale, into the ledger once, shared as the price it paid for. */
async function recordCollected(
  tx: Tx,
  saleId: number,
  input: SettleInput,
  currency: string,
  components: PriceComponents,
): Promise<void> {
  if (input.amountMinor <= 0) return;
  await recordPayment(
    tx,
    {
      sale_id: saleId,
      provider: input.provider,
      provider_reference: input.providerPaymentId,
      amount_minor: input.amountMinor,
      currency,
      status: 'done',
      reason: null,
      created_at: input.now,
      completed_at: input.now,
    },
    components,
  );
}

/**
 * Money collected that sells nothing is given back: the payment and its refund go into the ledger (the refund
 * 'pending' until the durable job has asked the provider), the provider payment is marked refunded.
 */
async function refundCollected(
  tx: Tx,
  saleId: number,
  input: SettleInput,
  currency: string,
  components: PriceComponents,
  reason: string,
): Promise<void> {
  if (input.amountMinor <= 0) return;
  await recordCollected(tx, saleId, input, currency, components);
  await recordRefund(tx, {
    sale_id: saleId,
    provider: input.provider,
    provider_reference: input.providerPaymentId,
    amount_minor: input.amountMinor,
    currency,
    status: 'pending',
    reason,
    created_at: input.now,
    completed_at: null,
  });
  await tx
    .updateTable('sale_provider_payments')
    .set({ status: 'refunded', updated_at: input.now })
    .where('provider_payment_id', '=', input.providerPaymentId)
    .execute();
  await enqueueRefund(tx, { saleId, provider: input.provider, providerPaymentId: input.providerPaymentId }, input.now);
}

/** The price a provider payment was made for (its snapshot), or the sale's price now for a payment without one. */
const componentsPaidFor = (
  row: Pick<ProviderPayment, 'components'> | undefined,
  now: PriceComponents,
): PriceComponents => (row ? parseComponents(row.components) : null) ?? now;

/** The settlement of a sale (one per sale): the payment that settled it, and the price of what it sold. */
function recordSettlement(
  tx: Tx,
  saleId: number,
  input: SettleInput,
  outcome: {
    status: 'paid' | 'refund_pending';
    refund_reason: string | null;
    price_minor: number;
    components?: string;
    instalment?: boolean;
  },
) {
  return tx
    .insertInto('payments')
    .values({
      sale_id: saleId,
      provider: input.provider,
      provider_payment_id: input.providerPaymentId,
      amount_minor: input.amountMinor,
      currency: input.currency,
      created_at: input.now,
      refunded_at: null,
      ...outcome,
    })
    .execute();
}

/** A payment that arrived when its sale could no longer be sold (the stock went after expiry): the sale ends refunded. */
async function refundSale(
  tx: Tx,
  sale: Sale,
  input: SettleInput,
  currency: string,
  components: PriceComponents,
  reason: string,
): Promise<SettleResult> {
  await recordSettlement(tx, sale.id, input, { status: 'refund_pending', refund_reason: reason, price_minor: 0 });
  await tx
    .updateTable('sales')
    .set({
      status: 'refunded',
      refund_reason: reason,
      payment_error: reason,
      hold_expires_at: null,
      ended_at: input.now,
      updated_at: input.now,
    })
    .where('id', '=', sale.id)
    .execute();
  await refundCollected(tx, sale.id, input, currency, components, reason);
  return { outcome: 'refunded', reason, alreadySettled: false };
}

/** The durable job that gives a payment (or a part of it) back through its provider. */
export function enqueueRefund(tx: Tx, payload: RefundJobPayload, now: Date) {
  return enqueueJob(
    tx,
    {
      kind: REFUND_JOB,
      payload,
      runAt: now,
      dedupeKey: `refund:${payload.provider}:${payload.part?.reference ?? payload.providerPaymentId}`,
      maxAttempts: 20,
    },
    now,
  );
}

/**
 * Why the money collected does not pay for the sale as it is now, or null when it does: the provider payment must be
 * one made for this sale and still payable (not cancelled by a change of price), priced at the sale's current basket
 * version with the very components it has now, and the provider must have collected exactly that amount in that
 * currency.
 */
function snapshotProblem(
  row: ProviderPayment | undefined,
  sale: Sale,
  snapshot: PriceSnapshot,
  input: SettleInput,
  currency: string,
): string | null {
  if (!row || row.sale_id !== sale.id) return 'unknown payment';
  if (row.status !== 'open' && row.status !== 'creating') return `payment ${row.status}`;
  if (row.basket_version !== sale.basket_version)
    return `priced at basket version ${row.basket_version}, sale at ${sale.basket_version}`;
  if (row.amount_minor !== input.amountMinor || row.currency !== currency)
    return `collected ${input.amountMinor} ${currency}, priced ${row.amount_minor} ${row.currency}`;
  if (row.components !== componentsText(snapshot.components)) return 'price components changed';
  return null;
}

/**
 * Settles a sale whose payment succeeded, exactly once: in ONE transaction under the sale's row lock.
 *
 * - A sale already settled answers its first result; a different payment for it (a second tab) is refunded.
 * - The money must pay for exactly the basket being sold: the provider payment's priced snapshot is compared with the
 *   sale now (snapshotProblem). When it differs nothing is sold, the money is refunded by the durable job, and the
 *   sale stays open on the payment step with the reason for the buyer.
 * - Otherwise its active holds become sold (held -> sold), its codes are counted, the payment is recorded in the
 *   ledger and as the settlement (with the price of what was sold), and the sale is paid, in state deliver_tickets.
 *
 * THE rule for a payment that arrives after the hold expired: the stock is taken again if every line is still
 * available, and the sale is honoured; if not, the payment is refunded through its provider (a durable job) and the
 * sale is recorded as 'refunded' with the reason. The same for the codes its price relies on: a discount code's use
 * or a gift voucher code that another checkout took meanwhile refunds the payment (the buyer reads which code), so a
 * limited code is never paid for at its discount more often than it may be used.
 */
export async function settleSalePaid(db: Db, input: SettleInput): Promise<SettleResult> {
  return db.transaction().execute((tx) => settleInTransaction(tx, input));
}

/**
 * settleSalePaid inside the caller's transaction (a free claim prices and settles under one lock). A sale paid is
 * counted in payments_total from its committed order.paid event (the metrics' after-commit subscriber). A payment
 * refunded because it sold nothing is no change to an order and publishes no event: it is counted as it is decided,
 * so a transaction that then fails (the database going away mid-commit) is counted all the same, an over-count that
 * rare is worth not threading the count through every caller.
 */
export async function settleInTransaction(tx: Tx, input: SettleInput): Promise<SettleResult> {
  const result = await settle(tx, input);
  if (!result.alreadySettled && result.outcome !== 'paid') countPayment(input.provider, result.outcome);
  return result;
}

async function settle(tx: Tx, input: SettleInput): Promise<SettleResult> {
  const refundProtectionBp = input.refundProtectionBp ?? loadConfig().sale.refundProtectionBp;
  const currency = input.currency.toUpperCase();
  const sale = await tx.selectFrom('sales').selectAll().where('id', '=', input.saleId).forUpdate().executeTakeFirst();
  if (!sale) throw new Error(`settleSalePaid: no sale ${input.saleId}`);
  const existing = await tx.selectFrom('payments').selectAll().where('sale_id', '=', sale.id).executeTakeFirst();
  if (existing) {
    if (existing.provider_payment_id !== input.providerPaymentId) {
      // A second, different payment for a settled sale (two tabs): it is given back.
      const second = await tx
        .selectFrom('sale_provider_payments')
        .select('components')
        .where('provider_payment_id', '=', input.providerPaymentId)
        .executeTakeFirst();
      const components = componentsPaidFor(
        second,
        (await priceSnapshot(tx, sale, refundProtectionBp, input.now)).components,
      );
      await refundCollected(tx, sale.id, input, currency, components, paymentMessages.secondPayment);
    }
    return existing.status === 'paid'
      ? { outcome: 'paid', alreadySettled: true }
      : {
          outcome: 'refunded',
          reason: existing.refund_reason ?? paymentMessages.refundedAfterExpiry,
          alreadySettled: true,
        };
  }

  const row = await tx
    .selectFrom('sale_provider_payments')
    .selectAll()
    .where('provider_payment_id', '=', input.providerPaymentId)
    .forUpdate()
    .executeTakeFirst();
  const snapshot = await priceSnapshot(tx, sale, refundProtectionBp, input.now);
  const problem = snapshotProblem(row, sale, snapshot, input, currency);
  const paidFor = componentsPaidFor(row, snapshot.components);
  if (problem) {
    const reason = messages.paymentRefundedBasketChanged;
    await refundCollected(tx, sale.id, input, currency, paidFor, reason);
    const onPaymentStep = sale.status === 'reserved' ? { state: 'payment' as const } : {};
    await tx
      .updateTable('sales')
      .set({ payment_error: reason, ...onPaymentStep, updated_at: input.now })
      .where('id', '=', sale.id)
      .execute();
    return { outcome: 'refunded', reason, alreadySettled: false, mismatch: problem };
  }

  if (sale.status !== 'reserved' && sale.status !== 'expired')
    return refundSale(tx, sale, input, currency, paidFor, paymentMessages.refundedAfterExpiry);
  // Before any stock moves: a code the price relies on that another checkout took while this one's hold had lapsed.
  const [lostCode] = await codesClaimedElsewhere(tx, sale.id, input.now);
  if (lostCode !== undefined)
    return refundSale(tx, sale, input, currency, paidFor, paymentMessages.refundedCodeTaken(lostCode));
  const sold = await endHolds(tx, sale.id, 'sold', input.now);
  if (sold === 0 && !(await retakeStock(tx, sale.id, input.now)))
    return refundSale(tx, sale, input, currency, paidFor, paymentMessages.refundedAfterExpiry);

  await recordCodeUses(tx, sale.id, snapshot.totals.byCodeId);
  await recordCollected(tx, sale.id, input, currency, snapshot.components);
  await recordSettlement(tx, sale.id, input, {
    status: 'paid',
    refund_reason: null,
    price_minor: snapshot.components.total_minor,
    components: componentsText(snapshot.components),
    instalment: row?.instalment ?? false,
  });
  await tx
    .updateTable('sale_provider_payments')
    .set({ status: 'settled', updated_at: input.now })
    .where('provider_payment_id', '=', input.providerPaymentId)
    .execute();
  // A Gift Aid declaration stands only beside a donation that was paid.
  if (!snapshot.components.gift_aid)
    await tx.deleteFrom('gift_aid_declarations').where('sale_id', '=', sale.id).execute();
  await tx
    .updateTable('sales')
    .set({
      status: 'paid',
      state: 'deliver_tickets',
      paid_at: input.now,
      payment_error: null,
      hold_expires_at: null,
      updated_at: input.now,
    })
    .where('id', '=', sale.id)
    .execute();
  // The tickets exist from the moment the sale is paid (not when the buyer's page reaches delivery): a buyer who
  // closes the tab still has them, and order.paid carries their codes. A payment plan issues after its final payment.
  await issueTicketsInTx(tx, sale.id, input.now);
  await publish(tx, { type: 'order.paid', saleId: sale.id, provider: input.provider }, input.now);
  return { outcome: 'paid', alreadySettled: false };
}

async function refundThrough(providers: Providers, payload: RefundJobPayload): Promise<void> {
  const part = payload.part && { amountMinor: payload.part.amountMinor, key: payload.part.reference };
  if (payload.provider === 'stripe') await providers.card.refund(payload.providerPaymentId, part);
  else if (payload.provider === 'square') await providers.square.refund(payload.providerPaymentId, part);
  else if (payload.provider === 'truelayer') await providers.bank.refund(payload.providerPaymentId, part);
}

/**
 * Gives a part of a payment back (an organiser's refund), once: the provider is asked only while the part's ledger
 * entry is pending (and under the part's own idempotency key), then the entry and the organiser's refund are done.
 */
async function runPartRefund(
  db: Db,
  providers: Providers,
  payload: RefundJobPayload,
  part: NonNullable<RefundJobPayload['part']>,
  now: Date,
): Promise<void> {
  const entry = await db
    .selectFrom('ledger_entries')
    .select('status')
    .where('kind', '=', 'refund')
    .where('provider', '=', payload.provider)
    .where('provider_reference', '=', part.reference)
    .executeTakeFirst();
  if (entry?.status !== 'pending') return;
  await refundThrough(providers, payload);
  const completed = await db.transaction().execute(async (tx) => {
    const ledger = await tx
      .updateTable('ledger_entries')
      .set({ status: 'done', completed_at: now })
      .where('kind', '=', 'refund')
      .where('provider', '=', payload.provider)
      .where('provider_reference', '=', part.reference)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    await tx
      .updateTable('order_refunds')
      .set({ status: 'completed', completed_at: now })
      .where('public_id', '=', part.reference)
      .where('status', '=', 'pending')
      .execute();
    return ledger.numUpdatedRows > 0n;
  });
  if (completed) countPayment(payload.provider, 'refund_completed');
}

/** Gives a payment back through its provider, then marks the refund done in the ledger and the settlement. Safe to repeat. */
export async function runRefund(db: Db, providers: Providers, payload: RefundJobPayload, now: Date): Promise<void> {
  if (payload.part) return runPartRefund(db, providers, payload, payload.part, now);
  await refundThrough(providers, payload);
  const completed = await db.transaction().execute(async (tx) => {
    const ledger = await tx
      .updateTable('ledger_entries')
      .set({ status: 'done', completed_at: now })
      .where('kind', '=', 'refund')
      .where('provider', '=', payload.provider)
      .where('provider_reference', '=', payload.providerPaymentId)
      .where('status', '=', 'pending')
      .execute();
    await tx
      .updateTable('payments')
      .set({ status: 'refunded', refunded_at: now })
      .where('sale_id', '=', payload.saleId)
      .where('provider_payment_id', '=', payload.providerPaymentId)
      .where('status', '=', 'refund_pending')
      .execute();
    return ledger.some((row) => row.numUpdatedRows > 0n);
  });
  // Counted once: a repeated job finds the ledger's refund already done.
  if (completed) countPayment(payload.provider, 'refund_completed');
}

export interface ConfirmResult {
  paid: boolean;
  /** Why not, for the buyer ('' when paid or nothing failed). */
  error: string;
}

/** What a provider says a payment collected: nothing until a card intent succeeded or a bank payment executed. */
export async function collectedBy(
  providers: Providers,
  provider: string,
  providerPaymentId: string,
): Promise<{ amountMinor: number; currency: string } | null> {
  if (provider === 'stripe') {
    const intent = await providers.card.retrieveIntent(providerPaymentId);
    return intent.status === 'succeeded' ? { amountMinor: intent.amountMinor, currency: intent.currency } : null;
  }
  if (provider === 'truelayer') {
    const payment = await providers.bank.retrieve(providerPaymentId);
    return payment.status === 'executed' ? { amountMinor: payment.amountMinor, currency: payment.currency } : null;
  }
  return null;
}

/**
 * Does the sale's money exist? The server never trusts the page: the sale's newest card intent or bank payment is
 * checked with its provider and settled (or refunded, if it no longer pays for the basket) when it collected.
 * Idempotent; delivery asks it first.
 */
export async function confirmSalePayment(
  db: Db,
  saleId: number,
  providers?: Providers,
  now?: Date,
): Promise<ConfirmResult> {
  const sale = await db
    .selectFrom('sales')
    .select(['id', 'status', 'payment_error', 'refund_reason', 'payment_plan_remaining'])
    .where('id', '=', saleId)
    .executeTakeFirst();
  if (!sale) return { paid: false, error: paymentMessages.unknownIntent };
  if (sale.status === 'paid') return { paid: true, error: '' };
  if (sale.status === 'refunded')
    return { paid: false, error: sale.refund_reason ?? paymentMessages.refundedAfterExpiry };
  const config = loadConfig();
  const active = providers ?? providersFor(db, systemClock, config.payment);
  const at = now ?? systemClock.now();
  const latest = await db
    .selectFrom('sale_provider_payments')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('provider_payment_id', 'is not', null)
    .where('status', 'in', ['open', 'cancelled'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest?.provider_payment_id) return { paid: false, error: sale.payment_error ?? '' };
  const collected = await collectedBy(active, latest.provider, latest.provider_payment_id);
  if (!collected) return { paid: false, error: sale.payment_error ?? '' };
  const result = await settleSalePaid(db, {
    saleId,
    provider: latest.provider,
    providerPaymentId: latest.provider_payment_id,
    ...collected,
    now: at,
    refundProtectionBp: config.sale.refundProtectionBp,
  });
  return result.outcome === 'paid' ? { paid: true, error: '' } : { paid: false, error: result.reason };
}
