/**
 * The waiting room under an on-sale crowd: 10,000 arrivals over two api processes on one PostgreSQL database, each
 * arrival a browser of its own (its own cookie jar, so its own session), queueing for a fresh ticket type whose
 * capacity is a fifth of the crowd.
 *
 * - The on-sale is made through the organiser API (POST /api/v1/onsales with a key of the event's organiser), opening
 *   a few seconds after the first arrivals, admitting `rate` places per second.
 * - 20 % arrive before the opening (spread over the 8 s before it): they get random places 1..E at the opening.
 *   The rest arrive over the 30 s after it, faster than the admission, so the queue never runs dry and the rate seen
 *   is the configured one, not the arrival rate.
 * - An arrival asks its status (which joins it), then follows the queue until its turn: half poll the status
 *   endpoint (backing off to half the estimated wait, between 0.5 and 8 s, as a page that lost its live stream would),
 *   half hold the live stream (server-sent events) open, as the queue page does, and ask the status once admitted
 *   (the pass is a cookie). Requests alternate between the two processes (a load balancer without sticky sessions),
 *   so every answer is also a check that both processes agree.
 * - Admitted, it puts one ticket in its basket and reserves with its pass cookie. 5 % misbehave on arrival: half
 *   reserve without a pass, half with another buyer's; each must be refused (a 403 naming the queue, or as sold out
 *   once the stock is gone: the stock is checked before the gate) and then queues and reserves like everyone else.
 * - 100 admissions per second: at 250/s and above this 2-core machine (load generator, two api processes and
 *   PostgreSQL on the same cores) falls behind, and what is measured is the backlog (docs/performance.md).
 *
 * Measured: whether places follow arrival (early arrivals in the order of their draw, in places 1..E; later ones in
 * the order they joined), the admission rate seen by the buyers (the slope of place against the moment each buyer saw
 * its turn) against the configured one, whether anyone saw its turn early, reservations without a used pass (from
 * the database), the stock sold out exactly once (active + sold holds = capacity, none beyond), p50/p99 of the status
 * endpoint and of the live stream's first event per process, and every unexpected answer.
 *
 * `npx tsx bench/waiting-room.ts` runs it alone (DATABASE_URL: a PostgreSQL server to make a fresh database on;
 * `--arrivals 10000 --rate 100 --capacity 2000 --sse 5000 --sockets 96`; ports 8292 and 8293 + BENCH_PORT_OFFSET);
 * bench/run.ts runs it as the part `waitingroom`.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'pg';
import { encodeForm, queuePaths, QueueStatusSchema, type FormValue, type QueueStatus } from '@checkout/shared';
import { ApiProcess } from '../reliability/support/api-process';
import { createOnSale, organiserKey } from '../reliability/support/waiting-room';
import { formatFigure, percentile, type Figure } from './figures';
import { freshPostgresDatabase } from './onsale';

/** The seeded on-sale test event (event 10, date 101; its organiser's key makes the on-sale). */
const EVENT_ID = 10;
const EVENT_DATE_ID = 101;
const PASS_COOKIE = 'checkout_pass';
const SESSION_COOKIE = 'checkout_sid';

export const WAITING_ROOM_DEFAULTS = {
  arrivals: 10_000,
  capacity: 2_000,
  /** Places admitted per second. */
  rate: 100,
  /** Arrivals that hold the live stream open instead of polling. */
  sse: 5_000,
  /** Share of arrivals before the opening, and the seconds before it they are spread over. */
  earlyShare: 0.2,
  earlySeconds: 8,
  /** The later arrivals are spread over this many seconds after the opening. */
  lateSeconds: 30,
  /** Share of arrivals that first try to reserve without their own pass. */
  misbehavingShare: 0.05,
  /** Requests in flight per api process (keep-alive sockets); the rest wait in the load generator. */
  socketsPerApi: 96,
  /** The longest a polling buyer waits between two status requests. */
  maxPollMs: 8_000,
} as const;

export type WaitingRoomOptions = { [K in keyof typeof WAITING_ROOM_DEFAULTS]: number };

// ---- a small HTTP client: keep-alive agents shared by all buyers, one cookie jar per buyer ------------------------

interface Answer {
  status: number;
  body: unknown;
  /** From the moment the request had a socket to the last byte: what the server took (plus loopback). */
  serverMs: number;
  /** From the call to the last byte, the load generator's own queueing included. */
  totalMs: number;
  /** Epoch milliseconds when the answer was complete. */
  at: number;
}

const nowEpoch = () => performance.timeOrigin + performance.now();

class Jar {
  readonly cookies = new Map<string, string>();

  remember(headers: http.IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function send(
  base: URL,
  agent: http.Agent,
  jar: Jar,
  method: 'GET' | 'POST',
  pathname: string,
  form?: Record<string, FormValue>,
): Promise<Answer> {
  const payload = method === 'POST' ? encodeForm(form ?? {}) : undefined;
  const headers: Record<string, string> = { accept: 'application/json', cookie: jar.header() };
  if (payload !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(payload));
    headers['x-xsrf-token'] = decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? '');
  }
  const called = performance.now();
  let socketAt = called;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, path: pathname, method, headers, agent, timeout: 60_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const done = performance.now();
          jar.remember(response.headers);
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text for the error report
          }
          resolve({
            status: response.statusCode ?? 0,
            body,
            serverMs: done - socketAt,
            totalMs: done - called,
            at: performance.timeOrigin + done,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('socket', () => {
      socketAt = performance.now();
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${pathname} timed out`)));
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

interface StreamResult {
  /** From the request's socket to the first `data:` event. */
  firstEventMs: number | null;
  final: QueueStatus | null;
  /** Epoch ms when the final event arrived. */
  finalAt: number;
  events: QueueStatus[];
  status: number;
  error?: string;
}

/** Holds GET …/events open until a final state (or the server closes it); parses each `data:` event. */
function followStream(
  base: URL,
  agent: http.Agent,
  jar: Jar,
  pathname: string,
  limitMs: number,
): Promise<StreamResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let socketAt = started;
    const result: StreamResult = { firstEventMs: null, final: null, finalAt: 0, events: [], status: 0 };
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(error === undefined ? result : { ...result, error });
    };
    const timer = setTimeout(() => finish(`no final state within ${limitMs} ms`), limitMs);
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: pathname,
        method: 'GET',
        agent,
        headers: { accept: 'text/event-stream', cookie: jar.header() },
      },
      (response) => {
        result.status = response.statusCode ?? 0;
        jar.remember(response.headers);
        if (result.status !== 200) {
          response.resume();
          response.on('end', () => finish(`answered ${result.status}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.search(/\r?\n\r?\n/); end >= 0; end = buffer.search(/\r?\n\r?\n/)) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end).replace(/^(\r?\n){2}/, '');
            const data = block
              .split(/\r?\n/)
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            if (data === '') continue;
            const parsed = QueueStatusSchema.safeParse(JSON.parse(data));
            if (!parsed.success) return finish(`an event that is not a queue status: ${data}`);
            result.firstEventMs ??= performance.now() - socketAt;
            result.events.push(parsed.data);
            if (['admitted', 'turn_lost', 'ended'].includes(parsed.data.state)) {
              result.final = parsed.data;
              result.finalAt = nowEpoch();
              return finish();
            }
          }
        });
        response.on('end', () => finish(result.final ? undefined : 'the stream closed before a final state'));
        response.on('error', (error) => finish(error.message));
      },
    );
    request.on('socket', () => {
      socketAt = performance.now();
    });
    request.on('error', (error) => finish(error.message));
    request.end();
  });
}

// ---- the run ------------------------------------------------------------------------------------------------------

type Misbehaviour = 'no_pass' | 'other_pass' | null;

/** What one arrival did and saw. */
interface ArrivalRecord {
  index: number;
  /** Its scheduled arrival (epoch ms) and when its first (joining) status request was sent and answered. */
  scheduledAt: number;
  joinSentAt: number;
  joinAnsweredAt: number;
  /** The first answer's state, and every place it was told while waiting. */
  firstState: string;
  positionsSeen: Set<number>;
  /** When it first learnt that it was admitted (epoch ms), and the request's send time. */
  admittedAt: number | null;
  admittedAskedAt: number | null;
  live: boolean;
  misbehaviour: Misbehaviour;
  /** The misbehaving reservation's answer: 403 with a sentence and the queue's URL is right. */
  misbehaviourAnswer: { status: number; reserved: boolean; error: unknown; queueUrl: string | null } | null;
  reserved: boolean | null;
  reserveStatus: number | null;
  reserveError: unknown;
  sessionHash: string | null;
  done: boolean;
}

interface LatencySamples {
  status: number[];
  statusTotal: number[];
  firstEvent: number[];
  reserve: number[];
}

export interface ProcessLatency {
  process: string;
  statusRequests: number;
  statusP50Ms: number;
  statusP99Ms: number;
  statusMaxMs: number;
  /** The same, from the moment the load generator made the call (its own queueing for a socket included). */
  statusTotalP99Ms: number;
  streams: number;
  firstEventP50Ms: number;
  firstEventP99Ms: number;
  reserveRequests: number;
  reserveP99Ms: number;
}

export interface WaitingRoomResult {
  arrivals: number;
  capacity: number;
  configuredRate: number;
  liveStreams: number;
  onsaleId: number;
  entries: number;
  /** Places 1..N each held once (N = entries). */
  positionsGapFree: boolean;
  early: {
    count: number;
    /**
     * Early entries (a draw, so the server read the clock before the opening) placed after the opening's draw, at the
     * end of the queue: their entry was written after the first later arrival had placed the early ones.
     */
    missedDraw: number;
    /** Neighbouring places of the draw (1..E) whose draws are out of order (must be 0). */
    drawOrderViolations: number;
    /** Rank correlation of place and arrival order among the early (near 0: random, not arrival order). */
    arrivalCorrelation: number;
  };
  late: {
    count: number;
    /** Pairs where one arrival's join was answered before the other's was sent, yet it got the later place. */
    causalViolations: number;
    /** Neighbouring places whose server-side join times run backwards, and by how much at most (concurrent joins). */
    joinTimeInversions: number;
    maxInversionMs: number;
    /** Rank correlation of place and the moment the join was sent (near 1: arrival order). */
    arrivalCorrelation: number;
  };
  /** Buyers told two different places (by the two processes or over time): must be 0. */
  positionDisagreements: number;
  admission: {
    admitted: number;
    /** Places per second: the slope of place against the moment its buyer saw the turn (least squares). */
    observedRate: number;
    /** Places per second by the passes' admission moments as stored (pass expiry − pass_seconds). */
    grantedRate: number;
    deviationPercent: number;
    /** Buyers who saw their turn before the on-sale row and the clock gave it to them. */
    admittedEarly: number;
    /** How long after its due moment a buyer saw its turn (its poll or stream tick included). */
    lagP50Ms: number;
    lagP99Ms: number;
    /** Whole seconds of the run with their count of buyers first seeing their turn (min and max, inner seconds). */
    perSecondMin: number;
    perSecondMax: number;
  };
  reservations: {
    reserved: number;
    refusedSoldOut: number;
    /** Reservations by admitted buyers with their own pass that were refused as queue_required (should be 0). */
    refusedWithPass: number;
  };
  misbehaving: {
    attempts: number;
    /** Of those, refused with 403, a sentence and the queue's URL. */
    sentToQueue: number;
    /** Refused as sold out (the stock had gone: checked before the gate; nothing held either). */
    refusedSoldOut: number;
    /** Answered reserved: must be 0. */
    granted: number;
    /** Any other answer (a 5xx, a 403 without the queue's URL…): must be 0. */
    improper: number;
    noPass: number;
    otherPass: number;
    /** Answers to misbehaving buyers other than the 403 expected. */
    examples: string[];
  };
  database: {
    /** Active or sold holds of the ticket type whose sale used no pass of the on-sale. */
    tokenlessHolds: number;
    /** Passes used by more than one sale (single use). */
    passesUsedTwice: number;
    capacity: number;
    held: number;
    sold: number;
    activeHoldTickets: number;
    soldHoldTickets: number;
    oversold: number;
    /** |active + sold hold tickets − capacity|: 0 when the stock sold out exactly once. */
    sellOutMismatch: number;
  };
  latency: ProcessLatency[];
  errors: { count: number; examples: string[] };
  /** The load generator's own event-loop delay (p99, ms): high values inflate every latency above. */
  generatorLoopDelayP99Ms: number;
  wallSeconds: number;
}

export interface WaitingRoomTarget {
  /** The two api processes' base URLs. */
  apis: readonly [string, string];
  /** The database both use (direct reads for the checks and a fresh ticket type). */
  databaseUrl: string;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const sha256Base64Url = (text: string) => createHash('sha256').update(text).digest('base64url');

function statusOf(body: unknown): QueueStatus | null {
  const parsed = QueueStatusSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Spearman's rank correlation of two equally long series. */
export function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  const ranks = (values: readonly number[]) => {
    const order = values.map((value, i) => ({ value, i })).sort((x, y) => x.value - y.value);
    const out = new Array<number>(values.length);
    order.forEach(({ i }, rank) => {
      out[i] = rank;
    });
    return out;
  };
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  if (n < 2) return 1;
  const mean = (n - 1) / 2;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i += 1) {
    const da = (ra[i] ?? 0) - mean;
    const db = (rb[i] ?? 0) - mean;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va === 0 || vb === 0 ? 1 : cov / Math.sqrt(va * vb);
}

/** Least-squares slope of y against x. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) * (p.x - mx);
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/**
 * Pairs (a, b) where a's join was answered before b's was sent, yet a got the later place: impossible if places
 * follow arrival. `items` in any order; O(n log n).
 */
export function causalViolations(items: readonly { position: number; sentAt: number; answeredAt: number }[]): number {
  const byPlaceDescending = [...items].sort((x, y) => y.position - x.position);
  let earliestAnswerBehind = Number.POSITIVE_INFINITY;
  let violations = 0;
  for (const item of byPlaceDescending) {
    if (earliestAnswerBehind < item.sentAt) violations += 1;
    earliestAnswerBehind = Math.min(earliestAnswerBehind, item.answeredAt);
  }
  return violations;
}

let nextTicketTypeId = 97_000;
/** A fresh £10 ticket type on the on-sale test event with its own stock. */
export async function freshGatedTicketType(pool: Pool, capacity: number): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM ticket_types');
  nextTicketTypeId = Math.max(nextTicketTypeId, (rows[0]?.id ?? 0) + 1);
  const id = nextTicketTypeId;
  nextTicketTypeId += 1;
  await pool.query(
    `INSERT INTO ticket_types (id, event_id, event_date_id, name, price_minor, currency, capacity, max_per_customer)
     VALUES ($1, $2, $3, $4, 1000, 'GBP', $5, 10)`,
    [id, EVENT_ID, EVENT_DATE_ID, `Waiting room ${id}`, capacity],
  );
  return id;
}

const CHECKOUT = {
  getUser: '/ajax/user/user/get_user/',
  add: '/ajax/checkout/checkout/add_to_basket/',
  reserve: '/ajax/checkout/checkout/reserve_tickets/',
} as const;

export async function runWaitingRoomBench(
  target: WaitingRoomTarget,
  options: Partial<WaitingRoomOptions> = {},
): Promise<WaitingRoomResult> {
  const o: WaitingRoomOptions = { ...WAITING_ROOM_DEFAULTS, ...options };
  const log = target.log ?? ((line: string) => console.log(line));
  const pool = new Pool({ connectionString: target.databaseUrl, max: 4 });
  const bases = target.apis.map((url) => new URL(url));
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: o.socketsPerApi }));
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const latency: LatencySamples[] = bases.map(() => ({ status: [], statusTotal: [], firstEvent: [], reserve: [] }));
  const errors: string[] = [];
  const error = (line: string) => {
    errors.push(line);
  };
  try {
    const ticketTypeId = await freshGatedTicketType(pool, o.capacity);
    const key = await organiserKey(target.apis[0]);
    const earlyCount = Math.round(o.arrivals * o.earlyShare);
    // The opening leaves time for setting up and for the early arrivals' window.
    const opensAt = Math.ceil((Date.now() + 2_000 + o.earlySeconds * 1000) / 1000) * 1000;
    const onsaleId = await createOnSale(target.apis[0], key, {
      ticket_type_ids: [ticketTypeId],
      opens_at: new Date(opensAt).toISOString(),
      admission_per_second: o.rate,
      pass_seconds: 600,
    });
    const firstArrival = opensAt - o.earlySeconds * 1000;
    log(
      `  waiting room: on-sale ${onsaleId} on ticket type ${ticketTypeId} (capacity ${o.capacity}), opens ${new Date(opensAt).toISOString()}, ${o.rate}/s; ${o.arrivals} arrivals (${earlyCount} early), ${o.sse} on the live stream`,
    );

    // Arrival i: early ones evenly over the window before the opening (stopping short of it, so an early arrival is
    // early on the server too), later ones evenly over the seconds after it. Live streams and misbehaviour are spread
    // over both groups.
    const schedule = Array.from({ length: o.arrivals }, (_, i) =>
      i < earlyCount
        ? firstArrival + (i / earlyCount) * (o.earlySeconds * 1000 - 300)
        : opensAt + ((i - earlyCount) / Math.max(1, o.arrivals - earlyCount)) * o.lateSeconds * 1000,
    );
    const liveEvery = o.sse > 0 ? o.arrivals / o.sse : Number.POSITIVE_INFINITY;
    const misbehaveEvery = o.misbehavingShare > 0 ? 1 / o.misbehavingShare : Number.POSITIVE_INFINITY;
    const records: ArrivalRecord[] = schedule.map((scheduledAt, index) => ({
      index,
      scheduledAt,
      joinSentAt: 0,
      joinAnsweredAt: 0,
      firstState: '',
      positionsSeen: new Set(),
      admittedAt: null,
      admittedAskedAt: null,
      live: Number.isFinite(liveEvery) && Math.floor(index % liveEvery) === 0,
      misbehaviour:
        Number.isFinite(misbehaveEvery) && Math.floor((index + 3) % misbehaveEvery) === 0
          ? Math.floor((index + 3) / misbehaveEvery) % 2 === 0
            ? 'no_pass'
            : 'other_pass'
          : null,
      misbehaviourAnswer: null,
      reserved: null,
      reserveStatus: null,
      reserveError: undefined,
      sessionHash: null,
      done: false,
    }));
    /** Passes seen so far (cookie values), for the buyers who try someone else's. */
    const passesSeen: string[] = [];

    const runArrival = async (record: ArrivalRecord): Promise<void> => {
      const jar = new Jar();
      let turn = record.index % 2;
      /** Requests alternate between the processes, as behind a load balancer without sticky sessions. */
      const next = () => {
        const at = turn;
        turn = (turn + 1) % 2;
        return at;
      };
      const askStatus = async (): Promise<{ status: QueueStatus | null; sentAt: number; answer: Answer }> => {
        const at = next();
        const sentAt = nowEpoch();
        const answer = await send(bases[at] as URL, agents[at] as http.Agent, jar, 'GET', queuePaths.status(onsaleId));
        const samples = latency[at] as LatencySamples;
        samples.status.push(answer.serverMs);
        samples.statusTotal.push(answer.totalMs);
        const status = answer.status === 200 ? statusOf(answer.body) : null;
        if (!status) error(`status answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        if (status?.state === 'waiting') record.positionsSeen.add(status.position);
        return { status, sentAt, answer };
      };
      const reserve = async (): Promise<Answer> => {
        const at = next();
        const answer = await send(bases[at] as URL, agents[at] as http.Agent, jar, 'POST', CHECKOUT.reserve);
        (latency[at] as LatencySamples).reserve.push(answer.serverMs);
        return answer;
      };
      let added = false;
      const addTicket = async () => {
        if (added) return;
        const at = next();
        const answer = await send(bases[at] as URL, agents[at] as http.Agent, jar, 'POST', CHECKOUT.add, {
          ticket_id: ticketTypeId,
          quantity: 1,
        });
        const body = answer.body as { success?: unknown };
        if (answer.status !== 200 || body.success !== true)
          throw new Error(`add_to_basket answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        added = true;
      };
      const misbehave = async () => {
        const answer = await reserve();
        const body = (answer.body ?? {}) as { reserved?: unknown; error?: unknown; queue_url?: unknown };
        record.misbehaviourAnswer = {
          status: answer.status,
          reserved: body.reserved === true,
          error: body.error,
          queueUrl: typeof body.queue_url === 'string' ? body.queue_url : null,
        };
      };

      await sleep(record.scheduledAt - Date.now());
      // A browser reaches the queue with its session cookie (from the checkout that sent it there): a request without
      // one is given no place. Reading the guest user writes nothing and sets the cookie.
      const at = next();
      await send(bases[at] as URL, agents[at] as http.Agent, jar, 'GET', CHECKOUT.getUser);
      const first = await askStatus();
      record.joinSentAt = first.sentAt;
      record.joinAnsweredAt = first.answer.at;
      record.firstState = first.status?.state ?? `http ${first.answer.status}`;
      record.sessionHash = jar.cookies.has(SESSION_COOKIE)
        ? sha256Base64Url(jar.cookies.get(SESSION_COOKIE) as string)
        : null;
      let status = first.status;
      let askedAt = first.sentAt;
      let answeredAt = first.answer.at;
      // Misbehaving on arrival, before its turn: without a pass (a buyer admitted on arrival leaves its own out), or
      // with the last pass another buyer was given (when none is out yet, it tries that once admitted).
      const stolenPass = () => passesSeen.at(-1);
      if (record.misbehaviour === 'no_pass' || (record.misbehaviour === 'other_pass' && stolenPass() !== undefined)) {
        await addTicket();
        const own = jar.cookies.get(PASS_COOKIE);
        const presented = record.misbehaviour === 'other_pass' ? stolenPass() : undefined;
        if (presented === undefined) jar.cookies.delete(PASS_COOKIE);
        else jar.cookies.set(PASS_COOKIE, presented);
        await misbehave();
        if (own === undefined) jar.cookies.delete(PASS_COOKIE);
        else jar.cookies.set(PASS_COOKIE, own);
      }

      if (record.live && status?.state !== 'admitted') {
        // Streams go to both processes alike (every other live arrival to each).
        const at = Math.floor(record.index / liveEvery) % 2;
        const stream = await followStream(bases[at] as URL, streamAgent, jar, queuePaths.events(onsaleId), 10 * 60_000);
        if (stream.firstEventMs !== null) (latency[at] as LatencySamples).firstEvent.push(stream.firstEventMs);
        for (const event of stream.events) if (event.state === 'waiting') record.positionsSeen.add(event.position);
        if (stream.error) error(`live stream: ${stream.error}`);
        if (stream.final?.state === 'admitted') {
          record.admittedAt = stream.finalAt;
          record.admittedAskedAt = stream.finalAt;
        }
        // The pass is a cookie, which a stream cannot set once it has started: the page asks the status once more.
        const after = await askStatus();
        status = after.status;
        askedAt = after.sentAt;
        answeredAt = after.answer.at;
      }
      while (status && status.state !== 'admitted') {
        if (status.state !== 'waiting' && status.state !== 'before_opening') {
          error(`a buyer's status became ${status.state}`);
          return;
        }
        const wait =
          status.state === 'before_opening'
            ? Math.min(2_000, Math.max(200, opensAt - Date.now()))
            : Math.min(o.maxPollMs, Math.max(500, (status.estimated_wait_seconds * 1000) / 2));
        await sleep(wait + Math.random() * 250);
        const asked = await askStatus();
        status = asked.status;
        askedAt = asked.sentAt;
        answeredAt = asked.answer.at;
      }
      if (!status) return;
      if (record.admittedAt === null) {
        record.admittedAt = answeredAt;
        record.admittedAskedAt = askedAt;
      }
      const pass = jar.cookies.get(PASS_COOKIE);
      if (!pass) {
        error('admitted without a pass cookie');
        return;
      }
      const stolen = passesSeen.at(-1);
      passesSeen.push(pass);
      if (record.misbehaviour === 'other_pass' && record.misbehaviourAnswer === null && stolen !== undefined) {
        await addTicket();
        jar.cookies.set(PASS_COOKIE, stolen);
        await misbehave();
        jar.cookies.set(PASS_COOKIE, pass);
      }
      await addTicket();
      const answer = await reserve();
      const body = (answer.body ?? {}) as { reserved?: unknown; error?: unknown };
      record.reserveStatus = answer.status;
      record.reserved = answer.status === 200 && body.reserved === true;
      record.reserveError = body.error;
      record.done = true;
    };

    loopDelay.enable();
    const started = performance.now();
    await Promise.all(
      records.map((record) =>
        runArrival(record).catch((failure: unknown) => {
          error(`arrival ${record.index}: ${failure instanceof Error ? failure.message : String(failure)}`);
        }),
      ),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    loopDelay.disable();

    return await analyse({
      pool,
      o,
      onsaleId,
      ticketTypeId,
      records,
      latency,
      errors,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      wallSeconds,
      processNames: target.apis.map((_, i) => `api-${i + 1}`),
    });
  } finally {
    agents.forEach((agent) => agent.destroy());
    streamAgent.destroy();
    await pool.end();
  }
}

interface EntryRow {
  session_hash: string;
  joined_at: Date;
  draw: number | null;
  position: number | null;
  pass_used_at: Date | null;
  pass_expires_at: Date | null;
}

async function analyse(input: {
  pool: Pool;
  o: WaitingRoomOptions;
  onsaleId: number;
  ticketTypeId: number;
  records: ArrivalRecord[];
  latency: LatencySamples[];
  errors: string[];
  loopDelayP99Ms: number;
  wallSeconds: number;
  processNames: string[];
}): Promise<WaitingRoomResult> {
  const { pool, o, onsaleId, ticketTypeId, records } = input;
  const onsale = (
    await pool.query<{ base_at: Date; base_count: string; rate: string; pass_seconds: number }>(
      `SELECT admission_base_at AS base_at, admission_base_count AS base_count, admission_per_second AS rate,
              pass_seconds
         FROM onsales WHERE id = $1`,
      [onsaleId],
    )
  ).rows[0];
  if (!onsale) throw new Error(`on-sale ${onsaleId} is gone`);
  const dueAt = (position: number) =>
    onsale.base_at.getTime() + ((position - Number(onsale.base_count)) / Number(onsale.rate)) * 1000;

  const { rows: entries } = await pool.query<EntryRow>(
    `SELECT s.token_hash AS session_hash, q.joined_at, q.draw, q.position, q.pass_used_at, q.pass_expires_at
       FROM queue_entries q JOIN sessions s ON s.id = q.session_id WHERE q.onsale_id = $1`,
    [onsaleId],
  );
  const entryOf = new Map(entries.map((entry) => [entry.session_hash, entry]));
  const positions = entries.map((e) => e.position).filter((p): p is number => p !== null);
  const positionsGapFree =
    positions.length === entries.length &&
    new Set(positions).size === positions.length &&
    positions.every((p) => p >= 1 && p <= positions.length);

  const joined = records.flatMap((record) => {
    const entry = record.sessionHash ? entryOf.get(record.sessionHash) : undefined;
    return entry && entry.position !== null ? [{ record, entry, position: entry.position }] : [];
  });
  // The opening's draw gave places 1..E to the early entries then written; an early entry written later is placed at
  // the end of the queue like a later arrival, and counted apart.
  const drawn = joined.filter((j) => j.entry.draw !== null).sort((a, b) => a.position - b.position);
  let drawSize = 0;
  while (drawn[drawSize]?.position === drawSize + 1) drawSize += 1;
  const early = drawn.slice(0, drawSize);
  const missedDraw = drawn.length - drawSize;
  const late = joined.filter((j) => j.entry.draw === null).sort((a, b) => a.position - b.position);
  let drawOrderViolations = 0;
  for (let i = 1; i < early.length; i += 1)
    if ((early[i - 1]?.entry.draw ?? 0) > (early[i]?.entry.draw ?? 0)) drawOrderViolations += 1;
  let joinTimeInversions = 0;
  let maxInversionMs = 0;
  for (let i = 1; i < late.length; i += 1) {
    const back = (late[i - 1]?.entry.joined_at.getTime() ?? 0) - (late[i]?.entry.joined_at.getTime() ?? 0);
    if (back > 0) {
      joinTimeInversions += 1;
      maxInversionMs = Math.max(maxInversionMs, back);
    }
  }

  // Admission as the buyers saw it.
  const admitted = joined.filter((j) => j.record.admittedAt !== null);
  const lags = admitted.map((j) => (j.record.admittedAt as number) - dueAt(j.position));
  // A turn seen before it was due: the answer came back before the due moment (2 ms for the clocks' rounding).
  const admittedEarly = admitted.filter(
    (j) => (j.record.admittedAt as number) < dueAt(j.position) - 2 && j.record.joinSentAt < dueAt(j.position),
  ).length;
  // The rate: only buyers already queueing at their due moment (a buyer who joins after its place is due is admitted
  // on arrival, which says when it came, not how fast the queue moves).
  const queued = admitted.filter((j) => j.record.joinAnsweredAt < dueAt(j.position));
  const observedRate = slope(queued.map((j) => ({ x: (j.record.admittedAt as number) / 1000, y: j.position })));
  // The schedule the passes were issued on: each pass lasts pass_seconds from its place's admission.
  const grantedRate = slope(
    queued.flatMap((j) =>
      j.entry.pass_expires_at
        ? [{ x: j.entry.pass_expires_at.getTime() / 1000 - onsale.pass_seconds, y: j.position }]
        : [],
    ),
  );
  const perSecond = new Map<number, number>();
  for (const j of queued) {
    const second = Math.floor((j.record.admittedAt as number) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const seconds = [...perSecond.keys()].sort((a, b) => a - b);
  const inner = seconds.slice(1, -1).map((s) => perSecond.get(s) ?? 0);

  const stock = (
    await pool.query<{
      capacity: number;
      held: number;
      sold: number;
      active: number;
      sold_holds: number;
    }>(
      `SELECT t.capacity, t.held, t.sold,
         (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'active') AS active,
         (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.ticket_type_id = t.id AND h.status = 'sold') AS sold_holds
       FROM ticket_types t WHERE t.id = $1`,
      [ticketTypeId],
    )
  ).rows[0];
  if (!stock) throw new Error(`ticket type ${ticketTypeId} is gone`);
  const tokenless = (
    await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM holds h
        WHERE h.ticket_type_id = $1 AND h.status IN ('active', 'sold')
          AND NOT EXISTS (SELECT 1 FROM queue_entries q
                           WHERE q.onsale_id = $2 AND q.claimed_sale_id = h.sale_id AND q.pass_used_at IS NOT NULL)`,
      [ticketTypeId, onsaleId],
    )
  ).rows[0]?.n;
  const passesUsedTwice = (
    await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT q.id FROM queue_entries q JOIN holds h ON h.sale_id = q.claimed_sale_id AND h.ticket_type_id = $1
          WHERE q.onsale_id = $2 AND q.pass_used_at IS NOT NULL
          GROUP BY q.id HAVING count(DISTINCT h.sale_id) > 1) twice`,
      [ticketTypeId, onsaleId],
    )
  ).rows[0]?.n;
  const taken = stock.active + stock.sold_holds;

  const misbehaving = records.filter((r) => r.misbehaviourAnswer !== null);
  const sentOffToQueue = (r: ArrivalRecord) =>
    r.misbehaviourAnswer?.status === 403 &&
    typeof r.misbehaviourAnswer.error === 'string' &&
    r.misbehaviourAnswer.error.length > 0 &&
    r.misbehaviourAnswer.queueUrl === queuePaths.page(onsaleId);
  // Once the stock is gone the reservation is refused as sold out before the gate is asked: nothing is held either.
  const refusedSoldOutFirst = (r: ArrivalRecord) =>
    r.misbehaviourAnswer?.status === 200 && r.misbehaviourAnswer.reserved === false;
  const improper = misbehaving
    .filter((r) => !sentOffToQueue(r) && !refusedSoldOutFirst(r))
    .map((r) => `${r.misbehaviour}: ${JSON.stringify(r.misbehaviourAnswer)}`);
  const finished = records.filter((r) => r.done);
  const reserved = finished.filter((r) => r.reserved).length;
  const refusedWithPass = finished.filter((r) => r.reserveStatus === 403).length;
  const refusedSoldOut = finished.filter((r) => r.reserveStatus === 200 && !r.reserved).length;
  const unexpected = finished.filter((r) => r.reserveStatus !== 200 && r.reserveStatus !== 403);
  for (const r of unexpected)
    input.errors.push(`reserve answered ${r.reserveStatus}: ${JSON.stringify(r.reserveError)}`);
  const notJoined = records.filter((r) => !r.sessionHash || !entryOf.has(r.sessionHash)).length;
  if (notJoined > 0) input.errors.push(`${notJoined} arrivals have no queue entry`);

  const latency: ProcessLatency[] = input.latency.map((samples, i) => {
    const status = [...samples.status].sort((a, b) => a - b);
    return {
      process: input.processNames[i] ?? `api-${i + 1}`,
      statusRequests: status.length,
      statusP50Ms: percentile(status, 50),
      statusP99Ms: percentile(status, 99),
      statusMaxMs: status[status.length - 1] ?? Number.NaN,
      statusTotalP99Ms: percentile(samples.statusTotal, 99),
      streams: samples.firstEvent.length,
      firstEventP50Ms: percentile(samples.firstEvent, 50),
      firstEventP99Ms: percentile(samples.firstEvent, 99),
      reserveRequests: samples.reserve.length,
      reserveP99Ms: percentile(samples.reserve, 99),
    };
  });

  const sortedLags = [...lags].sort((a, b) => a - b);
  return {
    arrivals: records.length,
    capacity: o.capacity,
    configuredRate: o.rate,
    liveStreams: records.filter((r) => r.live).length,
    onsaleId,
    entries: entries.length,
    positionsGapFree,
    early: {
      count: early.length,
      missedDraw,
      drawOrderViolations,
      arrivalCorrelation: rankCorrelation(
        early.map((j) => j.position),
        early.map((j) => j.record.joinSentAt),
      ),
    },
    late: {
      count: late.length,
      causalViolations: causalViolations(
        late.map((j) => ({ position: j.position, sentAt: j.record.joinSentAt, answeredAt: j.record.joinAnsweredAt })),
      ),
      joinTimeInversions,
      maxInversionMs,
      arrivalCorrelation: rankCorrelation(
        late.map((j) => j.position),
        late.map((j) => j.record.joinSentAt),
      ),
    },
    positionDisagreements: records.filter((r) => r.positionsSeen.size > 1).length,
    admission: {
      admitted: admitted.length,
      observedRate,
      grantedRate,
      deviationPercent: Math.abs(observedRate / o.rate - 1) * 100,
      admittedEarly,
      lagP50Ms: percentile(sortedLags, 50),
      lagP99Ms: percentile(sortedLags, 99),
      perSecondMin: inner.length > 0 ? Math.min(...inner) : Number.NaN,
      perSecondMax: inner.length > 0 ? Math.max(...inner) : Number.NaN,
    },
    reservations: { reserved, refusedSoldOut, refusedWithPass },
    misbehaving: {
      attempts: misbehaving.length,
      sentToQueue: misbehaving.filter(sentOffToQueue).length,
      refusedSoldOut: misbehaving.filter(refusedSoldOutFirst).length,
      granted: misbehaving.filter((r) => r.misbehaviourAnswer?.reserved === true).length,
      improper: improper.length,
      noPass: misbehaving.filter((r) => r.misbehaviour === 'no_pass').length,
      otherPass: misbehaving.filter((r) => r.misbehaviour === 'other_pass').length,
      examples: [...new Set(improper)].slice(0, 5),
    },
    database: {
      tokenlessHolds: tokenless ?? Number.NaN,
      passesUsedTwice: passesUsedTwice ?? Number.NaN,
      capacity: stock.capacity,
      held: stock.held,
      sold: stock.sold,
      activeHoldTickets: stock.active,
      soldHoldTickets: stock.sold_holds,
      oversold: Math.max(0, taken - stock.capacity, stock.held + stock.sold - stock.capacity),
      sellOutMismatch: Math.abs(taken - stock.capacity),
    },
    latency,
    errors: { count: input.errors.length, examples: [...new Set(input.errors)].slice(0, 8) },
    generatorLoopDelayP99Ms: input.loopDelayP99Ms,
    wallSeconds: input.wallSeconds,
  };
}

// ---- report and figures ---------------------------------------------------------------------------------------------

export function describeWaitingRoom(r: WaitingRoomResult): string[] {
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
  const rows: [string, string][] = [
    ['arrivals / queue entries', `${r.arrivals} / ${r.entries} (places 1..N each once: ${r.positionsGapFree})`],
    [
      'early arrivals',
      `${r.early.count} in places 1..${r.early.count}, ${r.early.drawOrderViolations} out of draw order; ${r.early.missedDraw} written after the opening's draw (placed at the end), rank correlation with arrival ${r.early.arrivalCorrelation.toFixed(3)}`,
    ],
    [
      'later arrivals',
      `${r.late.count}: ${r.late.causalViolations} placed before someone who joined earlier, rank correlation with arrival ${r.late.arrivalCorrelation.toFixed(4)}; ${r.late.joinTimeInversions} neighbours with join times reversed (at most ${r.late.maxInversionMs} ms: concurrent joins)`,
    ],
    ['buyers told two different places', String(r.positionDisagreements)],
    [
      'admission rate seen by buyers',
      `${r.admission.observedRate.toFixed(1)}/s against ${r.configuredRate}/s configured (passes issued on a schedule of ${r.admission.grantedRate.toFixed(1)}/s) (${r.admission.deviationPercent.toFixed(2)} % off); per whole second ${r.admission.perSecondMin}–${r.admission.perSecondMax}`,
    ],
    [
      'turn seen',
      `${r.admission.admitted} admitted, ${r.admission.admittedEarly} before their due moment; lag after due p50 ${ms(r.admission.lagP50Ms)}, p99 ${ms(r.admission.lagP99Ms)}`,
    ],
    [
      'reservations',
      `${r.reservations.reserved} reserved, ${r.reservations.refusedSoldOut} refused as sold out, ${r.reservations.refusedWithPass} refused although holding their pass`,
    ],
    [
      'misbehaving buyers',
      `${r.misbehaving.attempts} (${r.misbehaving.noPass} without a pass, ${r.misbehaving.otherPass} with another buyer's): ${r.misbehaving.sentToQueue} refused with 403, a sentence and the queue's URL, ${r.misbehaving.refusedSoldOut} refused as sold out (the stock gone), ${r.misbehaving.granted} reserved, ${r.misbehaving.improper} other${r.misbehaving.examples.length > 0 ? `: ${r.misbehaving.examples.join(' | ')}` : ''}`,
    ],
    [
      'database',
      `holds without a used pass ${r.database.tokenlessHolds}; passes used twice ${r.database.passesUsedTwice}; capacity ${r.database.capacity}, held ${r.database.held}, sold ${r.database.sold}, active hold tickets ${r.database.activeHoldTickets}, sold ${r.database.soldHoldTickets}; oversold ${r.database.oversold}`,
    ],
    ...r.latency.map((l): [string, string] => [
      `${l.process}`,
      `status ×${l.statusRequests}: p50 ${ms(l.statusP50Ms)}, p99 ${ms(l.statusP99Ms)} (max ${ms(l.statusMaxMs)}; p99 ${ms(l.statusTotalP99Ms)} with the generator's queueing); live stream first event ×${l.streams}: p50 ${ms(l.firstEventP50Ms)}, p99 ${ms(l.firstEventP99Ms)}; reserve ×${l.reserveRequests}: p99 ${ms(l.reserveP99Ms)}`,
    ]),
    ['errors', `${r.errors.count}${r.errors.examples.length > 0 ? `: ${r.errors.examples.join(' | ')}` : ''}`],
    [
      'load generator',
      `event-loop delay p99 ${ms(r.generatorLoopDelayP99Ms)}; ${r.wallSeconds.toFixed(1)} s from the first arrival's timer to the last reservation`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return [
    `Waiting room: ${r.arrivals} arrivals over two api processes, capacity ${r.capacity}, ${r.configuredRate}/s`,
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
  ];
}

/** The waiting room's figures: rate ± 5 %, no reservation without a pass, queue endpoints' p99 < 50 ms, 0 oversold. */
export function waitingRoomFigures(r: WaitingRoomResult): Figure[] {
  const label = 'waiting room';
  const worst = (pick: (l: ProcessLatency) => number) => Math.max(...r.latency.map(pick).filter(Number.isFinite));
  return [
    {
      name: `${label}: admission rate seen by ${r.admission.admitted} buyers (configured ${r.configuredRate}/s)`,
      value: r.admission.observedRate,
      unit: '/s',
      kind: 'info',
    },
    {
      name: `${label}: admission rate off the configured`,
      value: r.admission.deviationPercent,
      unit: '%',
      kind: 'max',
      target: 5,
    },
    {
      name: `${label}: places out of arrival order (early not by draw, late behind a later joiner, turn seen early)`,
      value:
        r.early.drawOrderViolations +
        r.late.causalViolations +
        r.admission.admittedEarly +
        (r.positionsGapFree ? 0 : 1),
      unit: '',
      kind: 'max',
      target: 0,
    },
    {
      name: `${label}: arrivals before the opening placed after its draw (their entry written after the opening)`,
      value: r.early.missedDraw,
      unit: '',
      kind: 'max',
      target: 0,
    },
    {
      name: `${label}: reservations without a pass`,
      value: r.database.tokenlessHolds,
      unit: '',
      kind: 'max',
      target: 0,
    },
    {
      name: `${label}: reservations tried without their own pass and not refused (of ${r.misbehaving.attempts}; ${r.misbehaving.sentToQueue} sent to the queue with a 403)`,
      value: r.misbehaving.granted + r.misbehaving.improper,
      unit: '',
      kind: 'max',
      target: 0,
    },
    { name: `${label}: tickets oversold`, value: r.database.oversold, unit: '', kind: 'max', target: 0 },
    {
      name: `${label}: capacity ${r.capacity} taken exactly (|held + sold − capacity|)`,
      value: r.database.sellOutMismatch,
      unit: '',
      kind: 'max',
      target: 0,
    },
    {
      name: `${label}: p99 of the status endpoint (worst process)`,
      value: worst((l) => l.statusP99Ms),
      unit: 'ms',
      kind: 'max',
      target: 50,
    },
    {
      name: `${label}: p99 of the live stream's first event (worst process)`,
      value: worst((l) => l.firstEventP99Ms),
      unit: 'ms',
      kind: 'max',
      target: 50,
    },
    {
      name: `${label}: p50 of the status endpoint (worst process)`,
      value: worst((l) => l.statusP50Ms),
      unit: 'ms',
      kind: 'info',
    },
    { name: `${label}: errors`, value: r.errors.count + r.positionDisagreements, unit: '', kind: 'max', target: 0 },
  ];
}

// ---- the stack: a fresh database and two api processes on it -------------------------------------------------------

export interface WaitingRoomStack {
  apis: readonly [string, string];
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * What the api processes need for the crowd: no captcha and no per-address limits on new places for 10,000 buyers from
 * one address, a pool each.
 */
export const WAITING_ROOM_API_ENV = {
  CAPTCHA_RESERVE_LIMIT: '0',
  QUEUE_JOINS_PER_CLIENT: '1000000',
  QUEUE_PLACES_PER_CLIENT: '1000000',
  PG_POOL_SIZE: '10',
  LOG_LEVEL: 'warn',
} as const;

/** A fresh database beside `databaseUrl`'s and two api processes on it (ports 8292/8293 + BENCH_PORT_OFFSET). */
export async function startWaitingRoomStack(databaseUrl: string, portOffset: number): Promise<WaitingRoomStack> {
  const fresh = await freshPostgresDatabase(databaseUrl);
  const apis: ApiProcess[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds the database ready.
    for (const [i, port] of [8292 + portOffset, 8293 + portOffset].entries())
      apis.push(
        await ApiProcess.start({ databaseUrl: fresh.url, port, env: WAITING_ROOM_API_ENV, name: `api-${i + 1}` }),
      );
  } catch (failure) {
    await Promise.all(apis.map((api) => api.stop()));
    await fresh.drop();
    throw failure;
  }
  return {
    apis: [apis[0]?.baseURL ?? '', apis[1]?.baseURL ?? ''],
    databaseUrl: fresh.url,
    async stop() {
      await Promise.all(apis.map((api) => api.stop()));
      await fresh.drop();
    },
  };
}

// ---- standalone: npx tsx bench/waiting-room.ts [--arrivals 10000] [--rate 500] [--capacity 2000] [--sse 1000] -------

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
}

async function standalone(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (a fresh database is made beside it)');
  const stack = await startWaitingRoomStack(databaseUrl, Number(process.env.BENCH_PORT_OFFSET ?? 0));
  try {
    const result = await runWaitingRoomBench(
      { apis: stack.apis, databaseUrl: stack.databaseUrl },
      {
        arrivals: argument('arrivals', WAITING_ROOM_DEFAULTS.arrivals),
        rate: argument('rate', WAITING_ROOM_DEFAULTS.rate),
        capacity: argument('capacity', WAITING_ROOM_DEFAULTS.capacity),
        sse: argument('sse', WAITING_ROOM_DEFAULTS.sse),
        socketsPerApi: argument('sockets', WAITING_ROOM_DEFAULTS.socketsPerApi),
      },
    );
    for (const line of describeWaitingRoom(result)) console.log(line);
    console.log('');
    for (const figure of waitingRoomFigures(result)) console.log(formatFigure(figure));
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  standalone().catch((failure: unknown) => {
    console.error(failure);
    process.exit(1);
  });
}
