/**
 * The checkout's read under a crowd: 200 buyers at once, each with its own session and a reserved basket (two Summer
 * Fields tickets, an organiser with other events coming up), call `get` (what every page load, step change and
 * reload of the checkout makes, and the server render of /checkout/ too) back to back for a few seconds; then the
 * same buyers call `get_user`, the session-only read, as the yardstick. Rounds alternate between the two (3 of each
 * by default; the median is the figure), so a busy moment of the shared machine falls on both.
 *
 * Measured per call: the api's CPU (from /proc, the embedded database included on PGlite), and on PostgreSQL the
 * database's CPU of the bench's database. The figure with a target is get's throughput over get_user's (>= 0.5).
 *
 * `npx tsx bench/checkout-read.ts` runs it on PGlite and, with DATABASE_URL, on a fresh PostgreSQL database beside it
 * (`--buyers 200 --seconds 4 --rounds 3`; `--api-root DIR` runs another checkout's api, as bench/onsale.ts does;
 * BENCH_PORT_OFFSET moves the port). bench/run.ts runs it as the part `read`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { encodeForm, type FormValue } from '@checkout/shared';
import { median, type Figure } from './figures';
import { cpuProbe, freshPostgresDatabase, startApi } from './onsale';

/** Summer Fields Festival's weekend ticket (capacity 3,000): every buyer reserves two. */
const TICKET_ID = 801;
const GET = '/ajax/checkout/checkout/get/';
const GET_USER = '/ajax/user/user/get_user/';

export const READ_DEFAULTS = { buyers: 200, seconds: 4, rounds: 3 } as const;
/** get's throughput at least half of get_user's. */
export const READ_RATIO_TARGET = 0.5;

interface Answer {
  status: number;
  body: string;
}

class Buyer {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: URL,
    private readonly agent: http.Agent,
  ) {}

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
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: this.base.hostname, port: this.base.port, path: pathname, method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const at = pair?.indexOf('=') ?? -1;
              if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            }
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
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

function expectOk(answer: Answer, what: string): void {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
}

export interface ReadRound {
  path: string;
  calls: number;
  perSecond: number;
  apiCpuMsPerCall: number;
  dbCpuMsPerCall: number;
}

export interface CheckoutReadResult {
  databaseLabel: string;
  buyers: number;
  rounds: ReadRound[];
  getPerSecond: number;
  getUserPerSecond: number;
  /** Median get rate over median get_user rate. */
  ratio: number;
  getApiCpuMs: number;
  getDbCpuMs: number;
  getUserApiCpuMs: number;
  getUserDbCpuMs: number;
}

/** Every buyer calls `pathname` again as soon as its last call answered, for `seconds`. */
async function round(
  buyers: readonly Buyer[],
  pathname: string,
  seconds: number,
  cpu: () => Record<string, number>,
): Promise<ReadRound> {
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  const before = cpu();
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < until) {
        expectOk(await buyer.request('GET', pathname), pathname);
        calls += 1;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const after = cpu();
  return {
    path: pathname,
    calls,
    perSecond: calls / wall,
    apiCpuMsPerCall: ((after.api ?? 0) - (before.api ?? 0)) / calls,
    dbCpuMsPerCall: ((after.db ?? 0) - (before.db ?? 0)) / calls,
  };
}

export async function runCheckoutRead(options: {
  baseURL: string;
  databaseLabel: string;
  cpu: () => Record<string, number>;
  buyers?: number;
  seconds?: number;
  rounds?: number;
  log?: (line: string) => void;
}): Promise<CheckoutReadResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const count = options.buyers ?? READ_DEFAULTS.buyers;
  const seconds = options.seconds ?? READ_DEFAULTS.seconds;
  const rounds = options.rounds ?? READ_DEFAULTS.rounds;
  const base = new URL(options.baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  try {
    const buyers = Array.from({ length: count }, () => new Buyer(base, agent));
    // Set up ten at a time: a session, two tickets, reserved.
    for (let i = 0; i < buyers.length; i += 10)
      await Promise.all(
        buyers.slice(i, i + 10).map(async (buyer) => {
          expectOk(await buyer.request('GET', GET_USER), 'get_user');
          expectOk(
            await buyer.request('POST', '/ajax/checkout/checkout/add_to_basket/', {
              ticket_id: TICKET_ID,
              quantity: 2,
            }),
            'add',
          );
          const reserved = await buyer.request('POST', '/ajax/checkout/checkout/reserve_tickets/');
          if (!reserved.body.includes('"reserved":true'))
            throw new Error(`not reserved: ${reserved.body.slice(0, 300)}`);
        }),
      );
    // Warm-up: routes compiled, caches filled.
    await round(buyers, GET, 1, options.cpu);
    await round(buyers, GET_USER, 1, options.cpu);
    const measured: ReadRound[] = [];
    for (let r = 0; r < rounds; r += 1)
      for (const pathname of [GET, GET_USER]) {
        const result = await round(buyers, pathname, seconds, options.cpu);
        measured.push(result);
        log(
          `  ${options.databaseLabel} ${pathname === GET ? 'get     ' : 'get_user'} round ${r + 1}: ${result.perSecond.toFixed(0)}/s, api CPU ${result.apiCpuMsPerCall.toFixed(2)} ms/call${result.dbCpuMsPerCall > 0 ? `, db CPU ${result.dbCpuMsPerCall.toFixed(2)} ms/call` : ''}`,
        );
      }
    const of = (pathname: string, pick: (r: ReadRound) => number) =>
      median(measured.filter((r) => r.path === pathname).map(pick));
    const getPerSecond = of(GET, (r) => r.perSecond);
    const getUserPerSecond = of(GET_USER, (r) => r.perSecond);
    return {
      databaseLabel: options.databaseLabel,
      buyers: count,
      rounds: measured,
      getPerSecond,
      getUserPerSecond,
      ratio: getPerSecond / getUserPerSecond,
      getApiCpuMs: of(GET, (r) => r.apiCpuMsPerCall),
      getDbCpuMs: of(GET, (r) => r.dbCpuMsPerCall),
      getUserApiCpuMs: of(GET_USER, (r) => r.apiCpuMsPerCall),
      getUserDbCpuMs: of(GET_USER, (r) => r.dbCpuMsPerCall),
    };
  } finally {
    agent.destroy();
  }
}

export function checkoutReadFigures(r: CheckoutReadResult): Figure[] {
  const label = `checkout read ${r.databaseLabel}, ${r.buyers} buyers at once`;
  return [
    {
      name: `${label}: get's throughput over get_user's (${r.getPerSecond.toFixed(0)}/s against ${r.getUserPerSecond.toFixed(0)}/s)`,
      value: r.ratio,
      unit: '',
      kind: 'min',
      target: READ_RATIO_TARGET,
    },
    { name: `${label}: get`, value: r.getPerSecond, unit: '/s', kind: 'info' },
    { name: `${label}: get_user`, value: r.getUserPerSecond, unit: '/s', kind: 'info' },
    {
      name: `${label}: api CPU per get${r.databaseLabel === 'PGlite' ? ' (embedded database included)' : ''}`,
      value: r.getApiCpuMs,
      unit: 'ms',
      kind: 'info',
    },
    ...(r.getDbCpuMs > 0
      ? [{ name: `${label}: PostgreSQL CPU per get`, value: r.getDbCpuMs, unit: 'ms', kind: 'info' as const }]
      : []),
    { name: `${label}: api CPU per get_user`, value: r.getUserApiCpuMs, unit: 'ms', kind: 'info' },
  ];
}

export function describeCheckoutRead(r: CheckoutReadResult): string[] {
  return [
    `Checkout read, ${r.databaseLabel}, ${r.buyers} buyers at once (median of ${r.rounds.length / 2} rounds each):`,
    `  get ${r.getPerSecond.toFixed(0)}/s, get_user ${r.getUserPerSecond.toFixed(0)}/s: ${r.ratio.toFixed(2)}x (target >= ${READ_RATIO_TARGET}x)`,
    `  api CPU per call: get ${r.getApiCpuMs.toFixed(2)} ms, get_user ${r.getUserApiCpuMs.toFixed(2)} ms${r.getDbCpuMs > 0 ? `; PostgreSQL CPU: get ${r.getDbCpuMs.toFixed(2)} ms, get_user ${r.getUserDbCpuMs.toFixed(2)} ms` : ''}`,
  ];
}

/** One api process on a fresh PGlite folder; the read measured on it. */
export async function checkoutReadOnPglite(port: number, options: { seconds?: number; rounds?: number } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pglite-'));
  const api = await startApi(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ALLOW_EMBEDDED_DB: '1',
    CAPTCHA_RESERVE_LIMIT: '0',
  });
  try {
    return await runCheckoutRead({
      baseURL: `http://127.0.0.1:${port}`,
      databaseLabel: 'PGlite',
      cpu: cpuProbe(api.pid),
      ...options,
    });
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One api process on a fresh database beside `databaseUrl`'s (dropped after); the read measured on it. */
export async function checkoutReadOnPostgres(
  databaseUrl: string,
  port: number,
  options: { seconds?: number; rounds?: number } = {},
) {
  const fresh = await freshPostgresDatabase(databaseUrl);
  const api = await startApi(port, { DATABASE_URL: fresh.url, CAPTCHA_RESERVE_LIMIT: '0' });
  try {
    return await runCheckoutRead({
      baseURL: `http://127.0.0.1:${port}`,
      databaseLabel: 'PostgreSQL',
      cpu: cpuProbe(api.pid, new URL(fresh.url).pathname.slice(1)),
      ...options,
    });
  } finally {
    await api.stop();
    await fresh.drop();
  }
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
}

async function standalone(): Promise<void> {
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const options = {
    seconds: argument('seconds', READ_DEFAULTS.seconds),
    rounds: argument('rounds', READ_DEFAULTS.rounds),
  };
  const results = [await checkoutReadOnPglite(8296 + offset, options)];
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) results.push(await checkoutReadOnPostgres(databaseUrl, 8297 + offset, options));
  for (const r of results) for (const line of describeCheckoutRead(r)) console.log(line);
  console.log(JSON.stringify(results.map(({ rounds: _rounds, ...r }) => r)));
}

if (require.main === module) {
  standalone().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
