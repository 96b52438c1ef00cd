/**
 * The on-sale load: N buyers, each with its own session, put the hot ticket type (9001, the
 * seeded 'On-sale test') in their baskets and then all press Reserve at the same moment, through the real HTTP API.
 *
 * - Rate rounds: every buyer reserves at once; the round's wall time and each call's latency are recorded; then each
 *   buyer destroys the sale (giving the stock back) and fills a new basket, untimed. The capacity must cover one
 *   round's demand, so every call of a rate round takes a hold: the rate is holds per second.
 * - Sell-out round: each buyer adds 3 more tickets, so the demand exceeds the capacity, and all reserve at once. The
 *   holds granted must never add up to more than the capacity, and the database's `held` must equal the active holds.
 * - Raw rate: the database's own conditional-update rate, measured in the same run (20 concurrent clients looping the
 *   statement the reservation relies on), so the API's figure can be read against what the database itself can do.
 *
 * `npx tsx bench/onsale.ts` runs it alone against an api it starts (PGlite), or with DATABASE_URL the PostgreSQL
 * matrix (runPostgresOnSale: the single row and 16 stock buckets, 200 and 1,000 buyers, one and two api processes;
 * `--one` for a single run of `--buyers` on the single row instead).
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { Client, Pool } from 'pg';
import { encodeForm, type FormValue } from '@checkout/shared';
import { formatFigure, type Figure } from './figures';

export const ONSALE_TICKET_ID = 9001;
const RAW_CLIENTS = 20;
const RAW_SECONDS = 3;
/** The statement a hold relies on (api/src/inventory): the figure the API is read against. */
const RAW_STATEMENT = 'UPDATE ticket_types SET held = held + 1 WHERE id = $1 AND capacity - sold - held >= 1';

export interface Stock {
  capacity: number;
  sold: number;
  held: number;
  activeHolds: number;
}

/** Direct access to the database the api uses (PostgreSQL): the raw rate and the stock check run on it. */
export interface BenchDatabase {
  rawConditionalUpdateRate(ticketId: number): Promise<number>;
  /**
   * The same loop over the type's stock buckets: take_stock (0020_stock_buckets) of one ticket per statement, so the
   * database's own ceiling with and without the hot row is measured the same way. The type must have its buckets.
   */
  rawBucketTakeRate(ticketId: number): Promise<number>;
  stock(ticketId: number): Promise<Stock>;
  /**
   * Sets the type's capacity and its stock buckets (1: the single row) between runs, with nothing held: the stock
   * parked in buckets goes back to the row first (drain_stock), as inventory/holds.ts setStockBuckets does.
   */
  configure(ticketId: number, capacity: number, buckets: number): Promise<void>;
  close(): Promise<void>;
}

export interface OnSaleBenchOptions {
  baseURL: string;
  /** More api processes on the same database: buyer i talks to [baseURL, ...more][i % n]. */
  moreBaseURLs?: readonly string[];
  /** The hot ticket type (default 9001). */
  ticketId?: number;
  /** What the label says about the stock's layout ('single row', '16 buckets'), for the figures. */
  layout?: string;
  buyers: number;
  /** The hot ticket type's capacity as seeded (SEED_ONSALE_CAPACITY); must cover one rate round (3 per buyer). */
  capacity: number;
  databaseLabel: string;
  /** Measured rate rounds after one warm-up round (default 5). */
  rounds?: number;
  /** The same database as the api's, when the bench can reach it while the api runs (PostgreSQL). */
  database?: BenchDatabase;
  /** Measures the raw rate when `database` is not given (PGlite: a separate instance of the same engine). */
  rawRate?: () => Promise<number>;
  /** Cumulative CPU milliseconds of named processes (standalone runs: the api, the database), read around each round. */
  cpuProbe?: () => Record<string, number>;
  log?: (line: string) => void;
}

export interface OnSaleResult {
  databaseLabel: string;
  layout: string;
  /** How many api processes served the buyers. */
  processes: number;
  buyers: number;
  rounds: number;
  capacity: number;
  /** Holds taken per second over the measured rate rounds (every call of a rate round takes one). */
  reservationsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Reserve calls of the rate rounds that did not answer reserved (should be 0: the capacity covers a round). */
  refusedInRateRounds: number;
  /** Non-2xx answers of any reserve call. */
  httpErrors: number;
  sellOut: { demand: number; granted: number; refused: number };
  /** After the sell-out, a new buyer's max_can_reserve (the API's view of the stock left), and what it should be. */
  apiAvailable: { seen: number; expected: number };
  /** Tickets held or sold beyond the capacity, and holds granted beyond it (must be 0). */
  oversold: number;
  /** What the database said after the run; null when it is checked after the api stops (PGlite). */
  stock: Stock | null;
  rawConditionalUpdatesPerSecond: number | null;
  /** The raw loop over the stock buckets (bucketed runs on PostgreSQL). */
  rawBucketTakesPerSecond?: number;
  /** reservationsPerSecond / rawConditionalUpdatesPerSecond. */
  apiToRawRatio: number | null;
  /** CPU milliseconds per reservation in the rate rounds, per probed process (with cpuProbe). */
  cpuMsPerReservation?: Record<string, number>;
}

// ---- a small HTTP client: one keep-alive agent, one cookie jar per buyer -----------------------------------------

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

class Buyer {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: URL,
    private readonly agent: http.Agent,
  ) {}

  private remember(headers: http.IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  request(method: 'GET' | 'POST', pathname: string, form?: Record<string, FormValue>): Promise<Answer> {
    const payload = method === 'POST' ? encodeForm(form ?? {}) : undefined;
    const headers: Record<string, string> = {
      accept: 'application/json',
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(payload));
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: this.base.hostname, port: this.base.port, path: pathname, method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const ms = performance.now() - started;
            this.remember(response.headers);
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: keep the text for the error report
            }
            resolve({ status: response.statusCode ?? 0, body, ms });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  }
}

const PATHS = {
  get: '/ajax/checkout/checkout/get/',
  add: '/ajax/checkout/checkout/add_to_basket/',
  reserve: '/ajax/checkout/checkout/reserve_tickets/',
  destroy: '/ajax/checkout/checkout/destroy_sale/',
} as const;

function expectOk(answer: Answer, what: string): void {
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

function reservedOf(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { reserved?: unknown }).reserved === true;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Runs `task` for every item with at most `limit` in flight (setting baskets up is not what is measured). */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  });
  await Promise.all(workers);
}

interface RoundResult {
  wallMs: number;
  latencies: number[];
  granted: number;
  grantedTickets: number;
  refused: number;
  httpErrors: number;
  /** The first refusal's answer, to say why. */
  firstRefusal: unknown;
}

/** Every buyer presses Reserve at once; the round lasts from the first request sent to the last answer. */
async function reserveRound(buyers: readonly Buyer[], quantities: readonly number[]): Promise<RoundResult> {
  const started = performance.now();
  const answers = await Promise.all(buyers.map((buyer) => buyer.request('POST', PATHS.reserve)));
  const wallMs = performance.now() - started;
  let granted = 0;
  let grantedTickets = 0;
  let refused = 0;
  let httpErrors = 0;
  let firstRefusal: unknown;
  answers.forEach((answer, i) => {
    if (answer.status >= 200 && answer.status <= 299 && reservedOf(answer.body)) {
      granted += 1;
      grantedTickets += quantities[i] ?? 0;
      return;
    }
    if (answer.status < 200 || answer.status > 299) httpErrors += 1;
    else refused += 1;
    firstRefusal ??= answer.body;
  });
  return {
    wallMs,
    latencies: answers.map((answer) => answer.ms),
    granted,
    grantedTickets,
    refused,
    httpErrors,
    firstRefusal,
  };
}

export async function runOnSaleBench(options: OnSaleBenchOptions): Promise<OnSaleResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rounds = options.rounds ?? 5;
  const bases = [options.baseURL, ...(options.moreBaseURLs ?? [])].map((url) => new URL(url));
  const base = bases[0] as URL;
  const ticketId = options.ticketId ?? ONSALE_TICKET_ID;
  const label = `${options.databaseLabel}${options.layout ? ` ${options.layout}` : ''}${bases.length > 1 ? ` ×${bases.length} api` : ''} ${options.buyers} buyers`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers + 10 });
  const quantities = Array.from({ length: options.buyers }, (_, i) => (i % 3) + 1);
  const demand = quantities.reduce((sum, qty) => sum + qty, 0);
  if (demand > options.capacity)
    throw new Error(`capacity ${options.capacity} does not cover one round's demand of ${demand}`);
  const buyers = quantities.map((_, i) => new Buyer(bases[i % bases.length] as URL, agent));
  const fill = async (buyer: Buyer, qty: number) => {
    const added = await buyer.request('POST', PATHS.add, { ticket_id: ticketId, quantity: qty });
    expectOk(added, 'add_to_basket');
    if ((added.body as { success?: unknown }).success !== true)
      throw new Error(`add_to_basket refused: ${JSON.stringify(added.body)}`);
  };
  const indexes = buyers.map((_, i) => i);

  try {
    // Sessions and baskets: get the checkout (cookies), then put 1..3 tickets in the basket.
    await eachLimited(indexes, 20, async (i) => {
      const buyer = buyers[i];
      if (!buyer) return;
      expectOk(await buyer.request('GET', PATHS.get), 'get checkout');
      await fill(buyer, quantities[i] ?? 1);
    });

    // Edit basket (destroy_sale) gives the reservation back and keeps the basket's lines: each buyer can reserve the
    // same tickets again.
    const refill = () =>
      eachLimited(indexes, 20, async (i) => {
        const buyer = buyers[i];
        if (!buyer) return;
        expectOk(await buyer.request('POST', PATHS.destroy), 'destroy_sale');
      });

    const measured: RoundResult[] = [];
    const cpu: Record<string, number> = {};
    for (let round = 0; round <= rounds; round += 1) {
      const cpuBefore = options.cpuProbe?.();
      const result = await reserveRound(buyers, quantities);
      const cpuAfter = options.cpuProbe?.();
      if (round > 0) {
        measured.push(result);
        for (const [name, ms] of Object.entries(cpuAfter ?? {}))
          cpu[name] = (cpu[name] ?? 0) + ms - (cpuBefore?.[name] ?? 0);
      }
      log(
        `  ${label} ${round === 0 ? 'warm-up' : `round ${round}`}: ${result.granted}/${buyers.length} reserved in ${result.wallMs.toFixed(0)} ms` +
          (result.refused + result.httpErrors > 0
            ? ` (${result.refused} refused, ${result.httpErrors} errors; first: ${JSON.stringify(result.firstRefusal)})`
            : ''),
      );
      await refill();
    }

    // The raw database figure, while the api is idle.
    let raw: number | null = null;
    if (options.database) raw = await options.database.rawConditionalUpdateRate(ticketId);
    else if (options.rawRate) raw = await options.rawRate();

    // Sell-out: demand beyond the capacity, everyone at once.
    const sellOutQuantities = quantities.map((qty) => qty + 3);
    await eachLimited(indexes, 20, async (i) => {
      const buyer = buyers[i];
      if (buyer) await fill(buyer, 3);
    });
    const sellOut = await reserveRound(buyers, sellOutQuantities);
    const sellOutDemand = sellOutQuantities.reduce((sum, qty) => sum + qty, 0);
    log(
      `  ${label} sell-out: ${sellOut.grantedTickets} of ${sellOutDemand} tickets wanted were held (capacity ${options.capacity})`,
    );

    // The API's own view of what is left: a new buyer's max_can_reserve is min(10, capacity - sold - held).
    const probe = new Buyer(base, agent);
    expectOk(await probe.request('GET', PATHS.get), 'get checkout');
    await fill(probe, 1);
    const probed = (await probe.request('GET', PATHS.get)).body as { tickets?: { max_can_reserve?: number }[] };
    const apiAvailable = {
      seen: probed.tickets?.[0]?.max_can_reserve ?? -1,
      expected: Math.min(10, Math.max(0, options.capacity - sellOut.grantedTickets)),
    };

    const stock = options.database ? await options.database.stock(ticketId) : null;
    // Every reservation given back, so a next run on the same database starts from the whole capacity.
    await refill();
    const latencies = measured.flatMap((round) => round.latencies).sort((a, b) => a - b);
    const wall = measured.reduce((sum, round) => sum + round.wallMs, 0);
    const granted = measured.reduce((sum, round) => sum + round.granted, 0);
    const reservationsPerSecond = wall > 0 ? (granted / wall) * 1000 : 0;
    // Holds granted beyond the capacity, or stock the API shows as held that no answer granted (or the reverse).
    const oversoldByAnswers =
      Math.max(0, sellOut.grantedTickets - options.capacity) + Math.abs(apiAvailable.seen - apiAvailable.expected);
    const oversoldByStock = stock
      ? Math.max(0, stock.held + stock.sold - stock.capacity) + Math.abs(stock.held - stock.activeHolds)
      : 0;
    return {
      databaseLabel: options.databaseLabel,
      layout: options.layout ?? 'single row',
      processes: bases.length,
      buyers: buyers.length,
      rounds,
      capacity: options.capacity,
      reservationsPerSecond,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies[latencies.length - 1] ?? 0,
      refusedInRateRounds: measured.reduce((sum, round) => sum + round.refused, 0),
      httpErrors: measured.reduce((sum, round) => sum + round.httpErrors, 0) + sellOut.httpErrors,
      sellOut: { demand: sellOutDemand, granted: sellOut.grantedTickets, refused: sellOut.refused },
      apiAvailable,
      oversold: oversoldByAnswers + oversoldByStock,
      stock,
      rawConditionalUpdatesPerSecond: raw,
      apiToRawRatio: raw ? reservationsPerSecond / raw : null,
      ...(options.cpuProbe && granted > 0
        ? { cpuMsPerReservation: Object.fromEntries(Object.entries(cpu).map(([name, ms]) => [name, ms / granted])) }
        : {}),
    };
  } finally {
    agent.destroy();
  }
}

// ---- the raw database figure and the stock check ------------------------------------------------------------------

/** `clients` loops of the conditional update for `seconds`; returns updates per second. Undoes its holds after. */
async function rawLoop(
  run: () => Promise<number>,
  clients: number,
  seconds: number,
): Promise<{ rate: number; applied: number }> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  let applied = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        // Awaited first: `applied += await run()` would read `applied` before the wait and lose other loops' counts.
        const count = await run();
        applied += count;
        done += 1;
      }
    }),
  );
  return { rate: (done / (performance.now() - started)) * 1000, applied };
}

/**
 * `held` as buyers mean it: the row's held less the stock parked in its buckets (0020_stock_buckets), so
 * held + sold <= capacity and held = activeHolds are the checks whatever the layout.
 */
const STOCK_QUERY = `SELECT t.capacity, t.sold,
  t.held - (SELECT coalesce(sum(b.free), 0)::int FROM stock_buckets b WHERE b.ticket_type_id = t.id) AS held,
  (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'active') AS "activeHolds"
  FROM ticket_types t WHERE t.id = $1`;

/** The api's PostgreSQL database, reached directly. */
export function postgresBenchDatabase(databaseUrl: string): BenchDatabase {
  const pool = new Pool({ connectionString: databaseUrl, max: RAW_CLIENTS });
  return {
    async rawConditionalUpdateRate(ticketId) {
      // Room for the loop, given back after: the api is idle meanwhile and its own holds are left as they are.
      await pool.query('UPDATE ticket_types SET capacity = capacity + 1000000 WHERE id = $1', [ticketId]);
      try {
        const { rate, applied } = await rawLoop(
          async () =>
            (await pool.query({ name: 'bench_raw_hold', text: RAW_STATEMENT, values: [ticketId] })).rowCount ?? 0,
          RAW_CLIENTS,
          RAW_SECONDS,
        );
        await pool.query('UPDATE ticket_types SET held = held - $2 WHERE id = $1', [ticketId, applied]);
        return rate;
      } finally {
        await pool.query('UPDATE ticket_types SET capacity = capacity - 1000000 WHERE id = $1', [ticketId]);
      }
    },
    async rawBucketTakeRate(ticketId) {
      await pool.query('UPDATE ticket_types SET capacity = capacity + 1000000 WHERE id = $1', [ticketId]);
      try {
        const { rate, applied } = await rawLoop(
          async () =>
            (
              await pool.query({
                name: 'bench_raw_bucket_take',
                text: 'SELECT take_stock($1, 1, $2)',
                values: [ticketId, Math.floor(Math.random() * 64)],
              })
            ).rowCount ?? 0,
          RAW_CLIENTS,
          RAW_SECONDS,
        );
        // The loop's tickets have no holds: back to the row, then off it.
        await pool.query('SELECT drain_stock($1)', [ticketId]);
        await pool.query('UPDATE ticket_types SET held = held - $2 WHERE id = $1', [ticketId, applied]);
        return rate;
      } finally {
        await pool.query('UPDATE ticket_types SET capacity = capacity - 1000000 WHERE id = $1', [ticketId]);
      }
    },
    async configure(ticketId, capacity, buckets) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT drain_stock($1)', [ticketId]);
        await client.query('UPDATE ticket_types SET capacity = $2, stock_buckets = $3 WHERE id = $1', [
          ticketId,
          capacity,
          buckets,
        ]);
        await client.query('DELETE FROM stock_buckets WHERE ticket_type_id = $1', [ticketId]);
        if (buckets > 1)
          await client.query(
            'INSERT INTO stock_buckets (ticket_type_id, bucket) SELECT $1, b FROM generate_series(0, $2 - 1) AS b',
            [ticketId, buckets],
          );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async stock(ticketId) {
      const { rows } = await pool.query<Stock>(STOCK_QUERY, [ticketId]);
      const row = rows[0];
      if (!row) throw new Error(`ticket type ${ticketId} not found`);
      return row;
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's raw rate: the api's embedded database belongs to the api process, so the loop runs on a separate PGlite
 * of the same version with its files on disk like the api's, in the same run.
 */
export async function pgliteRawRate(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onsale-raw-'));
  const db = new PGlite(dir);
  try {
    await db.exec(`CREATE TABLE ticket_types (id integer PRIMARY KEY, capacity integer NOT NULL, sold integer NOT NULL DEFAULT 0, held integer NOT NULL DEFAULT 0);
      INSERT INTO ticket_types (id, capacity) VALUES (${ONSALE_TICKET_ID}, 100000000)`);
    const { rate } = await rawLoop(
      async () => (await db.query(RAW_STATEMENT, [ONSALE_TICKET_ID])).affectedRows ?? 0,
      RAW_CLIENTS,
      RAW_SECONDS,
    );
    return rate;
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The stock of a PGlite data folder, read after the api process that used it has exited (never while it runs). */
export async function pgliteStock(dataDir: string, ticketId = ONSALE_TICKET_ID): Promise<Stock> {
  const db = new PGlite(dataDir);
  try {
    const { rows } = await db.query<Stock>(STOCK_QUERY, [ticketId]);
    const row = rows[0];
    if (!row) throw new Error(`ticket type ${ticketId} not found`);
    return row;
  } finally {
    await db.close();
  }
}

/** Adds the stock read after the run to a result measured without direct access (PGlite). */
export function withStock(result: OnSaleResult, stock: Stock): OnSaleResult {
  const oversold =
    result.oversold + Math.max(0, stock.held + stock.sold - stock.capacity) + Math.abs(stock.held - stock.activeHolds);
  return { ...result, stock, oversold };
}

/** A fresh PostgreSQL database beside the one DATABASE_URL names, dropped by the returned function. */
export async function freshPostgresDatabase(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `checkout_onsale_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** What the api needs to be benchmarked: stock for every round and no captcha for 200 buyers from one address. */
export function onSaleStackEnv(capacity: number): Record<string, string> {
  return { SEED_ONSALE_CAPACITY: String(capacity), CAPTCHA_RESERVE_LIMIT: '0' };
}

export function describeResult(result: OnSaleResult): string[] {
  const lines = [
    `${result.databaseLabel} ${result.layout}${result.processes > 1 ? ` ×${result.processes} api` : ''}: ${result.reservationsPerSecond.toFixed(0)} reservations/s over ${result.rounds} rounds of ${result.buyers} buyers, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms (max ${result.maxMs.toFixed(1)} ms)`,
    `  raw conditional updates/s: ${result.rawConditionalUpdatesPerSecond?.toFixed(0) ?? 'n/a'}; API/raw ${result.apiToRawRatio?.toFixed(2) ?? 'n/a'}`,
    `  sell-out: ${result.sellOut.granted} of ${result.sellOut.demand} wanted held (capacity ${result.capacity}), ${result.sellOut.refused} buyers refused; a new buyer may reserve ${result.apiAvailable.seen} (expected ${result.apiAvailable.expected}); oversold ${result.oversold}; stock ${JSON.stringify(result.stock)}`,
  ];
  if (result.cpuMsPerReservation) {
    lines.push(
      `  CPU ms per reservation: ${Object.entries(result.cpuMsPerReservation)
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(', ')}`,
    );
  }
  if (result.refusedInRateRounds + result.httpErrors > 0)
    lines.push(`  refused in rate rounds ${result.refusedInRateRounds}, HTTP errors ${result.httpErrors}`);
  return lines;
}

// ---- figures for bench/run.ts ---------------------------------------------------------------------------------------

export type BenchFigure = Figure;

/** 200 buyers; capacity 3 per buyer, so a rate round never runs out and the sell-out round asks for ~1,000. */
export const ONSALE_BUYERS = 200;
export const ONSALE_CAPACITY = ONSALE_BUYERS * 3;

/**
 * The on-sale figures. The targets are for PostgreSQL: >= 1,000 reservations/s at 200 buyers, p99 < 100 ms,
 * API/raw >= 0.5; none oversold holds everywhere. Elsewhere the rate figures are shown for information.
 */
export function onSaleFigures(result: OnSaleResult, withTargets: boolean): BenchFigure[] {
  const label = `on-sale ${result.databaseLabel}`;
  const rate = (figure: Omit<BenchFigure, 'kind' | 'target'>, kind: 'max' | 'min', target: number): BenchFigure =>
    withTargets ? { ...figure, kind, target } : { ...figure, kind: 'info' };
  return [
    rate(
      {
        name: `${label}: reservations per second (${result.buyers} buyers)`,
        value: result.reservationsPerSecond,
        unit: '/s',
      },
      'min',
      1000,
    ),
    { name: `${label}: p50 of reserve_tickets`, value: result.p50Ms, unit: 'ms', kind: 'info' },
    rate({ name: `${label}: p99 of reserve_tickets`, value: result.p99Ms, unit: 'ms' }, 'max', 100),
    { name: `${label}: tickets oversold`, value: result.oversold, unit: '', kind: 'max', target: 0 },
    {
      name: `${label}: raw conditional updates per second (${RAW_CLIENTS} clients)`,
      value: result.rawConditionalUpdatesPerSecond ?? 0,
      unit: '/s',
      kind: 'info',
    },
    rate({ name: `${label}: API rate / raw database rate`, value: result.apiToRawRatio ?? 0, unit: '' }, 'min', 0.5),
  ];
}

/** The stock layouts compared: today's single row, and the type's free stock parked in 16 buckets. */
export const ONSALE_BUCKETS = 16;
/** The issue's figure: 1,000 buyers pressing Reserve at once (200 kept for comparison with earlier runs). */
export const ONSALE_CROWD = 1000;

interface MatrixRun {
  buyers: number;
  buckets: number;
  processes: 1 | 2;
}

/** Every run is on the same database, one after another, so the before and after are measured in the same run. */
const MATRIX: readonly MatrixRun[] = [
  { buyers: ONSALE_BUYERS, buckets: 1, processes: 1 },
  { buyers: ONSALE_BUYERS, buckets: ONSALE_BUCKETS, processes: 1 },
  { buyers: ONSALE_CROWD, buckets: 1, processes: 1 },
  { buyers: ONSALE_CROWD, buckets: ONSALE_BUCKETS, processes: 1 },
  { buyers: ONSALE_CROWD, buckets: 1, processes: 2 },
  { buyers: ONSALE_CROWD, buckets: ONSALE_BUCKETS, processes: 2 },
];

/**
 * The PostgreSQL on-sale: a fresh database, two api processes on it (the second used only by the two-process runs),
 * and the matrix above on ticket type 9001 (its capacity 3 per buyer of each run, its layout set between runs).
 */
export async function runPostgresOnSale(
  databaseUrl: string,
  port: number,
  log: (line: string) => void = (line) => console.log(line),
  cpu?: (apiPids: readonly number[], database: string) => () => Record<string, number>,
  /** Runs after the matrix, while the database and the api processes are still there (reconcile, peak RSS). */
  after?: (run: { databaseUrl: string; apiPids: readonly number[] }) => Promise<void>,
): Promise<OnSaleResult[]> {
  const fresh = await freshPostgresDatabase(databaseUrl);
  const env = { ...onSaleStackEnv(ONSALE_CROWD * 3), DATABASE_URL: fresh.url };
  const apis: { pid: number; stop(): Promise<void> }[] = [];
  const database = postgresBenchDatabase(fresh.url);
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    apis.push(await startApi(port, env));
    apis.push(await startApi(port + 1, env));
    const results: OnSaleResult[] = [];
    for (const run of MATRIX) {
      const capacity = run.buyers * 3;
      await database.configure(ONSALE_TICKET_ID, capacity, run.buckets);
      const result = await runOnSaleBench({
        baseURL: `http://127.0.0.1:${port}`,
        ...(run.processes === 2 ? { moreBaseURLs: [`http://127.0.0.1:${port + 1}`] } : {}),
        buyers: run.buyers,
        capacity,
        databaseLabel: 'PostgreSQL',
        layout: run.buckets > 1 ? `${run.buckets} buckets` : 'single row',
        database,
        log,
        ...(cpu
          ? {
              cpuProbe: cpu(
                apis.slice(0, run.processes).map((api) => api.pid),
                new URL(fresh.url).pathname.slice(1),
              ),
            }
          : {}),
      });
      if (run.buckets > 1) {
        result.rawBucketTakesPerSecond = await database.rawBucketTakeRate(ONSALE_TICKET_ID);
        log(`  raw take_stock over ${run.buckets} buckets: ${result.rawBucketTakesPerSecond.toFixed(0)}/s`);
      }
      results.push(result);
    }
    await after?.({ databaseUrl: fresh.url, apiPids: apis.map((api) => api.pid) });
    return results;
  } finally {
    await database.close();
    for (const api of apis) await api.stop();
    await fresh.drop();
  }
}

function findRun(results: readonly OnSaleResult[], buyers: number, buckets: boolean, processes: number) {
  return results.find(
    (r) => r.buyers === buyers && (r.layout !== 'single row') === buckets && r.processes === processes,
  );
}

/**
 * The PostgreSQL figures with the on-sale targets: on one ticket type with 1,000 buyers, the bucketed layout at
 * >= 2 × the raw single-row rate measured in the same run, p99 < 100 ms, two api processes more than one; none
 * oversold in any run. The single-row runs are the before, shown for information.
 */
export function onSaleMatrixFigures(results: readonly OnSaleResult[]): BenchFigure[] {
  const figures: BenchFigure[] = [];
  const raws = results.map((r) => r.rawConditionalUpdatesPerSecond ?? 0).filter((v) => v > 0);
  const raw = raws.length > 0 ? ([...raws].sort((a, b) => a - b)[Math.floor(raws.length / 2)] ?? 0) : 0;
  figures.push({
    name: `on-sale PostgreSQL: raw single-row conditional updates per second (${RAW_CLIENTS} clients, median of ${raws.length})`,
    value: raw,
    unit: '/s',
    kind: 'info',
  });
  for (const r of results) {
    const label = `on-sale PostgreSQL ${r.layout}${r.processes > 1 ? `, ${r.processes} api processes` : ''}, ${r.buyers} buyers`;
    const target = r.buyers === ONSALE_CROWD && r.layout !== 'single row' && r.processes === 1;
    figures.push(
      target
        ? {
            name: `${label}: reservations per second / raw rate`,
            value: raw > 0 ? r.reservationsPerSecond / raw : 0,
            unit: '',
            kind: 'min',
            target: 2,
          }
        : {
            name: `${label}: reservations per second / raw rate`,
            value: raw > 0 ? r.reservationsPerSecond / raw : 0,
            unit: '',
            kind: 'info',
          },
      { name: `${label}: reservations per second`, value: r.reservationsPerSecond, unit: '/s', kind: 'info' },
      { name: `${label}: p50 of reserve_tickets`, value: r.p50Ms, unit: 'ms', kind: 'info' },
      target
        ? { name: `${label}: p99 of reserve_tickets`, value: r.p99Ms, unit: 'ms', kind: 'max', target: 100 }
        : { name: `${label}: p99 of reserve_tickets`, value: r.p99Ms, unit: 'ms', kind: 'info' },
      { name: `${label}: tickets oversold`, value: r.oversold, unit: '', kind: 'max', target: 0 },
    );
  }
  const bucketRaws = results.flatMap((r) => (r.rawBucketTakesPerSecond ? [r.rawBucketTakesPerSecond] : []));
  if (bucketRaws.length > 0) {
    const bucketRaw = [...bucketRaws].sort((a, b) => a - b)[Math.floor(bucketRaws.length / 2)] ?? 0;
    figures.push(
      {
        name: `on-sale PostgreSQL: raw take_stock over ${ONSALE_BUCKETS} buckets per second (${RAW_CLIENTS} clients, median of ${bucketRaws.length})`,
        value: bucketRaw,
        unit: '/s',
        kind: 'info',
      },
      {
        name: `on-sale PostgreSQL: raw take over ${ONSALE_BUCKETS} buckets / raw single-row update (the database's ceiling)`,
        value: raw > 0 ? bucketRaw / raw : 0,
        unit: '',
        kind: 'info',
      },
    );
  }
  const one = findRun(results, ONSALE_CROWD, true, 1);
  const two = findRun(results, ONSALE_CROWD, true, 2);
  if (one && two)
    figures.push({
      name: `on-sale PostgreSQL ${ONSALE_BUCKETS} buckets, ${ONSALE_CROWD} buyers: two api processes / one (rate)`,
      value: one.reservationsPerSecond > 0 ? two.reservationsPerSecond / one.reservationsPerSecond : 0,
      unit: '',
      kind: 'min',
      target: 1,
    });
  return figures;
}

// ---- standalone: npx tsx bench/onsale.ts [--buyers 200] [--rounds 5] [--port 8397] -------------------------------

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** CPU milliseconds (user + system) a process has used, from /proc; 0 when it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const fields = fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}

/** The api process and its children, and the PostgreSQL backends serving `database` (its name in their titles). */
export function cpuProbe(apiPid: number, database?: string): () => Record<string, number> {
  return () => {
    let api = 0;
    let db = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (pid === apiPid || parent === apiPid) api += cpuMsOf(pid);
      else if (comm === 'postgres' && database && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database))
        db += cpuMsOf(pid);
    }
    return { api, db };
  };
}

export async function startApi(
  port: number,
  env: Record<string, string>,
): Promise<{ pid: number; stop(): Promise<void> }> {
  // --api-root DIR: run another checkout's api (an older commit, to measure before and after a change).
  const rootAt = process.argv.indexOf('--api-root');
  const root = rootAt >= 0 ? path.resolve(process.argv[rootAt + 1] ?? '.') : path.resolve(__dirname, '..');
  // --profile DIR: the api writes a V8 CPU profile there when it stops (to see where a reservation's time goes).
  const profileAt = process.argv.indexOf('--profile');
  const profile = profileAt >= 0 ? [`--cpu-prof`, `--cpu-prof-dir=${process.argv[profileAt + 1] ?? os.tmpdir()}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'api/src/app/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      // The demo catalogue's on-sale ticket and the payment sandboxes, which production starts leave out unless asked.
      SEED_DEMO: '1',
      PAYMENTS_SANDBOX: '1',
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the api did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
}

async function standalone(): Promise<void> {
  const buyers = argument('buyers', 200);
  const rounds = argument('rounds', 5);
  const port = argument('port', 8397);
  const capacity = buyers * 3;
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl && !process.argv.includes('--one')) {
    const results = await runPostgresOnSale(databaseUrl, port, undefined, (pids, database) => {
      const probes = pids.map((pid) => cpuProbe(pid, database));
      return () => {
        const sums: Record<string, number> = {};
        probes.forEach((probe, i) => {
          for (const [name, ms] of Object.entries(probe())) {
            // The database's backends are counted once (every probe sees them all).
            if (name === 'db' && i > 0) continue;
            sums[name] = (sums[name] ?? 0) + ms;
          }
        });
        return sums;
      };
    });
    for (const result of results) for (const line of describeResult(result)) console.log(line);
    console.log('');
    for (const figure of onSaleMatrixFigures(results)) console.log(formatFigure(figure));
    return;
  }
  if (databaseUrl) {
    const fresh = await freshPostgresDatabase(databaseUrl);
    const api = await startApi(port, { ...onSaleStackEnv(capacity), DATABASE_URL: fresh.url });
    const database = postgresBenchDatabase(fresh.url);
    try {
      const result = await runOnSaleBench({
        baseURL: `http://127.0.0.1:${port}`,
        buyers,
        capacity,
        rounds,
        databaseLabel: 'PostgreSQL',
        database,
        cpuProbe: cpuProbe(api.pid, new URL(fresh.url).pathname.slice(1)),
      });
      for (const line of describeResult(result)) console.log(line);
    } finally {
      await database.close();
      await api.stop();
      await fresh.drop();
    }
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onsale-pglite-'));
  const api = await startApi(port, {
    ...onSaleStackEnv(capacity),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ALLOW_EMBEDDED_DB: '1',
  });
  let result: OnSaleResult;
  try {
    result = await runOnSaleBench({
      baseURL: `http://127.0.0.1:${port}`,
      buyers,
      capacity,
      rounds,
      databaseLabel: 'PGlite',
      rawRate: pgliteRawRate,
      cpuProbe: cpuProbe(api.pid),
    });
  } finally {
    await api.stop();
  }
  result = withStock(result, await pgliteStock(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const line of describeResult(result)) console.log(line);
}

if (require.main === module) {
  standalone().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
