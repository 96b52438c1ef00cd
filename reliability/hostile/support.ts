/**
 * Shared by the hostile-input tests: a hash of the whole database's business state (every table, every row, found
 * from the catalogue so a new table is covered without editing this file), a cheap "did anything write?" probe, and
 * buyers in the states attacks start from (a paid order with tickets, an address, a pending transfer).
 */
import { createHash } from 'node:crypto';
import { calls } from '@checkout/shared';
import { sql } from 'kysely';
import { markPaid } from '../../api/src/delivery/test-support';
import { issueTickets } from '../../api/src/tickets/tickets';
import { guestVisitor, proveEmail, reservedVisitor } from '../../api/src/testing/identity';
import { SEED } from '../../api/src/seed/catalogue';
import { createTestApp, paths, type TestApp } from '../../api/src/testing/test-app';
import { describeWithPostgres, urlFor } from '../support/postgres';
import type { Visitor } from '../../api/src/testing/visitor';
import type { Db } from '../../api/src/db/schema';

/**
 * What a refused request may legitimately change, and nothing else: the counters that make refusals count (rate
 * limits, one-time code tries) and bookkeeping no buyer sees. Everything else in the database is state.
 */
const NOT_STATE: Record<string, readonly string[] | '*'> = {
  rate_limit_counters: '*',
  request_rate_windows: '*',
  kysely_migration: '*',
  kysely_migration_lock: '*',
  sessions: ['last_seen_at'],
  one_time_codes: ['attempts'],
  // The idempotency record of a call that can move money: a refusal is remembered under its key, so a retry of the
  // same key gets the same answer (payment protocol). It moves no money and changes no order.
  payment_attempts: '*',
  // Durable jobs' runners lease and retry on their own clock.
  jobs: ['locked_until', 'attempts', 'last_error', 'run_at'],
  // The after-commit relay marks committed events handed to its subscribers on its own clock (every few seconds and
  // before a metrics scrape), whatever request is in flight: the event itself is state, its relaying is not.
  domain_events: ['relayed_at'],
};

async function tableNames(db: Db): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return result.rows.map((row) => row.table_name).filter((name) => NOT_STATE[name] !== '*');
}

/** Every row of every state table, as sorted text per table (so a diff names the table). */
export async function stateByTable(db: Db): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  for (const name of await tableNames(db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const ignored = NOT_STATE[name];
    const lines = rows.rows.map((row) => {
      const kept = Array.isArray(ignored)
        ? Object.fromEntries(Object.entries(row).filter(([column]) => !ignored.includes(column)))
        : row;
      return JSON.stringify(kept);
    });
    state.set(name, lines.sort().join('\n'));
  }
  return state;
}

export interface StateHash {
  hash: string;
  tables: Map<string, string>;
}

export async function stateHash(db: Db): Promise<StateHash> {
  const tables = await stateByTable(db);
  const hash = createHash('sha256');
  for (const [name, text] of tables) hash.update(name).update('\0').update(text).update('\0');
  return { hash: hash.digest('hex'), tables };
}

/** The tables whose rows differ between two hashes (for a readable failure). */
export function changedTables(before: StateHash, after: StateHash): string[] {
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  return [...names].filter((name) => before.tables.get(name) !== after.tables.get(name));
}

/**
 * The next transaction id the database will hand out. Reading it assigns none; any write (or row lock) by anyone
 * takes one. Equal before and after a request: the request wrote nothing, and the full hash need not be taken.
 */
export async function writeMark(db: Db): Promise<string> {
  const result = await sql<{ mark: string }>`select txid_snapshot_xmax(txid_current_snapshot())::text as mark`.execute(
    db,
  );
  return result.rows[0]?.mark ?? '';
}

export interface PaidBuyer {
  visitor: Visitor;
  email: string;
  saleId: number;
  reference: string;
  ticketIds: number[];
  addressId: number;
  transferToken: string;
  /** What only this buyer's own pages may show: email, reference, surname, address line, postcode. */
  secrets: string[];
}

let buyers = 0;

/**
 * A signed-in user with a saved address who paid for 3 on-sale tickets: tickets issued, and a pending gift transfer
 * of one ticket with its accept token. Each call makes a new user, so attacks never touch the shared demo accounts.
 */
export async function paidBuyer(
  t: TestApp,
  label: string,
  ticketTypeId: number = SEED.ticket.onSale,
): Promise<PaidBuyer> {
  buyers += 1;
  const email = `${label}${buyers}@example.com`;
  const surname = `${label.replace(/[^a-z]/gi, '')}son${buyers}`.replace(/^./, (c) => c.toUpperCase());
  const line = `${buyers} ${surname} Road`;
  const postcode = `ZZ${buyers} 9QQ`;
  const user = await t.db
    .insertInto('users')
    .values({ email, first_name: 'Vic', last_name: surname, phone: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = await t.db
    .insertInto('user_addresses')
    .values({
      user_id: user.id,
      first_name: 'Vic',
      last_name: surname,
      address_1: line,
      address_2: null,
      town: 'Bristol',
      postcode,
      country_code: 1,
      state: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const visitor = await reservedVisitor(t, [{ ticket_id: ticketTypeId, quantity: 3 }]);
  const signedIn = await proveEmail(t, visitor, email);
  if (signedIn.json().has_account !== true) throw new Error(`sign-in failed: ${signedIn.body}`);
  const reference = (await visitor.get(paths.get)).json().sale_reference as string;
  const sale = await t.db
    .selectFrom('sales')
    .select(['id'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  await markPaid(t.db, sale.id, t.clock.now());
  await issueTickets(t.db, sale.id, t.clock.now());
  const tickets = await t.db.selectFrom('tickets').select('id').where('sale_id', '=', sale.id).orderBy('id').execute();
  const transferred = await visitor.post(calls.setTransfers.path, {
    transfers: [
      {
        ticket_id: ticketTypeId,
        name: 'Rae Recipient',
        email: `rae-${buyers}@example.com`,
        qty: 1,
        message: 'For you',
      },
    ],
  });
  if (transferred.statusCode !== 200) throw new Error(`set_transfers failed: ${transferred.body}`);
  const transfer = await t.db
    .selectFrom('ticket_transfers')
    .select('token')
    .where('sale_id', '=', sale.id)
    .executeTakeFirstOrThrow();
  return {
    visitor,
    email,
    saleId: sale.id,
    reference,
    ticketIds: tickets.map((row) => row.id),
    addressId: address.id,
    transferToken: transfer.token,
    secrets: [email, reference, surname, line, postcode],
  };
}

/** A buyer with a reserved basket of one on-sale ticket, past the account step: handlers go deep for them. */
export async function reservedBuyer(t: TestApp, label: string): Promise<Visitor> {
  buyers += 1;
  return guestVisitor(t, `${label}${buyers}@example.com`, 'Ada Attacker');
}

export { reservedVisitor };

export type Engine = 'PGlite' | 'PostgreSQL';

/**
 * Runs a block of server tests against the app on each database the suite has: the embedded PGlite always, and a
 * fresh PostgreSQL database (dropped afterwards) when one answers (reliability/support/postgres.ts). The block gets
 * `open`, which builds the app on that engine (call it in beforeAll).
 */
export type OpenApp = (options?: Parameters<typeof createTestApp>[0]) => Promise<TestApp>;

export function describeOnEachDatabase(name: string, body: (open: OpenApp, engine: Engine) => void): void {
  describe(`${name} (PGlite)`, () => {
    body((options) => openOn(undefined, options), 'PGlite');
  });
  describeWithPostgres(`${name} (PostgreSQL)`, () => {
    // createTestApp makes each app a database of its own on this server (and drops it on close).
    body((options) => openOn(urlFor('postgres'), options), 'PostgreSQL');
  });
}

/** createTestApp on PGlite (no url) or in a fresh database of this PostgreSQL server; the environment is restored. */
async function openOn(
  databaseUrl: string | undefined,
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  try {
    return await createTestApp(options);
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}
