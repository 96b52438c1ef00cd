import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/schema';
import { publish } from '../../domain-events/publish';
import { HttpError } from '../../http/errors';
import { organiserOfLines, recordRefundPart } from '../../ledger/record';
import { enqueueRefund } from '../../payment/settle';
import { randomId } from '../../payment/random-id';
import { parseComponents, type PriceComponents } from '../../pricing/price';
import { refused } from '../operation';
import { refundParts, type RefundParts } from '../../ledger/refund-amount';
import type { Order, Refund } from './schemas';
import { orderViews, refundView } from './view';

/**
 * An organiser's refund of some (or all) of its tickets in an order: in ONE transaction under the sale's row lock the
 * tickets are checked, voided and put back on sale, the money is written to the ledger as a pending refund with its
 * shares, the provider that took it is asked by the durable refund job, and order.refunded is recorded. The
 * Idempotency-Key makes a repeat answer the first answer; `order_refund_tickets.ticket_id` being unique makes a ticket
 * refunded at most once whatever two requests do at once.
 */

export interface RefundRequest {
  tickets?: string[] | undefined;
  reason?: string | undefined;
}

export interface RefundAnswer {
  refund: Refund;
  order: Order;
}

export const refundMessages = {
  noKey: "Send an 'Idempotency-Key' header (1 to 255 visible characters) so that a repeat refunds once.",
  keyReused: 'This Idempotency-Key was already used for another request. Use a new key for a new refund.',
  notPaid: 'This order has not been paid, so there is nothing to refund.',
  wholeRefunded: 'This order has already been refunded in full.',
  planRunning:
    'This order is being paid by instalments that are not all paid yet; it cannot be refunded until they are.',
  instalments: 'This order was paid by instalments; refund it from the dashboard, not through the API.',
  giftVouchers: 'Part of this order was paid with a gift voucher; refund it from the dashboard, not through the API.',
  notIssued: 'The tickets of this order have not been issued yet; try again in a minute.',
  twice: (code: string) => `The ticket ${code} is named twice.`,
  notInOrder: (codes: string[]) => `These tickets are not yours in this order: ${codes.join(', ')}.`,
  alreadyRefunded: (code: string) => `The ticket ${code} has already been refunded.`,
  voided: (code: string) => `The ticket ${code} is void (it was transferred); it cannot be refunded.`,
  changed: 'A ticket of this refund changed while it was being refunded (it was transferred): nothing was refunded.',
  nothingLeft: 'Every ticket of yours in this order is refunded or void: there is nothing left to refund.',
  free: 'These tickets cost nothing: there is no money to refund.',
} as const;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, or a 400 with the sentence. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !KEY.test(header))
    throw new HttpError(400, refundMessages.noKey, undefined, 'idempotency_key');
  return header;
}

const hashOf = (reference: string, request: RefundRequest) =>
  createHash('sha256')
    .update(JSON.stringify([reference, request.tickets ?? null, request.reason ?? null]))
    .digest('hex');

/** The first answer to this key, when there is one: the same request again, or a 409 for another body. */
async function repeatOf(db: Db | Tx, organiserId: number, key: string, hash: string): Promise<RefundAnswer | null> {
  const row = await db
    .selectFrom('order_refunds')
    .select(['request_hash', 'answer'])
    .where('organiser_id', '=', organiserId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash)
    throw new HttpError(409, refundMessages.keyReused, undefined, 'idempotency_key_reused');
  return (typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer) as RefundAnswer;
}

export async function refundOrder(
  db: Db,
  input: { organiserId: number; reference: string; key: string; request: RefundRequest; now: Date },
): Promise<{ answer: RefundAnswer; repeat: boolean }> {
  const { organiserId, reference, key, request } = input;
  const hash = hashOf(reference, request);
  const first = await repeatOf(db, organiserId, key, hash);
  if (first) return { answer: first, repeat: true };
  try {
    return await refundUnderLock(db, input, hash);
  } catch (error) {
    // The same key used at once for two orders: the one that lost the key's unique index answers as a repeat would.
    if (!isKeyTaken(error)) throw error;
    const winner = await repeatOf(db, organiserId, key, hash);
    if (!winner) throw error;
    return { answer: winner, repeat: true };
  }
}

const isKeyTaken = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'order_refunds_organiser_id_idempotency_key_key';

async function refundUnderLock(
  db: Db,
  input: { organiserId: number; reference: string; key: string; request: RefundRequest; now: Date },
  hash: string,
): Promise<{ answer: RefundAnswer; repeat: boolean }> {
  const { organiserId, reference, key, request, now } = input;
  return db.transaction().execute(async (tx) => {
    const sale = await tx
      .selectFrom('sales')
      .select(['id', 'status', 'payment_plan_remaining'])
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    // A request of the same key that waited for the lock finds the refund the other made.
    const again = await repeatOf(tx, organiserId, key, hash);
    if (again) return { answer: again, repeat: true };
    const [before] = sale ? await orderViews(tx, organiserId, [sale.id]) : [];
    if (!sale || !before)
      throw new HttpError(404, 'There is no order of yours with that reference.', undefined, 'not_found');
    const answer = await refundInTransaction(tx, { organiserId, sale, key, hash, request, now });
    return { answer, repeat: false };
  });
}

interface SaleToRefund {
  id: number;
  status: string;
  payment_plan_remaining: boolean;
}

/** The settlement that paid for the sale and its price components, or why the API cannot refund it. */
async function refundableSettlement(tx: Tx, sale: SaleToRefund) {
  if (sale.status === 'refunded') throw refused(refundMessages.wholeRefunded);
  if (sale.status !== 'paid') throw refused(refundMessages.notPaid);
  if (sale.payment_plan_remaining) throw refused(refundMessages.planRunning);
  const settlement = await tx
    .selectFrom('payments')
    .select(['provider', 'provider_payment_id', 'components', 'instalment'])
    .where('sale_id', '=', sale.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  const components = settlement ? parseComponents(settlement.components) : null;
  if (!settlement || !components) throw refused(refundMessages.notPaid);
  if (settlement.instalment) throw refused(refundMessages.instalments);
  if (components.gift_vouchers_applied_minor > 0) throw refused(refundMessages.giftVouchers);
  return { settlement, components };
}

type Settlement = Awaited<ReturnType<typeof refundableSettlement>>['settlement'];

/** Every ticket of the sale, whoever's event it is for, with the refund it is in (if any), in order. */
const ticketsOfSale = (tx: Tx, saleId: number) =>
  tx
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .leftJoin('order_refund_tickets as rt', 'rt.ticket_id', 't.id')
    .select([
      't.id',
      't.code',
      't.position',
      't.ticket_type_id',
      't.voided_at',
      't.checked_in_at',
      'e.organiser_id',
      'rt.refund_id',
    ])
    .where('t.sale_id', '=', saleId)
    .orderBy('t.position')
    .execute();

type SaleTicket = Awaited<ReturnType<typeof ticketsOfSale>>[number];

/** The tickets the request names (each once, each the organiser's, none refunded or void), or all it may refund. */
function chosenTickets(own: SaleTicket[], request: RefundRequest): SaleTicket[] {
  if (!request.tickets) {
    const chosen = own.filter((ticket) => ticket.refund_id === null && !ticket.voided_at);
    if (chosen.length === 0) throw refused(refundMessages.nothingLeft);
    return chosen;
  }
  const seen = new Set<string>();
  for (const code of request.tickets) {
    if (seen.has(code)) throw new HttpError(400, refundMessages.twice(code), undefined, 'bad_request');
    seen.add(code);
  }
  const byCode = new Map(own.map((ticket) => [ticket.code, ticket]));
  const unknown = request.tickets.filter((code) => !byCode.has(code));
  if (unknown.length > 0) throw new HttpError(400, refundMessages.notInOrder(unknown), undefined, 'bad_request');
  const chosen = request.tickets.map((code) => byCode.get(code)).filter((ticket) => ticket !== undefined);
  for (const ticket of chosen) {
    if (ticket.refund_id !== null) throw refused(refundMessages.alreadyRefunded(ticket.code));
    if (ticket.voided_at) throw refused(refundMessages.voided(ticket.code));
  }
  chosen.sort((a, b) => a.position - b.position);
  return chosen;
}

/** The last tickets of the sale (and it sold nothing else): the marketplace's own parts are given back too. */
function isWholeOrder(components: PriceComponents, tickets: SaleTicket[], chosenIds: ReadonlySet<number>): boolean {
  const pricedTickets = components.lines
    .filter((line) => line.kind === 'ticket')
    .reduce((sum, line) => sum + line.qty, 0);
  return (
    components.lines.every((line) => line.kind === 'ticket') &&
    tickets.length === pricedTickets &&
    tickets.every((ticket) => ticket.refund_id !== null || chosenIds.has(ticket.id))
  );
}

interface NewRefund {
  publicId: string;
  saleId: number;
  organiserId: number;
  key: string;
  hash: string;
  amountMinor: number;
  currency: string;
  wholeOrder: boolean;
  reason: string | null;
  chosen: readonly SaleTicket[];
  now: Date;
}

/** The refund's row (its answer written once it is known) and its tickets'. */
async function insertRefund(tx: Tx, refund: NewRefund) {
  const row = await tx
    .insertInto('order_refunds')
    .values({
      public_id: refund.publicId,
      sale_id: refund.saleId,
      organiser_id: refund.organiserId,
      idempotency_key: refund.key,
      request_hash: refund.hash,
      answer: '{}',
      amount_minor: refund.amountMinor,
      currency: refund.currency,
      whole_order: refund.wholeOrder,
      reason: refund.reason,
      status: 'pending',
      created_at: refund.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('order_refund_tickets')
    .values(refund.chosen.map((ticket) => ({ refund_id: row.id, ticket_id: ticket.id })))
    .execute();
  return row;
}

/**
 * A ticket already admitted is refunded too when its organiser says so (an evening that went wrong); its code is
 * refused at the door from now on. Conditional: a ticket voided since it was read (a transfer) undoes the refund.
 */
async function voidTickets(tx: Tx, chosen: readonly SaleTicket[], now: Date): Promise<void> {
  const voided = await tx
    .updateTable('tickets')
    .set({ voided_at: now, void_reason: 'refunded' })
    .where('id', 'in', [...new Set(chosen.map((ticket) => ticket.id))])
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  if (Number(voided.numUpdatedRows) !== chosen.length) throw refused(refundMessages.changed);
}

async function markSaleRefunded(tx: Tx, saleId: number, reason: string | undefined, now: Date): Promise<void> {
  await tx
    .updateTable('sales')
    .set({ status: 'refunded', refund_reason: reason ?? 'Refunded by the organiser.', ended_at: now, updated_at: now })
    .where('id', '=', saleId)
    .execute();
}

/** The money: a pending refund in the ledger with its shares, and the durable job that asks the provider for it. */
async function recordRefundMoney(
  tx: Tx,
  refund: NewRefund,
  settlement: Settlement,
  shares: RefundParts['shares'],
): Promise<void> {
  await recordRefundPart(
    tx,
    {
      sale_id: refund.saleId,
      provider: settlement.provider,
      provider_reference: refund.publicId,
      refund_of: settlement.provider_payment_id,
      amount_minor: refund.amountMinor,
      currency: refund.currency,
      status: 'pending',
      reason: refund.reason,
      created_at: refund.now,
      completed_at: null,
    },
    shares,
  );
  await enqueueRefund(
    tx,
    {
      saleId: refund.saleId,
      provider: settlement.provider,
      providerPaymentId: settlement.provider_payment_id,
      part: { reference: refund.publicId, amountMinor: refund.amountMinor },
    },
    refund.now,
  );
}

async function refundInTransaction(
  tx: Tx,
  input: { organiserId: number; sale: SaleToRefund; key: string; hash: string; request: RefundRequest; now: Date },
): Promise<RefundAnswer> {
  const { organiserId, sale, request, now } = input;
  const { settlement, components } = await refundableSettlement(tx, sale);
  const tickets = await ticketsOfSale(tx, sale.id);
  const own = tickets.filter((ticket) => ticket.organiser_id === organiserId);
  if (own.length === 0) throw refused(refundMessages.notIssued);
  const chosen = chosenTickets(own, request);
  const wholeOrder = isWholeOrder(components, tickets, new Set(chosen.map((ticket) => ticket.id)));
  const parts = refundParts(components, chosen, await organiserOfLines(tx, components), wholeOrder);
  if (parts.amountMinor <= 0) throw refused(refundMessages.free);

  const newRefund: NewRefund = {
    publicId: randomId('orf'),
    saleId: sale.id,
    organiserId,
    key: input.key,
    hash: input.hash,
    amountMinor: parts.amountMinor,
    currency: components.currency,
    wholeOrder,
    reason: request.reason ?? null,
    chosen,
    now,
  };
  const refund = await insertRefund(tx, newRefund);
  await voidTickets(tx, chosen, now);
  await restock(tx, chosen);
  if (wholeOrder) await markSaleRefunded(tx, sale.id, request.reason, now);
  await recordRefundMoney(tx, newRefund, settlement, parts.shares);

  const answer = await refundAnswer(tx, organiserId, refund.id);
  await tx
    .updateTable('order_refunds')
    .set({ answer: JSON.stringify(answer) })
    .where('id', '=', refund.id)
    .execute();
  await publish(tx, { type: 'order.refunded', saleId: sale.id, organiserId, refundId: refund.id }, now);
  return answer;
}

/**
 * A refund and its order as the organiser sees them now: the refund's answer, and the data of its order.refunded
 * event. Its tickets are listed in their order in the sale.
 */
export async function refundAnswer(tx: Tx, organiserId: number, refundId: number): Promise<RefundAnswer> {
  const refund = await tx
    .selectFrom('order_refunds')
    .selectAll()
    .where('id', '=', refundId)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirstOrThrow();
  const codes = await tx
    .selectFrom('order_refund_tickets as rt')
    .innerJoin('tickets as t', 't.id', 'rt.ticket_id')
    .select('t.code')
    .where('rt.refund_id', '=', refundId)
    .orderBy('t.position')
    .execute();
  const [order] = await orderViews(tx, organiserId, [refund.sale_id]);
  if (!order) throw new Error(`refund: sale ${refund.sale_id} is no longer an order of organiser ${organiserId}`);
  return {
    refund: refundView(
      refund,
      codes.map((ticket) => ticket.code),
    ),
    order,
  };
}

/** The refunded tickets go back on sale: each type's `sold` comes down, its rows locked in id order. */
async function restock(tx: Tx, tickets: readonly { ticket_type_id: number }[]): Promise<void> {
  const byType = new Map<number, number>();
  for (const ticket of tickets) byType.set(ticket.ticket_type_id, (byType.get(ticket.ticket_type_id) ?? 0) + 1);
  for (const [typeId, qty] of [...byType.entries()].sort(([a], [b]) => a - b)) {
    const updated = await tx
      .updateTable('ticket_types')
      .set((eb) => ({ sold: eb('sold', '-', qty) }))
      .where('id', '=', typeId)
      .where('sold', '>=', qty)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new Error(`refund: ticket type ${typeId} has fewer than ${qty} sold`);
  }
}
