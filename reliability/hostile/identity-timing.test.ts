/**
 * Whether an email has an account must not show in how long the answers take. send_one_time_code looks
 * nothing up; a wrong code is refused before any account lookup; set_account_details creates or finds the account with
 * one statement either way. Each is timed 50 times for emails with an account and 50 times for emails without, in
 * pairs (one of each, back to back, the known email first in every other pair), over inject against the real database.
 *
 * The statistic is the median of the pairs' differences, not the difference of two medians: the two answers of a pair
 * run under the same load, so a busy machine (a neighbouring test, a collector) adds to both and cancels out, and a
 * stall that hits one answer of a pair is an outlier the median ignores. It must stay within noise: 30 % of the slower
 * median plus 3 ms. A lookup only accounts pay for would show in every pair and move the median by its whole cost.
 * The medians themselves are recorded as figures.
 */
import { calls, encodeForm, type FormValue } from '@checkout/shared';
import type { FastifyInstance } from 'fastify';
import { loadIdentityConfig } from '../../api/src/identity/config';
import { accountPaths, latestCode } from '../../api/src/testing/identity';
import { SIGNIN_PATHS } from '../../api/src/identity/sign-in-paths';
import { SEED } from '../../api/src/seed/catalogue';
import { paths, type TestApp } from '../../api/src/testing/test-app';
import { highestFigure } from '../support/figures';
import { describeOnEachDatabase, type Engine, type OpenApp } from './support';

jest.setTimeout(600_000);
const SAMPLES = 50;
const MANY = { limit: 100_000, windowSeconds: 900 };
const EXPRESS_TICKET = 991_201;

class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async get(url: string) {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookie() } });
    for (const c of response.cookies) this.cookies.set(c.name, c.value);
    return response;
  }

  async post(url: string, body: Record<string, FormValue> = {}) {
    const response = await this.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: this.cookie(),
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
      },
      payload: encodeForm(body),
    });
    for (const c of response.cookies) this.cookies.set(c.name, c.value);
    return response;
  }

  private cookie() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** SAMPLES pairs, the known email first in one pair and second in the next, so order effects fall on both alike. */
async function alternate(
  known: (i: number) => Promise<unknown>,
  unknown: (i: number) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < SAMPLES; i += 1) {
    if (i % 2 === 0) {
      await known(i);
      await unknown(i);
    } else {
      await unknown(i);
      await known(i);
    }
  }
}

async function timed(run: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  expect(response.statusCode).toBe(expected);
  return ms;
}

describeOnEachDatabase(
  'answers take as long for an email with an account as for one without',
  (open: OpenApp, engine: Engine) => {
    let t: TestApp;
    const existing: string[] = [];
    let fresh = 0;
    const newEmail = () => `timing-new-${engine}-${++fresh}@example.org`;

    beforeAll(async () => {
      t = await open({
        config: {
          identity: {
            ...loadIdentityConfig({}),
            sendsPerEmail: MANY,
            sendsPerEmailClient: MANY,
            sendsPerClient: MANY,
            checksPerClient: MANY,
          },
        },
      });
      const users = Array.from({ length: 3 * SAMPLES }, (_, i) => ({
        email: `timing-known-${i}@example.org`,
        first_name: 'Known',
        last_name: `User${i}`,
        phone: null,
      }));
      await t.db.insertInto('users').values(users).execute();
      existing.push(...users.map((user) => user.email));
      // Stock enough for every express sample (Quiz Night's own ticket has 80).
      await t.db
        .insertInto('ticket_types')
        .values({
          id: EXPRESS_TICKET,
          event_id: SEED.event.express,
          event_date_id: 121,
          name: 'Timing place',
          price_minor: 600,
          currency: 'GBP',
          capacity: 10_000,
          max_per_customer: 6,
        })
        .execute();
    }, 300_000);
    afterAll(async () => {
      await t?.close();
    });

    function record(call: string, known: number[], unknown: number[]) {
      const [a, b] = [median(known), median(unknown)];
      highestFigure(
        `hostile.identity.timing.${call}.${engine}.known_ms`,
        Math.round(a * 100) / 100,
        `${call}: median of ${SAMPLES} answers for emails with an account (${engine})`,
      );
      highestFigure(
        `hostile.identity.timing.${call}.${engine}.unknown_ms`,
        Math.round(b * 100) / 100,
        `${call}: median of ${SAMPLES} answers for emails without one (${engine})`,
      );
      const difference = median(known.map((ms, i) => ms - (unknown[i] ?? ms)));
      console.log(
        `${engine} ${call}: median with an account ${a.toFixed(2)} ms, without ${b.toFixed(2)} ms, ` +
          `median difference of a pair ${difference.toFixed(2)} ms (${SAMPLES} pairs)`,
      );
      expect(known).toHaveLength(unknown.length);
      expect(Math.abs(difference)).toBeLessThan(Math.max(a, b) * 0.3 + 3);
    }

    test('send_one_time_code', async () => {
      const client = new Client(t.app);
      await client.get(paths.getUser);
      for (let i = 0; i < 5; i += 1) await client.post(accountPaths.sendCode, { email: newEmail() });
      const known: number[] = [];
      const unknown: number[] = [];
      await alternate(
        (i) =>
          timed(() => client.post(accountPaths.sendCode, { email: existing[i] ?? '' }), 200).then((ms) =>
            known.push(ms),
          ),
        () =>
          timed(() => client.post(accountPaths.sendCode, { email: newEmail() }), 200).then((ms) => unknown.push(ms)),
      );
      record('send_one_time_code', known, unknown);
    });

    test('a wrong one-time code', async () => {
      const client = new Client(t.app);
      await client.get(paths.getUser);
      const check = async (email: string) => {
        await client.post(accountPaths.sendCode, { email });
        const right = await latestCode(t, email);
        const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
        return timed(() => client.post(SIGNIN_PATHS.verify, { email, code: wrong }), 400);
      };
      for (let i = 0; i < 5; i += 1) await check(newEmail());
      const known: number[] = [];
      const unknown: number[] = [];
      await alternate(
        (i) => check(existing[SAMPLES + i] ?? '').then((ms) => known.push(ms)),
        () => check(newEmail()).then((ms) => unknown.push(ms)),
      );
      record('check_one_time_code (wrong code)', known, unknown);
    });

    test('set_account_details (express checkout)', async () => {
      const reserved = async () => {
        const client = new Client(t.app);
        await client.get(paths.getUser);
        await client.post(paths.addToBasket, { ticket_id: EXPRESS_TICKET, quantity: 1 });
        expect((await client.post(paths.reserve)).json().reserved).toBe(true);
        return client;
      };
      const details = (email: string) => ({
        fullname: 'Tim Ing',
        email,
        address: { postcode: 'BN1 1AA' },
        contact_number: '',
        ct_subscribed: '0',
      });
      for (let i = 0; i < 5; i += 1) {
        const warm = await reserved();
        await warm.post(calls.setAccountDetails.path, details(newEmail()));
      }
      const known: number[] = [];
      const unknown: number[] = [];
      await alternate(
        async (i) => {
          const a = await reserved();
          known.push(
            await timed(() => a.post(calls.setAccountDetails.path, details(existing[2 * SAMPLES + i] ?? '')), 200),
          );
        },
        async () => {
          const b = await reserved();
          unknown.push(await timed(() => b.post(calls.setAccountDetails.path, details(newEmail())), 200));
        },
      );
      record('set_account_details', known, unknown);
    });
  },
);
