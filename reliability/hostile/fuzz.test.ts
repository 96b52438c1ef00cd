/**
 * Hostile input: a property-based fuzzer (fast-check) sends at least 10,000 malformed or boundary requests
 * across every /ajax/ route of the contract registry (shared/src/contract/calls/) — wrong types, missing fields, huge
 * strings, negative and fractional quantities, unknown ids, another buyer's ids, bad percent-encodings, arrays where
 * scalars belong, prototype-pollution keys, wrong methods and content types — with a valid session and XSRF token, with
 * another session's token, cross-site, and with no session at all. For every request:
 *   - never a 5xx;
 *   - a refusal (4xx) is JSON with a non-empty `error` sentence, and changes no state (a hash of every row of every
 *     table but the refusal counters: reliability/hostile/support.ts);
 *   - the victim's order, tickets, address, transfer and session never change, whatever was answered;
 *   - nothing is added to Object.prototype.
 * The full run (FUZZ_REQUESTS, default 10,000) goes to the embedded PGlite, the database `npm start` runs on; the
 * PostgreSQL pass (when one answers) sends FUZZ_REQUESTS_POSTGRES (default 2,200: 50 per route) so the suite stays
 * inside CI's time. FUZZ_SEED replays a run (the seed is printed at the end and by fast-check on a failure).
 */
import { calls, type CallDef } from '@checkout/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { SEED } from '../../api/src/seed/catalogue';
import type { TestApp } from '../../api/src/testing/test-app';
import type { Visitor } from '../../api/src/testing/visitor';
import { countFigure, highestFigure } from '../support/figures';
import {
  changedTables,
  describeOnEachDatabase,
  paidBuyer,
  reservedBuyer,
  stateHash,
  writeMark,
  type PaidBuyer,
  type StateHash,
} from './support';

const TOTALS = {
  PGlite: Number(process.env.FUZZ_REQUESTS ?? 10_000),
  PostgreSQL: Number(process.env.FUZZ_REQUESTS_POSTGRES ?? 2_200),
};
const SEED_VALUE = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const routes = Object.values(calls) as CallDef[];

jest.setTimeout(600_000);

// ---- What a request is made of -------------------------------------------------------------------------------------

interface ZodDefLike {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, unknown>;
      options?: unknown[];
      in?: unknown;
      out?: unknown;
      innerType?: unknown;
      element?: unknown;
    };
  };
}

/** Field paths a request schema reads: top-level names, and one level into nested objects and list rows. */
function fieldPaths(schema: unknown, depth = 0): string[][] {
  const def = (schema as ZodDefLike)._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([name, inner]) => {
      const nested = depth < 1 ? fieldPaths(inner, depth + 1) : [];
      return [[name], ...nested.map((rest) => [name, ...rest])];
    });
  }
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => fieldPaths(option, depth));
  if (def.type === 'pipe') return [...fieldPaths(def.in, depth), ...(depth > 0 ? fieldPaths(def.out, depth) : [])];
  if (def.type === 'array' && def.element) return fieldPaths(def.element, depth).map((rest) => ['0', ...rest]);
  if (def.innerType) return fieldPaths(def.innerType, depth);
  return [];
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate becomes U+FFFD's bytes, as a browser sends). */
function pct(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

interface Pools {
  victim: PaidBuyer;
  /** Ids that exist: the seed's and the victim's. */
  realIds: string[];
}

/** A value as sent on the wire (already encoded), or a raw fragment that breaks the encoding on purpose. */
function valueArb(pools: Pools): fc.Arbitrary<string> {
  const { victim } = pools;
  const boundary = fc.constantFrom(
    '',
    ' ',
    '0',
    '-0',
    '-1',
    '-100',
    '1.5',
    '0.001',
    '10.555',
    '-0.01',
    '1e3',
    '1E-7',
    '0x10',
    '0b1',
    '0o7',
    'NaN',
    'Infinity',
    '-Infinity',
    '9007199254740993',
    '99999999999999999999',
    '1.7976931348623157e309',
    '2147483648',
    'true',
    'false',
    'null',
    'undefined',
    '[]',
    '{}',
    '١٢',
    '１',
    ' 1 ',
    '1 ',
    '+1',
    '00001',
    '1,000',
    '£10',
    '10.00.00',
  );
  const hostileText = fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE sales; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '${7*7}',
    '{{7*7}}',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e',
    '🎟️🎟️',
    'A\u030a',
    '\r\nSet-Cookie: x=1',
    'CT-AAAAAAAAAAAAAAAA',
    victim.reference,
    victim.transferToken,
    victim.email,
    'demo@example.com',
    'a@b',
    '@',
    'x@example.com\u0000.evil',
    `${'a'.repeat(64)}@${'b'.repeat(255)}.com`,
  );
  const ids = fc.oneof(
    fc.constantFrom(...pools.realIds),
    fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String),
    // Past PostgreSQL's integer: a whole number the form accepts must not reach a query as an overflow.
    fc.bigInt({ min: 2_147_483_648n, max: 999_999_999_999_999n }).map(String),
  );
  const money = fc.oneof(
    fc.double({ min: -1e6, max: 1e12, noNaN: true }).map(String),
    fc.integer({ min: -5, max: 1000 }).map(String),
  );
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
  const huge = fc.integer({ min: 200, max: 30_000 }).map((n) => 'x'.repeat(n));
  const encoded = fc.oneof(
    { weight: 6, arbitrary: fc.oneof(boundary, hostileText, ids, money, text, huge).map(pct) },
    // Broken percent-encodings and bytes that are not UTF-8.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%Z',
        '%ZZ',
        '%C0%AE',
        '%FF%FE',
        '%ED%A0%80',
        '%u0041',
        '%%',
        '+',
        '%2',
        '%E2%82',
      ),
    },
  );
  return encoded;
}

/** A field name as sent: plain, as a list, indexed, nested, or a prototype-pollution key. */
function nameArb(path: string[]): fc.Arbitrary<string> {
  const [head = 'x', ...rest] = path;
  const plain = [head, ...rest.map((part) => `[${part}]`)].join('');
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(plain) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${plain}[]`,
        `${plain}[0]`,
        `${plain}[a]`,
        `${plain}[1000]`,
        `${plain}[][]`,
        `${plain}[b][c][d][e][f][g]`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `__proto__[${head}]`,
        `${head}[__proto__][polluted]`,
        `constructor[prototype][${head}]`,
        `${plain}[constructor][prototype][polluted]`,
        '__proto__[polluted]',
        '__proto__',
      ),
    },
  );
}

/** A value that fits the field's name, so the rest of the body reaches the handler's rules (one field is then broken). */
function plausibleArb(path: string[], pools: Pools): fc.Arbitrary<string> {
  const name = path[path.length - 1] ?? '';
  const ids = fc.constantFrom(...pools.realIds);
  if (/(^|_)id$/.test(name)) return ids;
  if (/^(quantity|qty|instalment_option)$/.test(name)) return fc.constantFrom('1', '2', '3', '12', '100000');
  if (/^(value|amount_before_booking_fee|amount)$/.test(name))
    return fc.constantFrom('10', '25', '1', '0.01', '999999.99', '1000000', '1000000.01');
  if (/email/.test(name)) return fc.constantFrom('ada@example.com', pools.victim.email, 'demo@example.com').map(pct);
  if (/subscribed|^is_|^uk_based$|^subscribe$|refund_protection/.test(name))
    return fc.constantFrom('true', 'false', '1', '0');
  if (name === 'state')
    return fc.constantFrom('basket', 'reserve', 'login', 'payment', 'deliver_tickets', 'order_completed', 'waiver');
  if (name === 'idempotency_key') return fc.stringMatching(/^[A-Za-z0-9]{16,24}$/);
  if (/contact_number|phone/.test(name)) return fc.constantFrom('07700 900123', '+44 7700 900123', '');
  if (/name$/.test(name)) return fc.constantFrom('Ada Lovelace', pct('Zoë Ångström'));
  if (name === 'code') return fc.constantFrom('123456', '000000', 'SUMMER10', 'GIFT-1');
  if (name === 'before_or_after') return fc.constantFrom('before', 'after');
  if (name === 'postcode') return fc.constantFrom(pct('BS1 4QA'), '10118');
  if (name === 'country_code' || name === 'country') return fc.constantFrom('1', '2', 'GB');
  return fc.constantFrom('x', pct('1 Test Street'), 'Bristol');
}

/** Every field the call reads, plausible, with one or two broken (hostile value, dropped, or a list). */
function nearlyValidBody(paths: string[][], pools: Pools): fc.Arbitrary<[string, string][]> {
  const leaves = paths.filter(
    (path) => !paths.some((other) => other.length > path.length && path.every((part, i) => other[i] === part)),
  );
  const fields = leaves.map((path) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constant(path), plausibleArb(path, pools)) },
      { weight: 1, arbitrary: fc.tuple(fc.constant(path), valueArb(pools)) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
  );
  return fc
    .tuple(...fields)
    .chain((chosen) =>
      fc.tuple(
        ...chosen
          .filter((entry): entry is [string[], string] => entry !== null)
          .map(([path, value]) => fc.tuple(nameArb(path), fc.constant(value))),
      ),
    );
}

type Credentials = 'attacker' | 'no-token' | 'victim-token' | 'cross-site' | 'no-session';

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query: string;
  body: string;
  contentType: string | undefined;
  credentials: Credentials;
}

function requestArb(call: CallDef, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const paths = fieldPaths(call.request);
  const known = paths.length > 0 ? paths : [['x']];
  const field = fc.constantFrom(...known).chain((path) => fc.tuple(nameArb(path), valueArb(pools)));
  const extra = fc.tuple(
    fc.constantFrom('x', 'id', 'sale_id', 'user_id', 'state', 'email', 'amount', 'reference'),
    valueArb(pools),
  );
  // Repeated names are arrays where a scalar belongs; several of the call's fields reach its handler's rules.
  const random = fc.array(fc.oneof({ weight: 5, arbitrary: field }, { weight: 1, arbitrary: extra }), {
    minLength: 0,
    maxLength: 8,
  });
  const fields = paths.length > 0 ? fc.oneof(random, nearlyValidBody(paths, pools)) : random;
  const encoded = fields.map((list) =>
    list.map(([name, value]) => `${pct(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${value}`).join('&'),
  );
  const otherMethod: FuzzRequest['method'] = call.method === 'GET' ? 'POST' : 'GET';
  return fc.record({
    method: fc.oneof(
      { weight: 18, arbitrary: fc.constant(call.method) },
      { weight: 1, arbitrary: fc.constantFrom(otherMethod, 'PUT', 'DELETE') },
    ),
    query: call.method === 'GET' ? encoded : fc.constant(''),
    body: call.method === 'POST' ? encoded : fc.constant(''),
    contentType: fc.oneof(
      { weight: 16, arbitrary: fc.constant('application/x-www-form-urlencoded') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded; charset=iso-8859-1',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded\u0000',
        ),
      },
    ),
    credentials: fc.oneof(
      { weight: 10, arbitrary: fc.constant<Credentials>('attacker') },
      { weight: 1, arbitrary: fc.constantFrom<Credentials>('no-token', 'victim-token', 'cross-site', 'no-session') },
    ),
  });
}

// ---- Sending one ----------------------------------------------------------------------------------------------------

function cookieHeader(visitor: Visitor): string {
  return [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function send(
  t: TestApp,
  call: CallDef,
  request: FuzzRequest,
  attacker: Visitor,
  victim: Visitor,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.credentials !== 'no-session') headers.cookie = cookieHeader(attacker);
  if (request.method !== 'GET' && request.contentType !== undefined)
    headers['content-type'] = request.contentType.replace('\u0000', '');
  const token =
    request.credentials === 'victim-token'
      ? victim.xsrfToken
      : request.credentials === 'no-token' || request.credentials === 'no-session'
        ? undefined
        : attacker.xsrfToken;
  if (token) headers['x-xsrf-token'] = token;
  if (request.credentials === 'cross-site') {
    headers.origin = 'https://evil.example';
    headers['sec-fetch-site'] = 'cross-site';
  }
  const url = request.query ? `${call.path}?${request.query}` : call.path;
  return t.app.inject({
    method: request.method,
    url,
    headers,
    ...(request.method === 'GET' ? {} : { payload: request.body }),
  });
}

/** The victim's rows: whatever anyone else sends, these never change. */
async function victimState(t: TestApp, victim: PaidBuyer): Promise<string> {
  const { db } = t;
  const rows = await Promise.all([
    db.selectFrom('sales').selectAll().where('id', '=', victim.saleId).execute(),
    db.selectFrom('sale_lines').selectAll().where('sale_id', '=', victim.saleId).orderBy('id').execute(),
    db.selectFrom('holds').selectAll().where('sale_id', '=', victim.saleId).orderBy('id').execute(),
    db.selectFrom('tickets').selectAll().where('sale_id', '=', victim.saleId).orderBy('id').execute(),
    db.selectFrom('ticket_transfers').selectAll().where('sale_id', '=', victim.saleId).orderBy('id').execute(),
    db.selectFrom('user_addresses').selectAll().where('id', '=', victim.addressId).execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'user_id', 'sale_id', 'verified_email'])
      .where('sale_id', '=', victim.saleId)
      .execute(),
  ]);
  return JSON.stringify(rows);
}

function describeRequest(call: CallDef, request: FuzzRequest): string {
  return `${request.method} ${call.path}${request.query ? `?${request.query.slice(0, 300)}` : ''} [${request.credentials}, ${request.contentType}] ${request.body.slice(0, 300)}`;
}

// ---- The run --------------------------------------------------------------------------------------------------------

describeOnEachDatabase('fuzzing every /ajax/ route', (open, engine) => {
  const perRoute = Math.ceil(TOTALS[engine] / routes.length);
  let t: TestApp;
  let victim: PaidBuyer;
  let pools: Pools;
  let baseline: StateHash;
  let victimBaseline: string;
  const counts = { requests: 0, refused: 0, accepted: 0, serverErrors: 0, stateChecks: 0 };

  beforeAll(async () => {
    t = await open();
    victim = await paidBuyer(t, 'fuzz-victim');
    pools = {
      victim,
      realIds: [
        ...Object.values(SEED.ticket),
        ...Object.values(SEED.giftVoucher),
        ...Object.values(SEED.address),
        ...Object.values(SEED.user),
        victim.addressId,
        ...victim.ticketIds,
        victim.saleId,
        1,
        2,
      ].map(String),
    };
    victimBaseline = await victimState(t, victim);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    // The seed tells how to replay this run; the counts are the suite's figures.
    console.log(
      `fuzz (${engine}): ${counts.requests} requests, ${counts.refused} refused, ${counts.accepted} accepted, ${counts.serverErrors} 5xx, ${counts.stateChecks} full state hashes; FUZZ_SEED=${SEED_VALUE}`,
    );
    countFigure(
      `hostile.fuzz.requests.${engine.toLowerCase()}`,
      counts.requests,
      `malformed or boundary requests fuzzed across every /ajax/ route (${engine})`,
    );
    countFigure(
      `hostile.fuzz.refused.${engine.toLowerCase()}`,
      counts.refused,
      `of them refused with a 4xx and an error sentence, state unchanged (${engine})`,
    );
    highestFigure('hostile.fuzz.server_errors', counts.serverErrors, '5xx answers to fuzzed requests (must be 0)');
  });

  test.each(routes.map((call) => [call.method, call.path, call] as const))(
    `%s %s: ${perRoute} requests, never a 5xx, refusals change nothing`,
    async (_method, _path, call) => {
      // A fresh attacker per route, mid-checkout (reserved, past the account step), so requests reach the handlers' rules.
      // The clock moves on past the rate limits' 15-minute windows, which the previous route's requests may have filled.
      t.clock.advance(16 * 60 * 1000);
      const attacker = await reservedBuyer(t, 'fuzz-attacker');
      baseline = await stateHash(t.db);
      let mark = await writeMark(t.db);
      const routeSeed = (SEED_VALUE + routes.indexOf(call) * 7919) % 2_147_483_647;

      await fc.assert(
        fc.asyncProperty(requestArb(call, pools), async (request) => {
          counts.requests += 1;
          const response = await send(t, call, request, attacker, victim.visitor);
          const what = describeRequest(call, request);
          if (response.statusCode >= 500) counts.serverErrors += 1;
          if (response.statusCode >= 500)
            throw new Error(`${response.statusCode} for ${what}: ${response.body.slice(0, 500)}`);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();

          const refused = response.statusCode >= 400;
          if (refused) {
            counts.refused += 1;
            let body: unknown;
            try {
              body = response.json();
            } catch {
              throw new Error(`refusal ${response.statusCode} is not JSON for ${what}: ${response.body.slice(0, 300)}`);
            }
            const error = (body as { error?: unknown }).error;
            if (typeof error !== 'string' || error.trim() === '')
              throw new Error(
                `refusal ${response.statusCode} without an error sentence for ${what}: ${response.body.slice(0, 300)}`,
              );
          } else {
            counts.accepted += 1;
          }

          const now = await writeMark(t.db);
          if (now === mark) return;
          mark = now;
          counts.stateChecks += 1;
          const after = await stateHash(t.db);
          if (refused && after.hash !== baseline.hash) {
            throw new Error(
              `refused (${response.statusCode}) but changed ${changedTables(baseline, after).join(', ')}: ${what} → ${response.body.slice(0, 300)}`,
            );
          }
          baseline = after;
          const victimNow = await victimState(t, victim);
          if (victimNow !== victimBaseline)
            throw new Error(
              `the victim's order changed after ${what} → ${response.statusCode} ${response.body.slice(0, 300)}`,
            );
        }),
        { numRuns: perRoute, seed: routeSeed, endOnFailure: true },
      );
    },
  );
});
