import * as messages from '@checkout/shared/messages/payment';
import type { Clock } from '../platform/clock';
import type { Db, ProviderPayment, Sale, Tx } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockReservedSale } from '../identity/checkout-sale';
import type { SessionHandle } from '../session/session';
import { unansweredBeforePayment } from '../questions/unanswered';
import { recordPayment, type PaymentOutcome } from '../observability/metrics';
import { componentsText, type PriceSnapshot, priceSnapshot } from '../pricing/price';
import { paymentMessages } from './messages';
import { cancelAtProvider, cancelOpenPayments, LIVE } from './cancel-open';
import { randomId } from './random-id';

/**
 * A sale's open payment (api/README.md 'Payment integrity'). Every payment is created for a priced snapshot of the
 * sale, under the sale's row lock, and a sale has at most one payment 'creating' or 'open' at a time (a partial unique
 * index): a second tab asking to pay gets the same payment, a change of price cancels it, and settling compares the
 * money collected with the snapshot it was made for.
 */

export type OpenProvider = 'stripe' | 'truelayer' | 'square' | 'free';

export interface OpenPaymentContext {
  db: Db;
  clock: Clock;
  refundProtectionBp: number;
  /** How long a second request waits for a payment another request is creating. */
  waitMs: number;
  /** A payment left 'creating' longer than this was abandoned by a dead process: the next request takes it over. */
  staleMs: number;
}

export interface PaymentRequest {
  provider: OpenProvider;
  /** What the provider collects now: the snapshot's total unless said (an instalment plan's first payment). */
  amountMinor?: (snapshot: PriceSnapshot) => number;
  instalment?: boolean;
  /** An open payment of the same snapshot is handed out again (card intents, bank payments); square charges at once. */
  reusable: boolean;
  /** The total the caller priced its request at (an instalment plan): a different one now is refused. */
  expectTotalMinor?: number;
}

/** The sale's payment slot for this request: to hand out again, or to create at the provider now. */
export type Claim =
  | { kind: 'reuse'; row: ProviderPayment & { provider_payment_id: string }; sale: Sale; snapshot: PriceSnapshot }
  | { kind: 'create'; row: ProviderPayment; sale: Sale; snapshot: PriceSnapshot };

type Step = Claim | { kind: 'wait' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The refusals every way of paying shares, checked under the sale's lock: a live reservation, the mandatory questions
 * before payment answered.
 */
async function lockPayable(tx: Tx, session: SessionHandle, now: Date): Promise<Sale> {
  const { sale } = await lockReservedSale(tx, session, now);
  const unanswered = await unansweredBeforePayment(tx, sale.id);
  if (unanswered.length > 0)
    throw new HttpError(409, messages.questionsUnanswered(unanswered.join('; ')), undefined, 'questions');
  return sale;
}

/**
 * Claims the sale's one payment slot for a payment priced now: the same open payment when one exists for this very
 * snapshot and way of paying (a second tab, a retry with another key); otherwise any other open payment is cancelled
 * and a new row 'creating' is inserted, which the caller completes with attachProviderPayment once the provider has
 * answered. While another request is creating the sale's payment, this one waits for it.
 */
export async function claimPayment(
  ctx: OpenPaymentContext,
  session: SessionHandle,
  request: PaymentRequest,
): Promise<Claim> {
  const deadline = Date.now() + ctx.waitMs;
  for (;;) {
    const step = await claimStep(ctx, session, request);
    if (step.kind !== 'wait') return step;
    if (Date.now() >= deadline) throw new HttpError(409, paymentMessages.inProgress);
    await sleep(40);
  }
}

async function claimStep(ctx: OpenPaymentContext, session: SessionHandle, request: PaymentRequest): Promise<Step> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (tx): Promise<Step> => {
      const sale = await lockPayable(tx, session, now);
      const snapshot = await priceSnapshot(tx, sale, ctx.refundProtectionBp, now);
      if (request.expectTotalMinor !== undefined && request.expectTotalMinor !== snapshot.components.total_minor)
        throw basketChangedRefusal();
      const amountMinor = request.amountMinor ? request.amountMinor(snapshot) : snapshot.components.total_minor;
      if (request.provider === 'free' ? snapshot.components.total_minor !== 0 : amountMinor <= 0) {
        throw new HttpError(409, request.provider === 'free' ? paymentMessages.notFree : paymentMessages.nothingToPay);
      }
      const components = componentsText(snapshot.components);
      const current = await tx
        .selectFrom('sale_provider_payments')
        .selectAll()
        .where('sale_id', '=', sale.id)
        .where('status', 'in', [...LIVE])
        .executeTakeFirst();
      if (current) {
        const same =
          current.provider === request.provider &&
          current.basket_version === snapshot.basketVersion &&
          current.amount_minor === amountMinor &&
          current.currency === snapshot.components.currency &&
          current.components === components &&
          current.instalment === (request.instalment ?? false);
        const fresh = now.getTime() - current.updated_at.getTime() <= ctx.staleMs;
        if (current.status === 'creating') {
          if (fresh) return { kind: 'wait' };
          if (same) {
            // Abandoned by a process that died while asking the provider: asked again with the same key.
            const row = await tx
              .updateTable('sale_provider_payments')
              .set({ updated_at: now })
              .where('id', '=', current.id)
              .returningAll()
              .executeTakeFirstOrThrow();
            return { kind: 'create', row, sale, snapshot };
          }
        } else if (same && current.provider_payment_id) {
          if (request.reusable)
            return {
              kind: 'reuse',
              row: { ...current, provider_payment_id: current.provider_payment_id },
              sale,
              snapshot,
            };
          return { kind: 'wait' };
        }
        await cancelOpenPayments(tx, sale.id, now);
      }
      const row = await tx
        .insertInto('sale_provider_payments')
        .values({
          sale_id: sale.id,
          provider: request.provider,
          provider_payment_id: null,
          provider_key: randomId(`${request.provider}_${sale.id}`),
          amount_minor: amountMinor,
          currency: snapshot.components.currency,
          basket_version: snapshot.basketVersion,
          components,
          instalment: request.instalment ?? false,
          status: 'creating',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'create', row, sale, snapshot };
    });
  } finally {
    session.forget();
  }
}

/**
 * Records the provider's id on a claimed row and opens it, unless a change of price cancelled it meanwhile: then the
 * row keeps its id (settling finds it and refunds whatever it collects) and stays cancelled. Answers the row.
 */
export async function attachProviderPayment(
  db: Db,
  rowId: number,
  providerPaymentId: string,
  now: Date,
): Promise<ProviderPayment> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('sale_provider_payments')
      .selectAll()
      .where('id', '=', rowId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const status = row.status === 'creating' ? 'open' : row.status;
    const updated = await tx
      .updateTable('sale_provider_payments')
      .set({ provider_payment_id: providerPaymentId, status, updated_at: now })
      .where('id', '=', rowId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.status === 'cancelled' && row.provider_payment_id === null) {
      await cancelAtProvider(tx, { saleId: row.sale_id, provider: row.provider, providerPaymentId }, now);
    }
    return updated;
  });
}

/** How a payment that moved no money ended, as payments_total counts it. */
export type EndedOutcome = Extract<PaymentOutcome, 'declined' | 'cancelled'>;

/** A bank payment that ended unpaid at the bank: failed there, or cancelled by the buyer there. */
export const bankEndedOutcome = (status: 'failed' | 'cancelled'): EndedOutcome =>
  status === 'cancelled' ? 'cancelled' : 'declined';

/**
 * The claimed payment came to nothing (declined, failed or cancelled before any money moved): the sale's slot is free
 * again. Counted in payments_total once, by whichever request first finds it so.
 */
export async function failPayment(db: Db, rowId: number, now: Date, outcome: EndedOutcome = 'declined'): Promise<void> {
  const failed = await db
    .updateTable('sale_provider_payments')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', rowId)
    .where('status', 'in', [...LIVE])
    .returning('provider')
    .executeTakeFirst();
  if (failed) recordPayment(failed.provider, outcome);
}

/** The refusal a page gets when the basket changed between pricing a payment and handing it out. */
export const basketChangedRefusal = () =>
  new HttpError(409, messages.paymentCancelledBasketChanged, undefined, 'payment');
