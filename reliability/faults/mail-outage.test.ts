/**
 * Outbound mail failing (faults): the api's SMTP server refuses connections, then accepts them and never
 * answers (a timeout), then works. The buyer's checkout never waits for it: the sale is paid and its delivery answered
 * while mail is down; every message waits in the outbox with a durable job that tries again (jobs/queue.ts backoff)
 * and, once the server works, each is delivered exactly once.
 */
import { countFigure } from '../support/figures';
import { ApiProcess, freePort } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths } from '../support/buyer';
import { guestAccount, saleIdOf, ticketsOf } from '../support/checkout';
import { FakeSmtp } from '../support/fake-smtp';
import { createDatabase, describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { eventually } from '../support/wait';

jest.setTimeout(180_000);

const EMAIL = 'mail-outage@example.com';

describeWithPostgres('outbound mail down while a buyer checks out', () => {
  let database: TestDatabase;
  let api: ApiProcess;
  let smtpPort = 0;
  let smtp: FakeSmtp | undefined;

  beforeAll(async () => {
    database = await createDatabase();
    smtpPort = await freePort();
    api = await ApiProcess.start({
      databaseUrl: database.url,
      env: {
        CAPTCHA_RESERVE_LIMIT: '0',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_DELIVERY_INTERVAL_MS: '200',
        MAIL_FROM: 'tickets@example.com',
      },
      name: 'api-mail',
    });
  });

  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
    await database?.drop();
  });

  const mailJobs = async () =>
    (
      await database.pool.query<{
        outbox_id: number;
        status: string;
        attempts: number;
        last_error: string | null;
        sent: boolean;
        kind: string;
      }>(
        `SELECT (j.payload::json->>'outboxId')::int AS outbox_id, j.status, j.attempts, j.last_error, o.sent_at IS NOT NULL AS sent, o.kind
         FROM jobs j JOIN outbox o ON o.id = (j.payload::json->>'outboxId')::int
         WHERE j.kind = 'mail.send' AND o.to_address = $1 ORDER BY j.id`,
        [EMAIL],
      )
    ).rows;
  /** The backoff's wait, skipped: the failed tries are due again now. */
  const dueNow = () =>
    database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND status = 'pending'`);

  test('refused, then timing out, then back: the sale is kept, and each message is delivered once by the retry job', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 10, 'Mail outage');
    const buyer = new Buyer(api.baseURL);
    await addTickets(buyer, ticketTypeId, 2);
    expect((await buyer.post(paths.reserve)).json.reserved).toBe(true);
    // Nothing listens on the SMTP port: every try is refused. The buyer goes on regardless.
    await guestAccount(buyer, EMAIL);
    expect((await payByCard(buyer)).json).toEqual({ status: 'succeeded' });
    const started = Date.now();
    expect((await buyer.post('/ajax/checkout/checkout/deliver_to_wallet/')).json).toEqual({ delivery_completed: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    const saleId = await saleIdOf(buyer, database.pool);
    expect((await database.pool.query('SELECT status FROM sales WHERE id = $1', [saleId])).rows).toEqual([
      { status: 'paid' },
    ]);
    expect(await ticketsOf(database.pool, saleId)).toBe(2);
    const refused = await eventually(
      mailJobs,
      (jobs) => jobs.length >= 2 && jobs.every((j) => j.status === 'pending' && j.last_error !== null),
      15_000,
      200,
    );
    expect(refused.map((j) => j.kind)).toEqual(expect.arrayContaining(['one_time_code', 'ticket_wallet']));
    for (const job of refused)
      expect(job).toMatchObject({
        status: 'pending',
        sent: false,
        last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
      });

    // A server that accepts and never answers: the try times out (nodemailer's greeting timeout), the job waits again.
    smtp = await FakeSmtp.listen(smtpPort, 'silent');
    await dueNow();
    const timedOut = await eventually(
      mailJobs,
      (jobs) => jobs.every((j) => j.attempts >= 2 && j.status === 'pending'),
      40_000,
      300,
    );
    for (const job of timedOut)
      expect(job).toMatchObject({
        status: 'pending',
        sent: false,
        last_error: expect.stringMatching(/timeout|timed out|Greeting never received/i),
      });
    await smtp.close();

    // The server works again: the next tries deliver every message, once.
    smtp = await FakeSmtp.listen(smtpPort, 'accept');
    await dueNow();
    const delivered = await eventually(
      mailJobs,
      (jobs) => jobs.every((j) => j.status === 'done' && j.sent),
      20_000,
      200,
    );
    for (const job of delivered) expect(job).toMatchObject({ status: 'done', sent: true });
    const toBuyer = smtp.received.filter((mail) => mail.to.some((to) => to.includes(EMAIL)));
    expect(toBuyer).toHaveLength(delivered.length);
    expect(toBuyer.filter((mail) => /wallet|ticket/i.test(mail.data))).not.toHaveLength(0);
    expect((await database.pool.query('SELECT status FROM sales WHERE id = $1', [saleId])).rows).toEqual([
      { status: 'paid' },
    ]);

    countFigure('faults.mail.outages', 2, 'mail server outages injected (refusing, timing out)');
    countFigure(
      'faults.mail.retriedMessages',
      delivered.length,
      'messages kept in the outbox and delivered once by the retry job',
    );
  });
});
