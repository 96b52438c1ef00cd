import { queuePaths, type ReserveTicketsResponse } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';
import { queueRequired } from '@checkout/shared/messages/queue';
import { sql } from 'kysely';
import type { CaptchaPolicy } from '../captcha/policy';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/schema';
import { serverMessages } from '../http/server-messages';
import type { SessionHandle } from '../session/session';
import { activeHeld, availableOf, endHolds, expireHolds } from '../inventory/holds';
import { recordReservation } from '../observability/metrics';
import { recordSaleExpired } from '../organiser-api/webhooks/emit';
import { basketChanged } from './current';
import { secondsRemaining } from '../session/current-sale';
import { claimPass } from '../waiting-room/queue';
import { saleMessages } from './messages';

export interface ReserveDeps {
  db: Db;
  clock: Clock;
  holdSeconds: number;
  captcha: CaptchaPolicy;
}

export interface ReserveRequest {
  /** 'h-captcha-response', sent from the captcha step. */
  captchaToken: string | undefined;
  /** The client's address (request.ip), for the repeated-attempts rule and siteverify. */
  clientAddress: string;
  /** The checkout_pass cookie: the waiting room's pass, claimed for this session's sale before reserving. */
  passToken?: string | undefined;
}

interface SnapshotLine {
  ticket_type_id: number | null;
  qty: number;
  name: string | null;
  max: number | null;
  min: number | null;
  captcha: boolean;
  requirements: number[][];
}

/** The visitor's sale and every line with what the rules need: one query, no locks. */
interface Snapshot {
  id: number;
  reference: string;
  status: string;
  hold_expires_at: Date | null;
  basket_version: number;
  lines: SnapshotLine[];
}

function loadSnapshot(db: Db, tokenHash: string): Promise<Snapshot | undefined> {
  return sql<Snapshot>`
    SELECT sa.id, sa.reference, sa.status, sa.hold_expires_at, sa.basket_version,
      coalesce((
        SELECT json_agg(json_build_object(
          'ticket_type_id', l.ticket_type_id, 'qty', l.qty, 'name', t.name, 'max', t.max_per_customer,
          'min', t.min_per_customer, 'captcha', coalesce(e.captcha_required, false),
          'requirements', coalesce((SELECT json_agg(r.required_ticket_type_ids) FROM ticket_requirements r WHERE r.ticket_type_id = l.ticket_type_id), '[]'::json)
        ) ORDER BY l.id)
        FROM sale_lines l
        LEFT JOIN ticket_types t ON t.id = l.ticket_type_id
        LEFT JOIN events e ON e.id = t.event_id
        WHERE l.sale_id = sa.id
      ), '[]'::json) AS lines
    FROM sessions s
    JOIN sales sa ON sa.id = s.sale_id
    WHERE s.token_hash = ${tokenHash} AND sa.status IN ('basket', 'reserved', 'paid', 'expired')`
    .execute(db)
    .then((result) => result.rows[0]);
}

/** The basket rules the page also shows, enforced here because the page is not trusted. */
function ruleBroken(lines: readonly SnapshotLine[]): string | null {
  if (lines.length === 0) return serverMessages.emptyBasket;
  const inBasket = new Set(lines.flatMap((line) => (line.ticket_type_id === null ? [] : [line.ticket_type_id])));
  for (const line of lines) {
    if (line.ticket_type_id === null) continue;
    if (line.max !== null && line.qty > line.max) return messages.canOnlyReserve(line.max);
    if (line.min !== null && line.qty < line.min) return messages.minimumPurchase(line.min);
  }
  for (const line of lines) {
    for (const alternatives of line.requirements) {
      if (!alternatives.some((id) => inBasket.has(id))) return messages.requiredTicketsMissing;
    }
  }
  return null;
}

/**
 * What reserve_sale (0002_basket) raised, when it refused; 'queue_required' is the holds' gate (0021_waiting_room):
 * a ticket of an on-sale's waiting room without a pass, its id the on-sale's.
 */
function refusalOf(error: unknown): { kind: 'stock_short' | 'code_unavailable' | 'queue_required'; id: number } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (code !== 'P0001' || (message !== 'stock_short' && message !== 'code_unavailable' && message !== 'queue_required'))
    return null;
  const id = Number(detail);
  return Number.isInteger(id) ? { kind: message, id } : null;
}

/** Holds all lines, or nothing, in one statement (see reserve_sale): 'stale' when the basket changed meanwhile. */
async function takeReservation(db: Db, snapshot: Snapshot, now: Date, expiresAt: Date): Promise<'reserved' | 'stale'> {
  const byType = new Map<number, number>();
  for (const line of snapshot.lines)
    if (line.ticket_type_id !== null)
      byType.set(line.ticket_type_id, (byType.get(line.ticket_type_id) ?? 0) + line.qty);
  const sorted = [...byType].sort((a, b) => a[0] - b[0]);
  const { rows } = await sql<{
    outcome: 'reserved' | 'stale';
  }>`SELECT reserve_sale(${snapshot.id}, ${snapshot.basket_version},
      ${sorted.map(([id]) => id)}::integer[], ${sorted.map(([, qty]) => qty)}::integer[], ${expiresAt}, ${now}) AS outcome`.execute(
    db,
  );
  const outcome = rows[0]?.outcome ?? 'stale';
  if (outcome === 'reserved') await forgetEditBasket(db, snapshot.id);
  return outcome;
}

/**
 * A new reservation ends what an Edit basket click explained (another tab's reservation given back): when this one
 * lapses, the page says it expired, not that the basket was edited elsewhere.
 */
async function forgetEditBasket(db: Db, saleId: number): Promise<void> {
  await db
    .updateTable('sales')
    .set({ edit_basket_clicked: false })
    .where('id', '=', saleId)
    .where('edit_basket_clicked', '=', true)
    .execute();
}

/** A lapsed reservation the sweeper has not reached: its holds given back, so the buyer can reserve afresh. */
async function expireLapsed(db: Db, saleId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const sale = await tx
      .selectFrom('sales')
      .select(['status', 'hold_expires_at'])
      .where('id', '=', saleId)
      .forUpdate()
      .executeTakeFirst();
    if (sale?.status !== 'reserved' || !sale.hold_expires_at || sale.hold_expires_at.getTime() > now.getTime()) return;
    await endHolds(tx, saleId, 'expired', now);
    await tx.updateTable('sales').set({ status: 'expired', updated_at: now }).where('id', '=', saleId).execute();
    await recordSaleExpired(tx, saleId, now);
  });
}

/** A code with no use left for this sale is taken off its basket, with the reason shown there. */
async function dropCode(db: Db, saleId: number, codeId: number, now: Date): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().execute();
    const code = await tx.selectFrom('codes').select('code').where('id', '=', codeId).executeTakeFirst();
    const reason = saleMessages.codeNoLongerValid(code?.code ?? '');
    await tx.deleteFrom('sale_codes').where('sale_id', '=', saleId).where('code_id', '=', codeId).execute();
    await basketChanged(tx, saleId, now, reason);
    return reason;
  });
}

async function saleIdOf(db: Db, tokenHash: string): Promise<number> {
  const row = await db.selectFrom('sessions').select('sale_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.sale_id ?? 0;
}

async function shortageMessage(db: Db, ticketTypeId: number): Promise<string> {
  const row = await db
    .selectFrom('ticket_types')
    .select(['name', 'capacity', 'sold', activeHeld().as('held')])
    .where('id', '=', ticketTypeId)
    .executeTakeFirst();
  return serverMessages.notEnoughTickets(row?.name ?? '', row ? availableOf(row) : 0);
}

const MAX_ROUNDS = 4;

/** Why a reservation was refused, as the reservations_total metric labels it (a few fixed words, never the sentence). */
type RefusalReason =
  | 'empty_basket'
  | 'already_paid'
  | 'code_unavailable'
  | 'basket_rule'
  | 'sold_out'
  | 'basket_changed'
  | 'queue_required';

function refused(reason: RefusalReason, error: string): ReserveTicketsResponse {
  recordReservation('refused', reason);
  return { reserved: false, error };
}

/** Tickets behind an on-sale's waiting room, and no pass to use: the page goes to the queue (HTTP 403). */
function queueAnswer(onsaleId: number): ReserveTicketsResponse {
  recordReservation('refused', 'queue_required');
  return { reserved: false, error: queueRequired, queue_url: queuePaths.page(onsaleId) };
}

function reservedAnswer(answer: {
  sale_reference: string | null;
  fresh_reservation: boolean;
  checkout_time: number | null;
}): ReserveTicketsResponse {
  recordReservation(answer.fresh_reservation ? 'reserved' : 'reserved_again');
  return { reserved: true, ...answer };
}

function captchaAnswer(siteKey: string, error?: string): ReserveTicketsResponse {
  recordReservation('captcha', error === undefined ? 'demanded' : 'failed');
  return { captcha: true, captcha_sitekey: siteKey, ...(error === undefined ? {} : { error }) };
}

type FastOutcome = 'empty' | 'paid' | 'held' | 'reserved' | 'check';

/** reserve_basket (0002_basket): a plain basket read, checked and reserved in one round trip. */
async function reserveFast(db: Db, tokenHash: string, now: Date, expiresAt: Date, check: boolean) {
  const { rows } = await sql<{
    outcome: FastOutcome;
    sale_id: number | null;
    reference: string | null;
    hold_expires_at: Date | null;
  }>`
    SELECT outcome, sale_id, reference, hold_expires_at FROM reserve_basket(${tokenHash}, ${expiresAt}, ${now}, ${check})`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('reserve_basket answered no row');
  return row;
}

/**
 * Reserves the whole basket or nothing. The hot path is two round trips and holds no
 * lock between them: one read of the sale and its lines (rules checked here), then reserve_sale, one statement that
 * takes every hold and commits. Outcomes: reserved (fresh, or the live reservation again with its clock); captcha
 * demanded (nothing taken); a refusal with its reason in `error`. When stock is short, lapsed holds are swept once and
 * the reservation tried again, so stock waiting for the periodic sweeper (or freed by a sweep running beside this
 * one) is never refused.
 */
export async function reserveTickets(
  deps: ReserveDeps,
  session: SessionHandle,
  request: ReserveRequest,
): Promise<ReserveTicketsResponse> {
  const { db, clock, captcha } = deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + deps.holdSeconds * 1000);
  const overLimit = await captcha.attempt(request.clientAddress);
  let captchaPassed = false;
  let swept = false;
  // The pass is claimed first and only marked used by the holds it lets through, in their transaction: a reservation
  // refused for any other reason leaves it usable.
  if (request.passToken) await claimPass(db, session.tokenHash, request.passToken, now);

  // The on-sale path: one round trip. A captcha that may be due (or a token to check) takes the full path below.
  try {
    const fast = await reserveFast(
      db,
      session.tokenHash,
      now,
      expiresAt,
      overLimit || request.captchaToken !== undefined,
    );
    if (fast.outcome === 'empty') return refused('empty_basket', serverMessages.emptyBasket);
    if (fast.outcome === 'paid') return refused('already_paid', serverMessages.alreadyPaid);
    if (fast.outcome === 'reserved') {
      if (fast.sale_id !== null) await forgetEditBasket(db, fast.sale_id);
      return reservedAnswer({
        sale_reference: fast.reference,
        fresh_reservation: true,
        checkout_time: deps.holdSeconds,
      });
    }
    if (fast.outcome === 'held') {
      // Pressing Reserve again (a second tab, a retry) keeps the reservation and its clock: nothing is held twice.
      return reservedAnswer({
        sale_reference: fast.reference,
        fresh_reservation: false,
        checkout_time: secondsRemaining({ status: 'reserved', hold_expires_at: fast.hold_expires_at }, now),
      });
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    if (refusal.kind === 'queue_required') return queueAnswer(refusal.id);
    if (refusal.kind === 'code_unavailable')
      return refused('code_unavailable', await dropCode(db, await saleIdOf(db, session.tokenHash), refusal.id, now));
    // Short of stock: lapsed holds are swept once (by this sweep or one running beside it), then the full path tries
    // once more and words the answer.
    swept = true;
    await expireHolds(db, now);
  }

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const snapshot = await loadSnapshot(db, session.tokenHash);
    if (!snapshot) return refused('empty_basket', serverMessages.emptyBasket);
    if (snapshot.status === 'paid') return refused('already_paid', serverMessages.alreadyPaid);
    if (snapshot.status === 'reserved') {
      // Pressing Reserve again (a second tab, a retry) keeps the reservation and its clock: nothing is held twice.
      if (snapshot.hold_expires_at && snapshot.hold_expires_at.getTime() > now.getTime()) {
        const seconds = secondsRemaining({ status: 'reserved', hold_expires_at: snapshot.hold_expires_at }, now);
        return reservedAnswer({ sale_reference: snapshot.reference, fresh_reservation: false, checkout_time: seconds });
      }
      await expireLapsed(db, snapshot.id, now);
      continue;
    }

    const broken = ruleBroken(snapshot.lines);
    if (broken) return refused('basket_rule', broken);

    if (!captchaPassed && (overLimit || snapshot.lines.some((line) => line.captcha))) {
      if (!request.captchaToken) return captchaAnswer(captcha.siteKey);
      const verdict = await captcha.verify(request.captchaToken, request.clientAddress);
      if (!verdict.ok) return captchaAnswer(captcha.siteKey, verdict.message);
      captchaPassed = true;
    }

    try {
      if ((await takeReservation(db, snapshot, now, expiresAt)) === 'stale') continue;
      return reservedAnswer({
        sale_reference: snapshot.reference,
        fresh_reservation: true,
        checkout_time: deps.holdSeconds,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      if (refusal.kind === 'queue_required') return queueAnswer(refusal.id);
      if (refusal.kind === 'code_unavailable')
        return refused('code_unavailable', await dropCode(db, snapshot.id, refusal.id, now));
      if (!swept) {
        swept = true;
        await expireHolds(db, now);
        continue;
      }
      return refused('sold_out', await shortageMessage(db, refusal.id));
    }
  }
  return refused('basket_changed', saleMessages.basketChangedWhileReserving);
}
