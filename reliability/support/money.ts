/**
 * Money checks for the reliability suite, over a test database: what each sandbox provider collected and gave back
 * for a sale (the provider's side, not the ledger's), whether the payment jobs have finished, the ledger reconciled,
 * and the steps of the sandbox providers' own pages (3-D Secure, the bank portal), which a real provider hosts outside
 * our session context.
 */
import type { Pool } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../api/src/db/connect';
import { reconcile, type Mismatch } from '../../api/src/ledger/reconcile';
import type { Buyer } from './buyer';

/** Events of the seeded catalogue a fresh ticket type can belong to, by what they exercise. */
export const EVENTS = {
  /** On-sale test (event 10, organiser 'Checkout Demo', stripe-type): card payments, refund protection. */
  card: { eventId: 10, dateId: 101 },
  /** Aurora Sessions (event 3, organiser Lumen, square-type): square and bank payments, refund protection. */
  square: { eventId: 3, dateId: 31 },
  /** Summer Fields Festival (event 8, ~300 days ahead, stripe-type): payment plans. */
  plans: { eventId: 8, dateId: 81 },
  /** Lifeboat Gala Dinner (event 1, charity organiser): donation, Gift Aid, two mandatory questions before payment. */
  gala: { eventId: 1, dateId: 11 },
} as const;

export type EventKind = keyof typeof EVENTS;

let nextId = 97_000;
/** A fresh GBP ticket type with its own stock on one of the seeded events. */
export async function freshType(
  pool: Pool,
  kind: EventKind,
  options: { price: number; capacity: number; max?: number },
): Promise<number> {
  nextId += 1;
  const { eventId, dateId } = EVENTS[kind];
  await pool.query(
    `INSERT INTO ticket_types (id, event_id, event_date_id, name, price_minor, currency, capacity, max_per_customer) VALUES ($1, $2, $3, $4, $5, 'GBP', $6, $7)`,
    [nextId, eventId, dateId, `Money race ${nextId}`, options.price, options.capacity, options.max ?? 10],
  );
  return nextId;
}

/** The gala's mandatory before-payment answers for `qty` tickets of a type on it (keys of shared/src/rules/questions.ts). */
export function galaAnswers(ticketTypeId: number, qty: number): Record<string, string> {
  const answers: Record<string, string> = {};
  for (let counter = 1; counter <= qty; counter += 1) {
    answers[`answer_${ticketTypeId}_1_${counter}`] = 'None';
    answers[`answer_${ticketTypeId}_2_${counter}`] = 'Sam Guest';
  }
  return answers;
}

export interface PortalAnswer {
  status: number;
  location: string | null;
}

/**
 * A request the buyer's browser makes without our page's XSRF header and without following the redirect: the sandbox
 * provider pages (3-D Secure, bank portal) and the card provider's return to /do/checkout/stripe_auth/.
 */
export async function browse(
  buyer: Buyer,
  base: string,
  pathname: string,
  form?: Record<string, string>,
): Promise<PortalAnswer> {
  const cookie = [...buyer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${base}${pathname}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

/** The card intent a client secret belongs to. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret;

/**
 * The card provider collected the intent whatever our server asked of it (its cancel lost the race at the provider):
 * the sandbox row says succeeded, as Stripe's would. The caller then lets the provider's return reach the server.
 */
export async function collectAnyway(pool: Pool, intentId: string): Promise<void> {
  await pool.query(
    `UPDATE sandbox_payment_intents SET status = 'succeeded', last_error = NULL, last_error_code = NULL, updated_at = now() WHERE id = $1`,
    [intentId],
  );
}

export interface SaleMoney {
  saleId: number;
  status: string;
  /** Payments the providers took for the sale (succeeded card intents, executed bank payments, square charges). */
  charges: number;
  /** Money the providers hold for the sale after their refunds. */
  keptAtProvider: number;
  /** What the sale should keep: the settled price (the instalments paid, for a plan), or 0 when nothing was sold. */
  owed: number;
  /** Provider payments that collected but the ledger never heard of (money the operator cannot see). */
  unrecorded: string[];
  /** Refunds the ledger still waits for. */
  pendingRefunds: number;
  /** Bank payments approved but not yet executed or settled. */
  authorizing: number;
  /** Ledger refunds done, in minor units. */
  refunded: number;
  /** Tickets issued, and tickets sold (its sold holds). */
  ticketsIssued: number;
  ticketsSold: number;
  planRemaining: boolean;
}

/**
 * The money of a sale as the providers see it, beside what the sale should keep. `squareTokens` are the square
 * sandbox tokens the test made for the sale (by sale id): the square sandbox records a charge only by using up its
 * token.
 */
export async function saleMoney(
  pool: Pool,
  saleId: number,
  squareTokensBySale: ReadonlyMap<number, readonly string[]> = new Map(),
): Promise<SaleMoney> {
  const squareTokens = squareTokensBySale.get(saleId) ?? [];
  const [sale, cards, banks, ledger, tokens, settlement, plan, issued, sold] = await Promise.all([
    pool.query<{ status: string; payment_plan_remaining: boolean }>(
      'SELECT status, payment_plan_remaining FROM sales WHERE id = $1',
      [saleId],
    ),
    pool.query<{ id: string; amount_minor: number; refunded_minor: number }>(
      `SELECT id, amount_minor, refunded_minor FROM sandbox_payment_intents WHERE (metadata::json->>'sale_id')::int = $1 AND status = 'succeeded'`,
      [saleId],
    ),
    pool.query<{ id: string; amount_minor: number; refunded: boolean; status: string }>(
      `SELECT b.id, b.amount_minor, b.refunded, b.status FROM sandbox_bank_payments b
       WHERE b.id IN (SELECT provider_payment_id FROM sale_provider_payments WHERE sale_id = $1 AND provider = 'truelayer')`,
      [saleId],
    ),
    pool.query<{ kind: string; provider: string; provider_reference: string; amount_minor: number; status: string }>(
      'SELECT kind, provider, provider_reference, amount_minor, status FROM ledger_entries WHERE sale_id = $1',
      [saleId],
    ),
    pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sandbox_square_tokens WHERE token = ANY($1) AND used_at IS NOT NULL',
      [squareTokens],
    ),
    pool.query<{ price_minor: number; instalment: boolean }>(
      `SELECT price_minor, instalment FROM payments WHERE sale_id = $1 AND status = 'paid'`,
      [saleId],
    ),
    pool.query<{ paid: number }>(
      `SELECT coalesce(sum(i.amount_minor), 0)::int AS paid FROM payment_plan_instalments i JOIN payment_plans p ON p.id = i.plan_id WHERE p.sale_id = $1 AND i.status = 'paid'`,
      [saleId],
    ),
    pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE sale_id = $1', [saleId]),
    pool.query<{ n: number }>(
      `SELECT coalesce(sum(qty), 0)::int AS n FROM holds WHERE sale_id = $1 AND status = 'sold'`,
      [saleId],
    ),
  ]);
  const recorded = new Set(
    ledger.rows.filter((row) => row.kind === 'payment').map((row) => `${row.provider}:${row.provider_reference}`),
  );
  const executed = banks.rows.filter((row) => row.status === 'executed');
  const squarePayments = ledger.rows.filter((row) => row.kind === 'payment' && row.provider === 'square');
  const squareRefunds = ledger.rows.filter(
    (row) => row.kind === 'refund' && row.provider === 'square' && row.status === 'done',
  );
  const unrecorded = [
    ...cards.rows.filter((row) => !recorded.has(`stripe:${row.id}`)).map((row) => row.id),
    ...executed.filter((row) => !recorded.has(`truelayer:${row.id}`)).map((row) => row.id),
  ];
  // The square sandbox keeps no balance: a token used up is a charge, and its money is what the ledger recorded.
  if (tokens.rows[0]!.n > squarePayments.length)
    unrecorded.push(`${tokens.rows[0]!.n - squarePayments.length} square charge(s)`);
  const keptAtProvider =
    cards.rows.reduce((sum, row) => sum + row.amount_minor - row.refunded_minor, 0) +
    executed.reduce((sum, row) => sum + (row.refunded ? 0 : row.amount_minor), 0) +
    squarePayments.reduce((sum, row) => sum + row.amount_minor, 0) -
    squareRefunds.reduce((sum, row) => sum + row.amount_minor, 0);
  const paid = settlement.rows[0];
  const status = sale.rows[0]?.status ?? 'missing';
  const owed = status === 'paid' && paid ? (paid.instalment ? plan.rows[0]!.paid : paid.price_minor) : 0;
  return {
    saleId,
    status,
    charges: cards.rows.length + executed.length + Math.max(tokens.rows[0]!.n, squarePayments.length),
    keptAtProvider,
    owed,
    unrecorded,
    pendingRefunds: ledger.rows.filter((row) => row.kind === 'refund' && row.status === 'pending').length,
    authorizing: banks.rows.filter((row) => row.status === 'authorizing').length,
    refunded: ledger.rows
      .filter((row) => row.kind === 'refund' && row.status === 'done')
      .reduce((sum, row) => sum + row.amount_minor, 0),
    ticketsIssued: issued.rows[0]!.n,
    ticketsSold: sold.rows[0]!.n,
    planRemaining: sale.rows[0]?.payment_plan_remaining ?? false,
  };
}

/** The payment jobs that move money (refunds, bank settlement) still due or running. */
export async function moneyJobsDue(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs WHERE kind IN ('payment.refund', 'payment.bank-settle') AND status IN ('pending', 'running') AND run_at <= now() + interval '5 seconds'`,
  );
  return rows[0]!.n;
}

/** Whether the payment jobs are done with these sales: no refund pending, no approved bank payment unsettled. */
export function settled(money: readonly SaleMoney[], jobsDue: number): boolean {
  return (
    jobsDue === 0 &&
    money.every((sale) => sale.pendingRefunds === 0 && sale.authorizing === 0 && sale.unrecorded.length === 0)
  );
}

/** The sales that hold (or held) any of these ticket types. */
export async function salesOfTypes(pool: Pool, ticketTypeIds: readonly number[]): Promise<number[]> {
  const { rows } = await pool.query<{ sale_id: number }>(
    'SELECT DISTINCT sale_id FROM sale_lines WHERE ticket_type_id = ANY($1) ORDER BY sale_id',
    [ticketTypeIds],
  );
  return rows.map((row) => row.sale_id);
}

/** Sold holds that belong to a sale that is not paid (tickets given away): there must be none. */
export async function soldToUnpaid(pool: Pool, ticketTypeIds: readonly number[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT coalesce(sum(h.qty), 0)::int AS n FROM holds h JOIN sales s ON s.id = h.sale_id WHERE h.ticket_type_id = ANY($1) AND h.status = 'sold' AND s.status <> 'paid'`,
    [ticketTypeIds],
  );
  return rows[0]!.n;
}

/** The api's own reconcile (npm run reconcile) on the test database. */
export class Ledger {
  private constructor(private readonly handle: DatabaseHandle) {}

  static async open(databaseUrl: string): Promise<Ledger> {
    return new Ledger(await openDatabase({ databaseUrl, poolSize: 2 }));
  }

  /** Every mismatch, or only those of `saleIds`. */
  async mismatches(saleIds?: readonly number[]): Promise<Mismatch[]> {
    const report = await reconcile(this.handle.db, { now: new Date() });
    return saleIds ? report.mismatches.filter((mismatch) => saleIds.includes(mismatch.saleId)) : report.mismatches;
  }

  async report() {
    return reconcile(this.handle.db, { now: new Date() });
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
