/**
 * Hostile use of the waiver page /activity-terms-and-conditions/{reference}/, over HTTP against two api processes on
 * one PostgreSQL database. A lure maker reserves tickets with a waiver on api-1 and sends the recovery link; the
 * victim opens it on api-2, proves her email and pays. The maker knows the sale reference (so does anyone who saw a
 * printed ticket): with it alone, or with guessed, altered or another sale's keys, on either process, the page shows
 * nothing of her booking and a signature through it stores nothing. Only the link the buyer was given (her checkout's
 * waiver step, her confirmation email) opens the page, on either process, for every member of her party. The rules
 * are tested in api/src/waivers/waivers.test.ts.
 */
import { waiverPath } from '@checkout/shared';
import { SEED } from '../../api/src/seed/catalogue';
import type { ApiProcess } from '../support/api-process';
import { addTickets, Buyer, payByCard, paths } from '../support/buyer';
import { guestAccount } from '../support/checkout';
import { countFigure } from '../support/figures';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';

jest.setTimeout(90_000);

const DELIVER = '/ajax/checkout/checkout/deliver_to_bitticket/';
const EMAIL_WALLET = '/ajax/checkout/checkout/deliver_to_wallet/';
const VICTIM = 'wanda.waiver@example.com';
const TERMS_TITLE = 'Harbour Kayak Taster: activity terms';

describeWithPostgres('the waiver link over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  let tries = 0;
  const via = (i: 0 | 1) => apis[i]!.baseURL;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '0' });
    ({ database, apis } = stack);
  });

  afterAll(async () => {
    await stopTwoApis(stack);
    countFigure('hostile.waiver.tries', tries, 'waiver page requests by the reference without its key (all refused)');
  });

  /** A fresh ticket type (its own stock) whose tickets carry the seeded kayak waiver. */
  async function waiverTicketType(name: string): Promise<number> {
    const id = await freshTicketType(database.pool, 10, name);
    await database.pool.query('UPDATE ticket_types SET waiver_id = $2 WHERE id = $1', [id, SEED.waiver.kayak]);
    return id;
  }

  const signatures = async (reference: string) =>
    (
      await database.pool.query<{ signer_name: string }>(
        'SELECT w.signer_name FROM waiver_signatures w JOIN sales s ON s.id = w.sale_id WHERE s.reference = $1 ORDER BY w.id',
        [reference],
      )
    ).rows.map((row) => row.signer_name);

  test('the lure maker knows the reference: nothing of the booking is shown, nothing is signed; the buyer’s link works everywhere', async () => {
    const ticketTypeId = await waiverTicketType('Waiver link');
    const maker = new Buyer(via(0));
    await addTickets(maker, ticketTypeId, 2);
    const reserved = await maker.post(paths.reserve);
    expect(reserved.json.reserved).toBe(true);
    const reference = String(reserved.json.sale_reference);

    // The victim opens the recovery link (her session made first, so the move lands on it) and pays.
    const victim = new Buyer(via(1));
    await victim.start();
    await victim.get(`/smartcheckout/?session=${encodeURIComponent(reference)}`);
    await guestAccount(victim, VICTIM, 'Wanda Waiver');
    expect((await payByCard(victim)).json).toEqual({ status: 'succeeded' });
    expect((await victim.post(DELIVER)).json).toEqual({ delivery_completed: true });
    expect((await victim.post(EMAIL_WALLET)).json).toEqual({ delivery_completed: true });

    // Her checkout's waiver step gets the key; the maker's session, on either process, gets no sale and no key.
    const hers = (await victim.get(paths.get, { via: via(0) })).json;
    expect(hers.sale_reference).toBe(reference);
    const key = String(hers.waiver_key);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const i of [0, 1] as const) {
      const seen = (await maker.get(paths.get, { via: via(i) })).json;
      expect({ reference: seen.sale_reference, key: seen.waiver_key }).toEqual({ reference: null, key: null });
    }
    const link = waiverPath(reference, key);
    // Her confirmation email carries the same link.
    const outbox = await victim.get(`/dev/outbox.json?to=${encodeURIComponent(VICTIM)}&kind=ticket_wallet&limit=1`);
    const mail = (outbox.json.messages ?? []) as { text?: string }[];
    expect(mail[0]?.text).toContain(link);

    // A member of her party signs through her link on api-1.
    const member = new Buyer(via(0));
    const page = await member.get(link, { via: via(1) });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(TERMS_TITLE);
    const signed = await member.post(link, { waiver_id: String(SEED.waiver.kayak), name: 'Pat Party', agree: 'yes' });
    expect(signed.status).toBe(200);
    expect(await signatures(reference)).toEqual(['Pat Party']);

    // The maker, with the reference and whatever key they can make up, on either process.
    const lures = [
      `/activity-terms-and-conditions/${reference}/`,
      `/activity-terms-and-conditions/${reference.toLowerCase()}/`,
      `/activity-terms-and-conditions/${reference}`,
      `/activity-terms-and-conditions/${reference}/?key=`,
      waiverPath(reference, 'A'.repeat(22)),
      waiverPath(
        reference,
        key.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
      waiverPath(reference, key.toUpperCase()),
      waiverPath(reference, key.slice(0, 21)),
      `/activity-terms-and-conditions/${reference}/?key[]=${key.slice(0, 21)}A`,
      `/activity-terms-and-conditions/${reference}/?session=${reference}`,
    ];
    const hidden = [reference, VICTIM, 'Wanda', TERMS_TITLE, 'Pat Party', 'data-waiver-sign'];
    for (const i of [0, 1] as const) {
      for (const url of lures) {
        const opened = await maker.get(url, { via: via(i) });
        const posted = await maker.post(
          url,
          { waiver_id: String(SEED.waiver.kayak), name: 'Mal Lory', agree: 'yes' },
          { via: via(i) },
        );
        tries += 2;
        for (const [what, answer] of [
          ['GET', opened],
          ['POST', posted],
        ] as const) {
          expect({ url, what, status: answer.status }).toEqual({ url, what, status: 404 });
          const body = String(answer.body);
          expect({ url, what, shown: hidden.filter((text) => body.includes(text)) }).toEqual({ url, what, shown: [] });
        }
      }
    }
    expect(await signatures(reference)).toEqual(['Pat Party']);

    // Her link still opens on both processes, with the one signature.
    for (const i of [0, 1] as const) {
      const again = await new Buyer(via(i)).get(link);
      expect(again.status).toBe(200);
      expect(String(again.body)).toContain('Pat Party');
    }
  });
});
