/**
 * What one buyer costs the servers, measured: N buyers (default 40, 8 at a time) walk a whole checkout over HTTP
 * against one api process on PostgreSQL, making the page's calls in the page's order (the shell's start, basket,
 * reserve, guest account by one-time code, marketing preferences, card payment with the sandbox, delivery, order
 * completed). Per completed checkout: HTTP requests to the api (by path), api CPU ms, PostgreSQL CPU ms (the backends
 * of the bench's database), database transactions (pg_stat_database.xact_commit), mail bytes as the SMTP server
 * received them, and the wall time. The api's idle cost (sweepers, mail job) is measured first and shown apart.
 *
 * Then the waiting room, when an on-sale is created through the organiser API: CPU per GET /ajax/queue/:id/status,
 * and for the live stream (SSE) the api's RSS per open stream and CPU per stream-minute, with `--streams` (2,000)
 * open at once.
 *
 * Inputs for docs/scaling.md. `npx tsx bench/checkout-cost.ts [--buyers 40] [--concurrency 8] [--streams 2000]
 * [--hold 30]` with DATABASE_URL (PostgreSQL; a fresh database is made beside it and dropped after) and
 * BENCH_PORT_OFFSET to move its ports. Prints a table, then the figures as one JSON line.
 */
import http from 'node:http';
import fs from 'node:fs';
import { Client } from 'pg';
import { cpuProbe, freshPostgresDatabase, onSaleStackEnv, ONSALE_TICKET_ID, startApi } from './onsale';
import { Buyer, paths, payByCard, type Answer, type RequestOptions } from '../reliability/support/buyer';
import { guestAccount } from '../reliability/support/checkout';
import { FakeSmtp } from '../reliability/support/fake-smtp';
import type { FormValue } from '@checkout/shared';
import type { CheckoutState } from '@checkout/shared';

const API_PORT = 8710;
const SMTP_PORT = 8711;
/** Requests the bench makes only to read the one-time code (a buyer reads their mailbox): counted apart. */
const HARNESS_PATHS = new Set(['/dev/outbox.json']);

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A buyer whose every request is counted by path (query strings dropped). */
class CountingBuyer extends Buyer {
  constructor(
    baseURL: string,
    private readonly counts: Map<string, number>,
  ) {
    super(baseURL);
  }

  private count(pathname: string): void {
    const key = pathname.split('?')[0] ?? pathname;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  override get(pathname: string, options: RequestOptions & { via?: string } = {}): Promise<Answer> {
    this.count(pathname);
    return super.get(pathname, options);
  }

  override post(
    pathname: string,
    form: Record<string, FormValue> = {},
    options: RequestOptions & { via?: string } = {},
  ): Promise<Answer> {
    this.count(pathname);
    return super.post(pathname, form, options);
  }
}

function expect200(answer: Answer, what: string): Answer {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}

/** The shell's step change (update_basket_state), as the page sends it when it moves on. */
async function move(buyer: Buyer, from: CheckoutState, state: CheckoutState): Promise<void> {
  expect200(await buyer.post('/ajax/checkout/checkout/update_basket_state/', { state, from }), `${from} → ${state}`);
}

/** One buyer's whole checkout, in the page's order; resolves when the order-completed step has its data. */
async function checkout(buyer: Buyer, index: number): Promise<void> {
  // The page loads (the HTML shell; its scripts come from the CDN), then the shell's start: checkout and user.
  expect200(await buyer.get('/checkout/', { timeoutMs: 60_000 }), 'GET /checkout/');
  await Promise.all([buyer.get(paths.get), buyer.get('/ajax/user/user/get_user/')]);
  // Basket: the ticket added (the event page's button), the checkout reloaded, reserved.
  const added = await buyer.post(paths.add, { ticket_id: ONSALE_TICKET_ID, quantity: 2 });
  if (added.json.success !== true) throw new Error(`add_to_basket: ${JSON.stringify(added.body)}`);
  expect200(await buyer.get(paths.get), 'get');
  await move(buyer, 'basket', 'reserve');
  const reserved = expect200(await buyer.post(paths.reserve), 'reserve_tickets');
  if (reserved.json.reserved === false) throw new Error(`reserve_tickets refused: ${JSON.stringify(reserved.body)}`);
  await move(buyer, 'reserve', 'login');
  // Account: guest by one-time code, then the user reloaded, marketing preferences.
  await guestAccount(buyer, `cost-${process.pid}-${index}@example.com`, 'Cost Bench');
  expect200(await buyer.get('/ajax/user/user/get_user/'), 'get_user');
  await move(buyer, 'login', 'marketing_preferences');
  expect200(
    await buyer.post('/ajax/checkout/checkout/set_marketing_preferences/', {
      ct_subscribed: 0,
      event_subscribed: 1,
    }),
    'set_marketing_preferences',
  );
  await move(buyer, 'marketing_preferences', 'payment');
  // Payment: the card sandbox's intent and confirm (a provider's in production), then delivery.
  const paid = await payByCard(buyer);
  if (paid.status !== 200 && paid.status !== 303)
    throw new Error(`card payment: ${paid.status} ${JSON.stringify(paid.body)}`);
  expect200(await buyer.get(paths.get), 'get after payment');
  await move(buyer, 'payment', 'deliver_tickets');
  const delivered = expect200(
    await buyer.post('/ajax/checkout/checkout/deliver_to_bitticket/'),
    'deliver_to_bitticket',
  );
  if (delivered.json.delivery_completed !== true) throw new Error(`delivery: ${JSON.stringify(delivered.body)}`);
  expect200(await buyer.post('/ajax/checkout/checkout/deliver_to_wallet/'), 'deliver_to_wallet');
  await move(buyer, 'deliver_tickets', 'order_completed');
  // Order completed: its two calls.
  await Promise.all([
    buyer.get('/ajax/checkout/checkout/get_simple_info/').then((a) => expect200(a, 'get_simple_info')),
    buyer.get('/ajax/checkout/checkout/get_reward_referrer_link/'),
  ]);
}

/**
 * CPU ms of the api and of the database's backends, counted up continuously. The probe sums the processes alive when
 * it reads /proc, and a backend that exits (the api's pool closes connections idle for 10 s) takes its CPU time out of
 * that sum: read every 100 ms, only the rises are added, so a backend's time stays counted after it has gone (the
 * little it used in its last 100 ms may be missed).
 */
class CpuCounter {
  private last: Record<string, number>;
  private readonly total = { api: 0, db: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly probe: () => Record<string, number>) {
    this.last = probe();
    this.timer = setInterval(() => this.tick(), 100);
  }

  private tick(): void {
    const now = this.probe();
    for (const name of ['api', 'db'] as const) {
      const rise = (now[name] ?? 0) - (this.last[name] ?? 0);
      if (rise > 0) this.total[name] += rise;
    }
    this.last = now;
  }

  read(): { api: number; db: number } {
    this.tick();
    return { ...this.total };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

function rssKiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

interface Sample {
  api: number;
  db: number;
  xacts: number;
  at: number;
}

export interface CheckoutCost {
  buyers: number;
  concurrency: number;
  completed: number;
  failed: number;
  firstFailure: string | null;
  wallMs: number;
  /** One checkout's wall time, bench to api and back with no think time: median and 90th percentile. */
  checkoutMs: { p50: number; p90: number };
  requestsPerCheckout: number;
  harnessRequestsPerCheckout: number;
  requestsByPath: Record<string, number>;
  apiCpuMsPerCheckout: number;
  dbCpuMsPerCheckout: number;
  xactsPerCheckout: number;
  /** The same, less the idle rate times the run's wall time (sweepers and jobs that run whatever the traffic). */
  net: { apiCpuMs: number; dbCpuMs: number; xacts: number };
  idlePerSecond: { apiCpuMs: number; dbCpuMs: number; xacts: number };
  mail: {
    messagesPerCheckout: number;
    smtpBytesPerCheckout: number;
    byKind: Record<string, { n: number; bytes: number }>;
  };
  machine: { loadavg1Before: number; loadavg1After: number; cores: number };
}

export interface WaitingRoomCost {
  onsaleId: number;
  statusCalls: number;
  apiCpuMsPerStatus: number;
  dbCpuMsPerStatus: number;
  xactsPerStatus: number;
  streamsOpened: number;
  /** Opening a stream (a new visitor: session and place in the queue made): api CPU, db CPU, transactions. */
  perStreamOpened: { apiCpuMs: number; dbCpuMs: number; xacts: number };
  streamsRefused: number;
  rssKiBBefore: number;
  rssKiBAfter: number;
  rssKiBPerStream: number;
  holdSeconds: number;
  apiCpuMsPerStreamMinute: number;
  dbCpuMsPerStreamMinute: number;
  eventsReceivedPerStreamMinute: number;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) throw new Error('DATABASE_URL (PostgreSQL) is needed: the cost is measured on PostgreSQL');
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const buyers = argument('buyers', 40);
  const concurrency = argument('concurrency', 8);
  const streams = argument('streams', 2000);
  const holdSeconds = argument('hold', 30);
  const port = API_PORT + offset;
  const base = `http://127.0.0.1:${port}`;

  const smtp = await FakeSmtp.listen(SMTP_PORT + offset, 'accept');
  const fresh = await freshPostgresDatabase(databaseUrl);
  const dbName = new URL(fresh.url).pathname.slice(1);
  const api = await startApi(port, {
    ...onSaleStackEnv(buyers * 2 + 100),
    DATABASE_URL: fresh.url,
    DEV_PAGES: '1',
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT + offset}`,
    // Every bench buyer comes from 127.0.0.1; real buyers each have their own address, so its limits are not reached.
    OTC_SENDS_PER_CLIENT: String(buyers * 2 + 100),
    OTC_CHECKS_PER_CLIENT: String(buyers * 2 + 100),
    QUEUE_JOINS_PER_CLIENT: '1000000',
    QUEUE_PLACES_PER_CLIENT: '1000000',
  });
  const client = new Client({ connectionString: fresh.url });
  await client.connect();
  const cpu = new CpuCounter(cpuProbe(api.pid, dbName));
  const sample = async (): Promise<Sample> => {
    // Backends report their counters at most once a second: wait for them, then read afresh.
    await sleep(1100);
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ x: string }>(
      'SELECT xact_commit AS x FROM pg_stat_database WHERE datname = current_database()',
    );
    return { ...cpu.read(), xacts: Number(rows[0]?.x ?? 0), at: Date.now() };
  };
  const delta = (a: Sample, b: Sample) => ({
    api: b.api - a.api,
    db: b.db - a.db,
    // The sample's own two statements are transactions of this database too.
    xacts: b.xacts - a.xacts - 2,
    seconds: (b.at - a.at) / 1000,
  });

  try {
    // Warm-up: one checkout (first requests compile routes and fill caches), then the idle rate.
    const warmCounts = new Map<string, number>();
    await checkout(new CountingBuyer(base, warmCounts), -1);
    await sleep(3000);
    const idleFrom = await sample();
    await sleep(8000);
    const idle = delta(idleFrom, await sample());
    const idleRate = { api: idle.api / idle.seconds, db: idle.db / idle.seconds, xacts: idle.xacts / idle.seconds };

    const mailBefore = smtp.received.length;
    const outboxFrom = (await client.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM outbox'))
      .rows[0]?.id;
    const counts = new Map<string, number>();
    const loadBefore = (await import('node:os')).loadavg()[0] ?? 0;
    let completed = 0;
    const times: number[] = [];
    let failed = 0;
    let firstFailure: string | null = null;
    const from = await sample();
    const started = Date.now();
    await inParallel(
      Array.from({ length: buyers }, (_, i) => i),
      concurrency,
      async (i) => {
        try {
          const at = Date.now();
          // A failed checkout's requests are not a completed one's: they are added only once it has completed.
          const own = new Map<string, number>();
          await checkout(new CountingBuyer(base, own), i);
          times.push(Date.now() - at);
          for (const [p, n] of own) counts.set(p, (counts.get(p) ?? 0) + n);
          completed += 1;
        } catch (error) {
          failed += 1;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      },
    );
    const wallMs = Date.now() - started;
    // Mail is sent by a job after the request: the window ends once the outbox is empty (or 60 s).
    const drainBy = Date.now() + 60_000;
    let polls = 0;
    while (Date.now() < drainBy) {
      polls += 1;
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND channel = $1',
        ['email'],
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      await sleep(250);
    }
    const measured = delta(from, await sample());
    const run = { ...measured, xacts: measured.xacts - polls };
    const loadAfter = (await import('node:os')).loadavg()[0] ?? 0;
    const per = (n: number) => (completed > 0 ? n / completed : 0);
    const mails = smtp.received.slice(mailBefore);
    const { rows: kinds } = await client.query<{ kind: string; n: number; bytes: number }>(
      `SELECT kind, count(*)::int AS n, sum(octet_length(subject) + octet_length(text_body) +
         coalesce(octet_length(html_body), 0) + octet_length(attachments))::int AS bytes
       FROM outbox WHERE id > $1 GROUP BY kind ORDER BY kind`,
      [outboxFrom ?? 0],
    );
    const harness = [...counts].filter(([p]) => HARNESS_PATHS.has(p)).reduce((s, [, n]) => s + n, 0);
    const total = [...counts].reduce((s, [, n]) => s + n, 0) - harness;
    const cost: CheckoutCost = {
      buyers,
      concurrency,
      completed,
      failed,
      firstFailure,
      wallMs,
      checkoutMs: { p50: percentile(times, 50), p90: percentile(times, 90) },
      requestsPerCheckout: per(total),
      harnessRequestsPerCheckout: per(harness),
      requestsByPath: Object.fromEntries(
        [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([p, n]) => [p, per(n)]),
      ),
      apiCpuMsPerCheckout: per(run.api),
      dbCpuMsPerCheckout: per(run.db),
      xactsPerCheckout: per(run.xacts),
      net: {
        apiCpuMs: per(run.api - idleRate.api * run.seconds),
        dbCpuMs: per(run.db - idleRate.db * run.seconds),
        xacts: per(run.xacts - idleRate.xacts * run.seconds),
      },
      idlePerSecond: { apiCpuMs: idleRate.api, dbCpuMs: idleRate.db, xacts: idleRate.xacts },
      mail: {
        messagesPerCheckout: per(mails.length),
        smtpBytesPerCheckout: per(mails.reduce((s, m) => s + Buffer.byteLength(m.data), 0)),
        byKind: Object.fromEntries(kinds.map((k) => [k.kind, { n: per(k.n), bytes: per(k.bytes) }])),
      },
      machine: { loadavg1Before: loadBefore, loadavg1After: loadAfter, cores: (await import('node:os')).cpus().length },
    };
    printCheckout(cost);
    if (failed > 0) {
      // The CPU and transactions of the failed attempts are in the window: the per-checkout figures are too high.
      console.error(`${failed} checkouts failed: the per-checkout CPU and transactions are not to be used`);
      process.exitCode = 1;
    }

    let waiting: WaitingRoomCost | null = null;
    if (fs.existsSync(`${__dirname}/../api/src/waiting-room/routes.ts`) && streams > 0)
      waiting = await waitingRoom(base, api.pid, sample, delta, idleRate, streams, holdSeconds);
    if (waiting) printWaiting(waiting);
    console.log(JSON.stringify({ checkout: cost, waitingRoom: waiting }));
  } finally {
    cpu.stop();
    await client.end();
    await api.stop();
    await fresh.drop();
    await smtp.close();
  }
}

/** A window's counts less what the api and database use idle over as long (timers, jobs): the traffic's own cost. */
function net(
  window: { api: number; db: number; xacts: number; seconds: number },
  idle: { api: number; db: number; xacts: number },
): { api: number; db: number; xacts: number; seconds: number } {
  return {
    api: window.api - idle.api * window.seconds,
    db: window.db - idle.db * window.seconds,
    xacts: window.xacts - idle.xacts * window.seconds,
    seconds: window.seconds,
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function organiserKey(base: string): Promise<string> {
  const response = await fetch(`${base}/dev/organiser-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // The seeded on-sale test event's organiser.
    body: 'organiser=7',
  });
  const body = (await response.json()) as { key?: unknown };
  if (response.status !== 201 || typeof body.key !== 'string') throw new Error(`no key: ${JSON.stringify(body)}`);
  return body.key;
}

async function createOnSale(base: string, key: string): Promise<number> {
  // Opens now and admits one buyer a second: nearly everyone the bench brings waits, as in a real rush.
  const response = await fetch(`${base}/api/v1/onsales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ticket_type_ids: [ONSALE_TICKET_ID],
      opens_at: new Date(Date.now() + 2000).toISOString(),
      admission_per_second: 1,
    }),
  });
  const answer = (await response.json()) as { id?: unknown };
  if (response.status !== 201 || typeof answer.id !== 'number')
    throw new Error(`on-sale not created (${response.status}): ${JSON.stringify(answer)}`);
  return answer.id;
}

async function waitingRoom(
  base: string,
  apiPid: number,
  sample: () => Promise<Sample>,
  delta: (a: Sample, b: Sample) => { api: number; db: number; xacts: number; seconds: number },
  idle: { api: number; db: number; xacts: number },
  streams: number,
  holdSeconds: number,
): Promise<WaitingRoomCost> {
  const onsaleId = await createOnSale(base, await organiserKey(base));
  await sleep(2500);

  // Status: 200 sessions join, then each polls 10 times (the page's fallback when it has no stream).
  const sessions = Array.from({ length: 200 }, () => new Buyer(base));
  await inParallel(sessions, 20, async (b) => {
    // The session cookie first, as the checkout gives it: a request without one is given no place.
    await b.start();
    expect200(await b.get(`/ajax/queue/${onsaleId}/status`), 'queue status');
  });
  const from = await sample();
  let statusCalls = 0;
  await inParallel(Array.from({ length: 10 }, () => sessions).flat(), 20, async (b) => {
    expect200(await b.get(`/ajax/queue/${onsaleId}/status`), 'queue status');
    statusCalls += 1;
  });
  const status = net(delta(from, await sample()), idle);

  // Streams: each its own session (its cookie got first, outside the measure: no place is given without one), held
  // open; the RSS before and after all are open.
  const streamCookies = new Array<string>(streams);
  await inParallel(
    Array.from({ length: streams }, (_, i) => i),
    50,
    async (i) => {
      const visitor = await new Buyer(base).start();
      streamCookies[i] = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
  );
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let opened = 0;
  let refused = 0;
  let events = 0;
  const rssBefore = rssKiB(apiPid);
  const openFrom = await sample();
  await inParallel(
    Array.from({ length: streams }, (_, i) => i),
    50,
    (i) =>
      new Promise<void>((resolve) => {
        const request = http.get(
          `${base}/ajax/queue/${onsaleId}/events`,
          {
            agent,
            headers: { accept: 'text/event-stream', cookie: streamCookies[i] ?? '', 'x-bench-stream': String(i) },
          },
          (response) => {
            if (response.statusCode === 200) opened += 1;
            else refused += 1;
            response.on('data', (chunk: Buffer) => {
              events += chunk.toString('utf8').match(/^data:/gm)?.length ?? 0;
            });
            response.on('error', () => undefined);
            resolve();
          },
        );
        request.on('error', () => {
          refused += 1;
          resolve();
        });
        requests.push(request);
      }),
  );
  const opening = net(delta(openFrom, await sample()), idle);
  await sleep(2000);
  const rssAfter = rssKiB(apiPid);
  const eventsFrom = events;
  const holdFrom = await sample();
  await sleep(holdSeconds * 1000);
  const hold = net(delta(holdFrom, await sample()), idle);
  const streamMinutes = (opened * hold.seconds) / 60;
  const eventsHeld = events - eventsFrom;
  for (const request of requests) request.destroy();
  agent.destroy();
  return {
    onsaleId,
    statusCalls,
    apiCpuMsPerStatus: status.api / statusCalls,
    dbCpuMsPerStatus: status.db / statusCalls,
    xactsPerStatus: status.xacts / statusCalls,
    streamsOpened: opened,
    perStreamOpened: {
      apiCpuMs: opened > 0 ? opening.api / opened : 0,
      dbCpuMs: opened > 0 ? opening.db / opened : 0,
      xacts: opened > 0 ? opening.xacts / opened : 0,
    },
    streamsRefused: refused,
    rssKiBBefore: rssBefore,
    rssKiBAfter: rssAfter,
    rssKiBPerStream: opened > 0 ? (rssAfter - rssBefore) / opened : 0,
    holdSeconds: hold.seconds,
    apiCpuMsPerStreamMinute: streamMinutes > 0 ? hold.api / streamMinutes : 0,
    dbCpuMsPerStreamMinute: streamMinutes > 0 ? hold.db / streamMinutes : 0,
    eventsReceivedPerStreamMinute: streamMinutes > 0 ? eventsHeld / streamMinutes : 0,
  };
}

const f = (n: number, d = 1) => n.toFixed(d);

function printCheckout(c: CheckoutCost): void {
  const rows: [string, string][] = [
    ['checkouts completed / failed', `${c.completed} / ${c.failed}${c.firstFailure ? ` (${c.firstFailure})` : ''}`],
    ['buyers at once', String(c.concurrency)],
    ['whole run wall time', `${f(c.wallMs / 1000)} s`],
    ['one checkout, no think time: p50 / p90', `${f(c.checkoutMs.p50, 0)} / ${f(c.checkoutMs.p90, 0)} ms`],
    [
      'HTTP requests to the api per checkout',
      `${f(c.requestsPerCheckout)} (+${f(c.harnessRequestsPerCheckout)} bench reads of the outbox)`,
    ],
    ['api CPU per checkout', `${f(c.apiCpuMsPerCheckout)} ms (net of idle ${f(c.net.apiCpuMs)} ms)`],
    ['PostgreSQL CPU per checkout', `${f(c.dbCpuMsPerCheckout)} ms (net of idle ${f(c.net.dbCpuMs)} ms)`],
    ['database transactions per checkout', `${f(c.xactsPerCheckout)} (net of idle ${f(c.net.xacts)})`],
    [
      'idle per second (api / db CPU ms, xacts)',
      `${f(c.idlePerSecond.apiCpuMs)} / ${f(c.idlePerSecond.dbCpuMs)} / ${f(c.idlePerSecond.xacts)}`,
    ],
    [
      'mail per checkout (messages, SMTP bytes)',
      `${f(c.mail.messagesPerCheckout, 2)}, ${f(c.mail.smtpBytesPerCheckout, 0)} B`,
    ],
    [
      'load average before / after',
      `${f(c.machine.loadavg1Before, 2)} / ${f(c.machine.loadavg1After, 2)} on ${c.machine.cores} cores`,
    ],
  ];
  console.log('\nCheckout cost (one api process, PostgreSQL)');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(52)} ${value}`);
  console.log('  requests per checkout by path:');
  for (const [p, n] of Object.entries(c.requestsByPath)) console.log(`    ${f(n, 2).padStart(6)}  ${p}`);
  console.log('  outbox per checkout by kind (stored bytes):');
  for (const [k, v] of Object.entries(c.mail.byKind))
    console.log(`    ${f(v.n, 2).padStart(6)}  ${k} (${f(v.bytes, 0)} B)`);
}

function printWaiting(w: WaitingRoomCost): void {
  console.log('\nWaiting room (one api process, PostgreSQL)');
  const rows: [string, string][] = [
    ['status calls measured', String(w.statusCalls)],
    [
      'per status call, net of idle: api CPU / db CPU / xacts',
      `${f(w.apiCpuMsPerStatus, 2)} ms / ${f(w.dbCpuMsPerStatus, 2)} ms / ${f(w.xactsPerStatus, 2)}`,
    ],
    ['streams open / refused', `${w.streamsOpened} / ${w.streamsRefused}`],
    [
      'per stream opened (new visitor), net of idle: api CPU / db CPU / xacts',
      `${f(w.perStreamOpened.apiCpuMs, 2)} ms / ${f(w.perStreamOpened.dbCpuMs, 2)} ms / ${f(w.perStreamOpened.xacts, 2)}`,
    ],
    ['api RSS before / after streams', `${f(w.rssKiBBefore / 1024)} / ${f(w.rssKiBAfter / 1024)} MiB`],
    ['RSS per open stream', `${f(w.rssKiBPerStream, 1)} KiB`],
    [
      'per stream-minute, net of idle: api CPU / db CPU',
      `${f(w.apiCpuMsPerStreamMinute, 2)} ms / ${f(w.dbCpuMsPerStreamMinute, 2)} ms (held ${f(w.holdSeconds, 0)} s)`,
    ],
    ['events received per stream-minute', f(w.eventsReceivedPerStreamMinute)],
  ];
  for (const [name, value] of rows) console.log(`  ${name.padEnd(52)} ${value}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
