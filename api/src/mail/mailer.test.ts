import nodemailer from 'nodemailer';
import { manualClock } from '../platform/clock';
import { loadConfig } from '../config';
import { accountPaths, latestCode, reservedVisitor } from '../testing/identity';
import { pendingJobs } from '../jobs/queue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../testing/test-db';
import { loadMailConfig, type MailConfig } from './config';
import { createMailer, MAIL_JOB } from './mailer';
import { attachmentsOf } from './outbox';
import { oneTimeCodeEmail } from '../emails/templates';
import { startSmtpListener } from './testing/smtp-listener';
import { nodemailerTransport, type Envelope, type MailTransport } from './transport';

/**
 * Mail: every message is stored in the outbox; with SMTP a durable job delivers it (retried on failure, never twice);
 * without SMTP it stays in the outbox, which /dev/outbox shows.
 */
// Some tests build their own app: a fresh database snapshot can take several seconds the first time.
jest.setTimeout(60_000);
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
}, 60_000);
afterAll(() => database.close());

const noSmtp: MailConfig = {
  ...loadMailConfig({ NODE_ENV: 'test' }, 'http://localhost:8080', true, 'Events'),
  from: '"Events" <no-reply@shop.test>',
};
const message = {
  to: 'buyer@example.org',
  subject: 'Hello',
  text: 'Plain body',
  html: '<p>Plain body</p>',
  kind: 'test',
};

/** A transport that records what it is given and fails the first `failures` deliveries. */
function recordingTransport(failures = 0): MailTransport & { sent: Envelope[] } {
  let left = failures;
  const sent: Envelope[] = [];
  return {
    sent,
    async deliver(envelope) {
      if (left > 0) {
        left -= 1;
        throw new Error('421 service not available');
      }
      sent.push(envelope);
    },
    close: () => undefined,
  };
}

describe('config', () => {
  test('SMTP_URL and MAIL_FROM; the sender defaults to no-reply at the public host', () => {
    expect(loadMailConfig({}, 'http://localhost:8080', false, 'Events')).toMatchObject({
      smtpUrl: undefined,
      from: '"Events" <no-reply@localhost>',
      senderName: 'Events',
    });
    expect(
      loadMailConfig({ SMTP_URL: 'smtp://mail:1025' }, 'https://tickets.example.com', false, 'Events'),
    ).toMatchObject({
      smtpUrl: 'smtp://mail:1025',
      from: '"Events" <no-reply@tickets.example.com>',
    });
    expect(loadMailConfig({ MAIL_FROM: 't@example.com' }, 'http://x', false, 'Events').from).toBe(
      '"Events" <t@example.com>',
    );
  });

  test("the From's name is the marketplace's, the one the pages show: MARKETPLACE_NAME, else 'Events'", () => {
    expect(loadConfig({}).mail).toMatchObject({ from: '"Events" <no-reply@localhost>', senderName: 'Events' });
    expect(loadConfig({ MARKETPLACE_NAME: 'Seaside Tickets', MAIL_FROM: 'hello@seaside.example' }).mail).toMatchObject({
      from: '"Seaside Tickets" <hello@seaside.example>',
      senderName: 'Seaside Tickets',
    });
    // The same name MAIL_FROM gives is no contradiction; quotes and commas in a name cannot change the address.
    expect(loadConfig({ MAIL_FROM: '"Events" <t@example.com>' }).mail.from).toBe('"Events" <t@example.com>');
    expect(loadConfig({ MARKETPLACE_NAME: 'Tom, "Dick" & Co' }).mail.from).toBe(
      '"Tom, \\"Dick\\" & Co" <no-reply@localhost>',
    );
  });

  test('a MAIL_FROM naming another sender, or no address, stops the start-up with a sentence saying why', () => {
    expect(() => loadConfig({ MAIL_FROM: '"Checkout" <no-reply@example.com>' })).toThrow(
      "MAIL_FROM names its sender 'Checkout', but emails are from the marketplace's name 'Events' (MARKETPLACE_NAME)",
    );
    expect(() => loadConfig({ MAIL_FROM: 'Tickets' })).toThrow("MAIL_FROM must be an email address, got 'Tickets'");
  });

  test('the development pages are on only when asked for, whatever SMTP says: DEV_PAGES=1, or NODE_ENV=development or test', () => {
    expect(loadConfig({}).devPages).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devPages).toBe(false);
    expect(loadConfig({ SMTP_URL: '' }).devPages).toBe(false);
    expect(loadConfig({ DEV_PAGES: '1' }).devPages).toBe(true);
    expect(loadConfig({ DEV_PAGES: 'true', NODE_ENV: 'production' }).devPages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devPages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_PAGES: '0' }).devPages).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devPages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEV_PAGES: '0' }).devPages).toBe(false);
    // The old switches no longer turn anything on.
    expect(loadConfig({ DEV_OUTBOX: '1' }).devPages).toBe(false);
    expect(() => loadConfig({ DEV_PAGES: 'yes' })).toThrow('DEV_PAGES must be 1 or 0');
  });

  test('messages are printed on the console with the development pages only, never in tests', () => {
    expect(loadMailConfig({ NODE_ENV: 'development' }, 'http://x', true, 'Events').logToConsole).toBe(true);
    expect(loadMailConfig({}, 'http://x', true, 'Events').logToConsole).toBe(true);
    expect(loadMailConfig({}, 'http://x', false, 'Events').logToConsole).toBe(false);
    expect(loadMailConfig({ NODE_ENV: 'test' }, 'http://x', true, 'Events').logToConsole).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).mail.logToConsole).toBe(false);
    expect(loadConfig({}).mail.logToConsole).toBe(false);
  });
});

describe('without SMTP', () => {
  test('the message is kept in the outbox, unsent, with no delivery job; printed only when asked', async () => {
    const clock = manualClock(TEST_NOW);
    const printed: string[] = [];
    const quiet = createMailer({
      db: database.db,
      clock,
      config: noSmtp,
      log: (text) => printed.push(text),
      onError: () => undefined,
    });
    const id = await quiet.send(message);
    const row = await database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      to_address: 'buyer@example.org',
      subject: 'Hello',
      text_body: 'Plain body',
      html_body: '<p>Plain body</p>',
      kind: 'test',
      sent_at: null,
      attempts: 0,
    });
    expect(row.created_at).toEqual(TEST_NOW);
    expect(await pendingJobs(database.db, MAIL_JOB)).toBe(0);
    expect(await quiet.deliverDue()).toBe(0);
    expect(printed).toEqual([]);

    const loud = createMailer({
      db: database.db,
      clock,
      config: { ...noSmtp, logToConsole: true },
      log: (text) => printed.push(text),
      onError: () => undefined,
    });
    await loud.send({ ...message, text: 'Your one-time code is 123456.' });
    expect(printed.join('')).toContain('mail to buyer@example.org: Hello');
    expect(printed.join('')).toContain('Your one-time code is 123456.');
  });
});

describe('with a transport', () => {
  test('a durable job delivers the stored message once; the outbox records when', async () => {
    const clock = manualClock(TEST_NOW);
    const transport = recordingTransport();
    const mailer = createMailer({
      db: database.db,
      clock,
      config: { ...noSmtp, deliveryIntervalMs: 60_000 },
      transport,
      onError: () => undefined,
    });
    try {
      const id = await mailer.send({ ...message, to: 'once@example.org' });
      await mailer.deliverDue();
      expect(transport.sent).toEqual([
        {
          from: '"Events" <no-reply@shop.test>',
          to: 'once@example.org',
          subject: 'Hello',
          text: 'Plain body',
          html: '<p>Plain body</p>',
        },
      ]);
      const row = await database.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ sent_at: TEST_NOW, attempts: 1, last_error: null });

      // A second job for the same message (a replica that lost its lease, say) sends nothing more.
      await database.db
        .insertInto('jobs')
        .values({ kind: MAIL_JOB, payload: JSON.stringify({ outboxId: id }), run_at: TEST_NOW, created_at: TEST_NOW })
        .execute();
      await mailer.deliverDue();
      expect(transport.sent).toHaveLength(1);
    } finally {
      await mailer.close();
    }
  });

  test('a failed delivery is retried later (30 s backoff) and the outbox keeps the error meanwhile', async () => {
    const clock = manualClock(TEST_NOW);
    const transport = recordingTransport(1);
    const errors: unknown[] = [];
    const mailer = createMailer({
      db: database.db,
      clock,
      config: { ...noSmtp, deliveryIntervalMs: 60_000 },
      transport,
      onError: (error) => errors.push(error),
    });
    try {
      const id = await mailer.send({ ...message, to: 'retry@example.org' });
      await mailer.deliverDue();
      expect(transport.sent).toEqual([]);
      expect(errors).toHaveLength(1);
      const failed = await database.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(failed).toEqual({ sent_at: null, attempts: 1, last_error: '421 service not available' });

      clock.advance(29_000);
      await mailer.deliverDue();
      expect(transport.sent).toEqual([]);
      clock.advance(1_000);
      await mailer.deliverDue();
      expect(transport.sent.map((sent) => sent.to)).toEqual(['retry@example.org']);
      const row = await database.db
        .selectFrom('outbox')
        .select(['attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 2, last_error: null });
    } finally {
      await mailer.close();
    }
  });

  test('attachments are kept with the message and delivered with it, however late', async () => {
    const clock = manualClock(TEST_NOW);
    const transport = recordingTransport(1);
    const mailer = createMailer({
      db: database.db,
      clock,
      config: { ...noSmtp, deliveryIntervalMs: 60_000 },
      transport,
      onError: () => undefined,
    });
    const calendar = {
      filename: 'event.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    };
    try {
      const id = await mailer.send({ ...message, to: 'attach@example.org', attachments: [calendar] });
      const row = await database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(attachmentsOf(row)).toEqual([calendar]);
      await mailer.deliverDue();
      clock.advance(30_000);
      await mailer.deliverDue();
      expect(transport.sent).toEqual([expect.objectContaining({ to: 'attach@example.org', attachments: [calendar] })]);
      // A message without any is sent without any.
      await mailer.send({ ...message, to: 'plain@example.org' });
      await mailer.deliverDue();
      expect(transport.sent[1]).not.toHaveProperty('attachments');
    } finally {
      await mailer.close();
    }
  });

  test("nodemailer's JSON transport builds the message: from, to, subject, text and HTML parts", async () => {
    const json = nodemailer.createTransport({ jsonTransport: true });
    const built: unknown[] = [];
    const transport = nodemailerTransport({
      sendMail: async (data) => {
        const info = await json.sendMail(data);
        built.push(JSON.parse(info.message));
        return info;
      },
      close: () => json.close(),
    });
    const code = oneTimeCodeEmail('json@example.org', '042042', { sender: { brand: 'Events', testMode: false } });
    await transport.deliver({
      from: noSmtp.from,
      to: code.to,
      subject: code.subject,
      text: code.text,
      html: code.html ?? null,
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' }],
    });
    expect(built[0]).toMatchObject({
      from: { address: 'no-reply@shop.test', name: 'Events' },
      to: [{ address: 'json@example.org', name: '' }],
      subject: 'Your one-time code for Events',
      text: expect.stringContaining('Your one-time code is 042042.'),
      html: expect.stringContaining('042042'),
      attachments: [expect.objectContaining({ filename: 'a.ics', contentType: 'text/calendar; charset=utf-8' })],
    });
  });
});

describe('the one-time code email', () => {
  const sender = { brand: 'Events', testMode: false };
  test("subject 'Your one-time code for Events', the 6 digits and the 15-minute validity, in text and HTML (escaped)", () => {
    const mail = oneTimeCodeEmail('a@example.org', '123456', { sender });
    expect(mail.subject).toBe('Your one-time code for Events');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('123456');
    expect(oneTimeCodeEmail('a@example.org', '<b>', { sender }).html).toContain('&lt;b&gt;');
  });

  test("headed and signed with the marketplace's name, escaped", () => {
    const mail = oneTimeCodeEmail('a@example.org', '123456', { sender: { brand: 'Fair <Tickets>', testMode: false } });
    expect(mail.subject).toBe('Your one-time code for Fair <Tickets>');
    expect(mail.text.trimEnd().endsWith('Sent by Fair <Tickets>')).toBe(true);
    expect(mail.html).toContain('<p style="font-weight:700">Fair &lt;Tickets&gt;</p>');
    expect(mail.html).toContain('Sent by Fair &lt;Tickets&gt;');
  });
});

describe('SMTP over a real socket (SMTP_URL)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  test('a code sent through the API is delivered to the SMTP server; a temporary refusal is retried', async () => {
    const smtp = await startSmtpListener({ failData: 1 });
    try {
      t = await createTestApp({ config: { mail: { ...noSmtp, smtpUrl: smtp.url, deliveryIntervalMs: 60_000 } } });
      const visitor = await reservedVisitor(t);
      expect((await visitor.post(accountPaths.sendCode, { email: 'smtp@example.org' })).statusCode).toBe(200);
      const code = await latestCode(t, 'smtp@example.org');
      await t.deps.mailer.deliverDue();
      expect(smtp.received).toEqual([]);
      const failed = await t.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('to_address', '=', 'smtp@example.org')
        .executeTakeFirstOrThrow();
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toContain('451');

      t.clock.advance(30_000);
      await t.deps.mailer.deliverDue();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('no-reply@shop.test');
      expect(mail?.to).toEqual(['smtp@example.org']);
      // The test app's payments are the sandboxes: its emails say TEST MODE first.
      expect(mail?.data).toMatch(/^Subject: \[TEST MODE\] Your one-time code for Events\r$/m);
      expect(mail?.data).toContain(`Your one-time code is ${code}.`);
      const sent = await t.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts'])
        .where('to_address', '=', 'smtp@example.org')
        .executeTakeFirstOrThrow();
      expect(sent).toEqual({ sent_at: t.clock.now(), attempts: 2 });
    } finally {
      await smtp.close();
    }
  });
});

describe('/dev/outbox', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  test('lists messages newest first with subject, recipient and body; the JSON filters by recipient (any case) and kind', async () => {
    t = await createTestApp();
    await t.deps.mailer.send({ to: 'First@Example.org', subject: 'Older <one>', text: 'body one' });
    t.clock.advance(1000);
    await t.deps.mailer.send({ to: 'second@example.org', subject: 'Newer', text: 'body two', kind: 'one_time_code' });

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.indexOf('Newer')).toBeLessThan(page.body.indexOf('Older &lt;one&gt;'));
    expect(page.body).toContain('second@example.org');
    expect(page.body).toContain('body two');

    const all = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json().messages;
    expect(all.map((m: { subject: string }) => m.subject)).toEqual(['Newer', 'Older <one>']);
    const mine = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=first%40example.ORG' })).json()
      .messages;
    expect(mine).toEqual([
      expect.objectContaining({
        to: 'First@Example.org',
        subject: 'Older <one>',
        text: 'body one',
        html: null,
        kind: 'general',
        sent_at: null,
      }),
    ]);
    const codes = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?kind=one_time_code' })).json().messages;
    expect(codes.map((m: { to: string }) => m.to)).toEqual(['second@example.org']);
  });

  test("a message's HTML part and attachments open from the outbox page", async () => {
    t = await createTestApp();
    const id = await t.deps.mailer.send({
      to: 'parts@example.org',
      subject: 'Parts',
      text: 'text part',
      html: '<p>html part</p>',
      attachments: [{ filename: 'a b.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' }],
    });
    const page = (await t.app.inject({ method: 'GET', url: '/dev/outbox?to=parts%40example.org' })).body;
    expect(page).toContain(`href="/dev/outbox/${id}/html"`);
    expect(page).toContain(`href="/dev/outbox/${id}/attachments/0">a b.ics</a>`);
    const htmlPart = await t.app.inject({ method: 'GET', url: `/dev/outbox/${id}/html` });
    expect(htmlPart.headers['content-type']).toContain('text/html');
    expect(htmlPart.body).toBe('<p>html part</p>');
    const file = await t.app.inject({ method: 'GET', url: `/dev/outbox/${id}/attachments/0` });
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="a_b.ics"');
    expect(file.body).toBe('BEGIN:VCALENDAR');
    for (const url of [`/dev/outbox/${id}/attachments/1`, '/dev/outbox/99999999/html', '/dev/outbox/x/html'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const json = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=parts%40example.org' })).json();
    expect(json.messages[0].attachments).toEqual([
      { filename: 'a b.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' },
    ]);
  });

  test('without the development pages both are 404s', async () => {
    t = await createTestApp({ config: { devPages: false } });
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/1/html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/1/attachments/0' })).statusCode).toBe(404);
  });
});
