import { sql } from 'kysely';
import { reconcile } from './reconcile';
import {
  bankPortal,
  CARDS,
  cardForm,
  freshTickets,
  key,
  payPaths,
  reservedBuyer,
  runPaymentJobs,
  toBank,
} from '../payment/test-support';
import { saleOf } from '../testing/sale-support';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * What an offline sandbox took is test money: the database marks its ledger entries (and every entry of its sale),
 * whatever the code that writes them says, and reconcile reports it apart from real money.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function paidWithSandboxCard(): Promise<number> {
  const type = await freshTickets(t, 10);
  const visitor = await reservedBuyer(t, type, 2);
  const { client_secret } = (await visitor.post(payPaths.getToken, { idempotency_key: key() })).json<{
    client_secret: string;
  }>();
  expect((await visitor.post(payPaths.confirm, cardForm(client_secret, CARDS.success))).json()).toEqual({
    status: 'succeeded',
  });
  return (await saleOf(t, visitor)).id;
}

const entriesOf = (saleId: number) =>
  t.db
    .selectFrom('ledger_entries')
    .select(['kind', 'provider', 'amount_minor', 'test_money'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();

test('a sandbox card payment is test money, and reconcile reports it apart', async () => {
  const before = await reconcile(t.db, { now: t.clock.now() });
  const saleId = await paidWithSandboxCard();
  expect(await entriesOf(saleId)).toEqual([
    { kind: 'payment', provider: 'stripe', amount_minor: 2000, test_money: true },
  ]);
  const after = await reconcile(t.db, { now: t.clock.now() });
  expect(after.mismatches).toEqual([]);
  expect([after.collectedMinor, after.refundedMinor]).toEqual([before.collectedMinor, before.refundedMinor]);
  expect(after.testMoney.sales).toBe(before.testMoney.sales + 1);
  expect(after.testMoney.collectedMinor).toBe(before.testMoney.collectedMinor + 2000);
});

/** Writes an entry with its one marketplace share, as the ledger's code does: both in one transaction. */
async function writeEntry(values: {
  saleId: number;
  kind: 'payment' | 'refund';
  reference: string;
  amount: number;
  testMoney: boolean;
}): Promise<number> {
  return t.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: number }>`
      insert into ledger_entries (sale_id, kind, provider, provider_reference, amount_minor, currency, status, created_at, completed_at, test_money)
      values (${values.saleId}, ${values.kind}, 'stripe', ${values.reference}, ${values.amount}, 'GBP', 'done', now(), now(), ${values.testMoney})
      returning id`.execute(tx);
    const id = rows[0]?.id ?? 0;
    await sql`insert into ledger_shares (ledger_entry_id, organiser_id, amount_minor) values (${id}, null, ${values.amount})`.execute(
      tx,
    );
    return id;
  });
}

async function removeEntry(id: number): Promise<void> {
  await t.db.transaction().execute(async (tx) => {
    await sql`delete from ledger_shares where ledger_entry_id = ${id}`.execute(tx);
    await sql`delete from ledger_entries where id = ${id}`.execute(tx);
  });
}

test('a refund of a test-money sale is test money too, whatever its insert says', async () => {
  const saleId = await paidWithSandboxCard();
  const [payment] = await t.db
    .selectFrom('ledger_entries')
    .select('provider_reference')
    .where('sale_id', '=', saleId)
    .execute();
  const refund = await writeEntry({
    saleId,
    kind: 'refund',
    reference: payment?.provider_reference ?? '',
    amount: 500,
    testMoney: false,
  });
  expect((await entriesOf(saleId)).map((entry) => [entry.kind, entry.test_money])).toEqual([
    ['payment', true],
    ['refund', true],
  ]);
  await removeEntry(refund);
});

test('the mark is the database’s: an update removing it, or an insert claiming it for real money, is corrected', async () => {
  const saleId = await paidWithSandboxCard();
  await sql`update ledger_entries set test_money = false where sale_id = ${saleId}`.execute(t.db);
  expect((await entriesOf(saleId)).every((entry) => entry.test_money)).toBe(true);

  // A reference no sandbox knows, on a sale of its own: real money, whatever the insert says.
  const realSale = (
    await sql<{ id: number }>`insert into sales (reference, created_at, updated_at)
      values (${`REAL-${saleId}`}, now(), now()) returning id`.execute(t.db)
  ).rows[0]?.id;
  if (realSale === undefined) throw new Error('no sale');
  const real = await writeEntry({
    saleId: realSale,
    kind: 'payment',
    reference: 'pi_live_unknown_to_sandboxes',
    amount: 100,
    testMoney: true,
  });
  expect(await entriesOf(realSale)).toEqual([
    { kind: 'payment', provider: 'stripe', amount_minor: 100, test_money: false },
  ]);
  await removeEntry(real);
  await sql`delete from sales where id = ${realSale}`.execute(t.db);
});

test('a payment the bank sandbox settled is test money', async () => {
  const type = await freshTickets(t, 10, { kind: 'square' });
  const visitor = await reservedBuyer(t, type, 1);
  await bankPortal(t, await toBank(visitor), 'approve');
  t.clock.advance(t.deps.config.payment.bankSettleMs);
  await runPaymentJobs(t);
  const sale = await saleOf(t, visitor);
  expect(sale.status).toBe('paid');
  expect(await entriesOf(sale.id)).toEqual([
    expect.objectContaining({ kind: 'payment', provider: 'truelayer', test_money: true }),
  ]);
});
