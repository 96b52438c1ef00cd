/**
 * The database out of reach for a few seconds (faults), the api process left running throughout:
 * - the connection cut (a TCP proxy between the api and PostgreSQL drops every connection and refuses new ones):
 *   every request answers at once (no hang) with 503 and the call's own failure sentence from the contract (the
 *   page's wording), never a 500; once the database is back the same process serves again, the buyer's checkout
 *   where it was;
 * - every database connection terminated (pg_terminate_backend) in the middle of an on-sale burst: each answer is a
 *   success or a 503 with its sentence, the stock stays consistent, and everyone can go on without a restart.
 */
import { calls } from '@checkout/shared';
import { DATABASE_UNAVAILABLE } from '../../api/src/http/unavailable';
import { countFigure, highestFigure } from '../support/figures';
import { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths, type Answer } from '../support/buyer';
import {
  createDatabase,
  describeWithPostgres,
  POSTGRES_URL,
  terminateBackends,
  type TestDatabase,
} from '../support/postgres';
import { freshTicketType, sampleStock } from '../support/stock';
import { TcpProxy } from '../support/tcp-proxy';
import { eventually, sleep } from '../support/wait';

jest.setTimeout(180_000);

describeWithPostgres('the database out of reach for a few seconds', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let api: ApiProcess;

  beforeAll(async () => {
    database = await createDatabase();
    const postgres = new URL(POSTGRES_URL);
    proxy = await TcpProxy.start({ host: postgres.hostname, port: Number(postgres.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    api = await ApiProcess.start({
      databaseUrl: viaProxy.toString(),
      env: { CAPTCHA_RESERVE_LIMIT: '0' },
      name: 'api-behind-proxy',
    });
  });

  afterAll(async () => {
    if (api && (!api.running || process.env.REL_DEBUG)) console.log(api.log());
    await api?.stop();
    await proxy?.stop();
    await database?.drop();
  });

  test('cut: each request answers 503 with its call’s failure sentence at once; after it, the same process serves again', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 20, 'Outage');
    const reserved = new Buyer(api.baseURL);
    await addTickets(reserved, ticketTypeId, 2);
    expect((await reserved.post(paths.reserve)).json.reserved).toBe(true);
    const before = await reserved.get(paths.get);
    const fresh = new Buyer(api.baseURL);
    await fresh.start();

    await proxy.cut();
    const cutAt = Date.now();
    const during: { name: string; answer: Answer; ms: number }[] = [];
    const attempt = async (name: string, call: () => Promise<Answer>) => {
      const started = Date.now();
      during.push({ name, answer: await call(), ms: Date.now() - started });
    };
    // Three seconds of a buyer's requests while the database is unreachable.
    while (Date.now() - cutAt < 3_000) {
      await attempt(calls.getCheckout.failure, () => reserved.get(paths.get, { timeoutMs: 15_000 }));
      await attempt(calls.addToBasket.failure, () =>
        fresh.post(paths.add, { ticket_id: ticketTypeId, quantity: 1 }, { timeoutMs: 15_000 }),
      );
      await attempt(calls.reserveTickets.failure, () => reserved.post(paths.reserve, {}, { timeoutMs: 15_000 }));
      await attempt(calls.getUser.failure, () => fresh.get('/ajax/user/user/get_user/', { timeoutMs: 15_000 }));
      await sleep(100);
    }
    for (const { name, answer, ms } of during) {
      // A call whose failure the page shows silently ('' in the contract) gets the general sentence.
      expect({ status: answer.status, error: answer.json.error }).toEqual({
        status: 503,
        error: name || DATABASE_UNAVAILABLE,
      });
      // No hang: the pool gives up on a connection within its 5 s timeout.
      expect(ms).toBeLessThan(7_000);
    }

    await proxy.restore();
    const restoredAt = Date.now();
    const back = await eventually(
      () => reserved.get(paths.get),
      (a) => a.status === 200,
      20_000,
      100,
    );
    const recoveryMs = Date.now() - restoredAt;
    expect(api.running).toBe(true);
    expect(back.json).toMatchObject({
      sale_reference: before.json.sale_reference,
      state: before.json.state,
      tickets: before.json.tickets,
    });
    await addTickets(fresh, ticketTypeId, 1);
    expect((await fresh.post(paths.reserve)).json.reserved).toBe(true);
    expect((await payByCard(reserved)).json).toEqual({ status: 'succeeded' });
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({ sold: 2, held: 1, activeHolds: 1 });

    countFigure('faults.database.outages', 1, 'database outages injected (connection cut, connections terminated)');
    countFigure(
      'faults.database.requestsDuringOutage',
      during.length,
      'requests sent while the database was unreachable (each a 503 with its sentence)',
    );
    highestFigure(
      'faults.database.slowestRefusalMs',
      Math.max(...during.map((d) => d.ms)),
      'slowest answer while the database was unreachable, ms',
    );
    highestFigure(
      'faults.database.recoveryMs',
      recoveryMs,
      'time from the database back to the first answered request, ms',
    );
  });

  test('connections terminated mid on-sale burst: successes or 503s with the sentence, consistent stock, then on as normal', async () => {
    const capacity = 30;
    const ticketTypeId = await freshTicketType(database.pool, capacity, 'Terminated');
    const buyers = Array.from({ length: 40 }, () => new Buyer(api.baseURL));
    for (const buyer of buyers) await addTickets(buyer, ticketTypeId, 1);

    const burst = Promise.all(buyers.map((buyer) => buyer.post(paths.reserve, {}, { timeoutMs: 15_000 })));
    await sleep(20);
    const terminated = await terminateBackends(database.name);
    const answers = await burst;
    for (const answer of answers) {
      if (answer.status === 200)
        expect(answer.json.reserved === true || typeof answer.json.error === 'string').toBe(true);
      else
        expect({ status: answer.status, error: answer.json.error }).toEqual({
          status: 503,
          error: calls.reserveTickets.failure,
        });
    }
    // Everyone who did not get a reservation presses Reserve again: the same process serves them.
    const retried = await Promise.all(
      buyers.map(async (buyer, i) => (answers[i]!.json.reserved === true ? answers[i]! : buyer.post(paths.reserve))),
    );
    expect(retried.filter((a) => a.json.reserved === true)).toHaveLength(capacity);
    expect(await sampleStock(database.pool, ticketTypeId)).toMatchObject({
      held: capacity,
      activeHolds: capacity,
      available: 0,
    });
    expect(api.running).toBe(true);

    countFigure('faults.database.outages', 1, 'database outages injected (connection cut, connections terminated)');
    countFigure('faults.database.backendsTerminated', terminated, 'database connections terminated under load');
    countFigure(
      'faults.database.refusedDuringTermination',
      answers.filter((a) => a.status === 503).length,
      'requests answered 503 when their connection was terminated',
    );
  });
});
