import { markPaid } from '../delivery/test-support';
import { reservedVisitor } from '../testing/identity';
import { SEED } from '../seed/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { waiverPath } from '@checkout/shared';
import { waiverKeysOf } from '../session/waiver-keys';
import { waiverMessages } from './messages';
import { SIGNATURES_PER_WAIVER_MAX } from './waivers';

/** The waiver page: a paid booking's party reads the activity terms and each member signs with their name. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Every test books its own party: more than the 24 places the seed gives the session.
  await t.db.updateTable('ticket_types').set({ capacity: 500 }).where('id', '=', SEED.ticket.kayakTaster).execute();
}, 60_000);
afterAll(() => t.close());

const kayak = SEED.waiver.kayak;
const CHECKOUT = '/ajax/checkout/checkout/get/';
const keys = () => waiverKeysOf(t.deps.sessions);
const KAYAK_TERMS = 'Kayaking is a water sport with risks.';

async function booking(
  lines: Record<string, number>[] = [{ ticket_id: SEED.ticket.kayakTaster, quantity: 2 }],
  paid = true,
) {
  const visitor = await reservedVisitor(t, lines);
  const reference = (await visitor.get(CHECKOUT)).json().sale_reference as string;
  const sale = await t.db
    .selectFrom('sales')
    .select(['id'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  if (paid) await markPaid(t.db, sale.id, t.clock.now());
  // The link as the buyer's checkout shares it; a sale whose checkout gives no key gets the key the server would make.
  const given = (await visitor.get(CHECKOUT)).json().waiver_key as string | null;
  const key = given ?? keys().keyOf(reference);
  return { visitor, reference, saleId: sale.id, key, given, url: waiverPath(reference, key) };
}

/** Another member of the party opening the link in their own browser. */
const member = () => t.visitor();
const sign = (visitor: Visitor, url: string, fields: Record<string, string>, options: { xsrf?: boolean } = {}) =>
  visitor.post(url, { waiver_id: String(kayak), agree: 'yes', ...fields }, options);
const signatures = (saleId: number) =>
  t.db
    .selectFrom('waiver_signatures')
    .select(['waiver_id', 'signer_name'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
/** The names in the page's 'Signed by' list, in order. */
const listedNames = (page: string) =>
  [...page.matchAll(/<span class="waiver__signer">([^<]*)<\/span>/g)].map((match) => match[1]);

describe('GET /activity-terms-and-conditions/{reference}/', () => {
  test('a paid booking with a waiver: the terms (as data for the page to clean), the sentences and the signing form', async () => {
    const { reference, url } = await booking();
    const response = await (await member()).get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const page = response.body;
    expect(page).toContain(`<h1>${waiverMessages.title}</h1>`);
    expect(page).toContain(reference);
    expect(page).toContain('Harbour Kayak Taster: activity terms');
    expect(page).toContain('For Harbour Kayak Taster');
    expect(page).toContain(waiverMessages.beforeArrival);
    // The organiser's HTML travels escaped in an attribute, never as markup.
    expect(page).toContain(`data-html="&lt;p&gt;${KAYAK_TERMS}`);
    expect(page).not.toContain(`<p>${KAYAK_TERMS}`);
    expect(page).toContain(waiverMessages.noSignatures);
    expect(page).toContain(`<label for="waiver-${kayak}-name">${waiverMessages.nameLabel}</label>`);
    expect(page).toContain(waiverMessages.agreeLabel);
    // Its script, DOMPurify and stylesheet are served.
    for (const asset of page.matchAll(/(?:src|href)="(\/assets\/(?:purify|waiver)\.[0-9a-f]{10}\.(?:js|css))"/g)) {
      expect((await t.app.inject({ method: 'GET', url: asset[1] as string })).statusCode).toBe(200);
    }
    expect([...page.matchAll(/\/assets\/(?:purify|waiver)\./g)]).toHaveLength(3);
  });

  test('without the trailing slash: redirected, key kept; a lower-case reference is the same booking', async () => {
    const { reference, key, url } = await booking();
    const bare = await t.app.inject({ method: 'GET', url: `/activity-terms-and-conditions/${reference}?key=${key}` });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: waiverPath(reference.toLowerCase(), key) })).statusCode).toBe(200);
  });

  test.each([
    ['an unknown reference (with its key)', async () => keys().pathOf('CT-ABCDEFGHJKLMNPQR')],
    ['an unpaid booking (with its key)', async () => (await booking(undefined, false)).url],
    [
      'a paid booking without a waiver',
      async () => (await booking([{ ticket_id: SEED.ticket.onSale, quantity: 1 }])).url,
    ],
  ])('%s: the not-found page', async (_label, urlOf) => {
    const url = await urlOf();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(waiverMessages.notFoundTitle);
    expect(response.body).not.toContain('<script>alert');
    // The same for a signature: nothing stored anywhere.
    const before = await t.db.selectFrom('waiver_signatures').select('id').execute();
    expect((await sign(await member(), url, { name: 'Ana López' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('waiver_signatures').select('id').execute()).toEqual(before);
  });
});

describe("the link's key: the sale reference alone opens nothing", () => {
  /** The reference is printed on tickets and travels in recovery links: whoever knows it is not the buyer. */
  const refusedPage = (
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
    reference: string,
  ) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`<h1>${waiverMessages.linkInvalidTitle}</h1>`);
    expect(response.body).toContain(waiverMessages.linkInvalid);
    // Nothing of the sale: not its reference, its terms, its form or who signed.
    for (const shown of [reference, 'Harbour Kayak Taster', 'Ana Signer', 'data-waiver-sign', 'waiver_id'])
      expect({ shown, found: response.body.includes(shown) }).toEqual({ shown, found: false });
  };

  test('the buyer’s checkout gives the key once paid, and only for a sale with a waiver', async () => {
    const paid = await booking();
    expect(paid.given).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(paid.given).toBe(keys().keyOf(paid.reference));
    expect((await booking(undefined, false)).given).toBeNull();
    expect((await booking([{ ticket_id: SEED.ticket.onSale, quantity: 1 }])).given).toBeNull();
    // Another browser, with no sale of its own, is given nothing.
    expect((await (await member()).get(CHECKOUT)).json().waiver_key).toBeNull();
  });

  test.each<[string, (sale: { reference: string; key: string; other: { reference: string; key: string } }) => string]>([
    ['the reference alone', ({ reference }) => `/activity-terms-and-conditions/${reference}/`],
    ['an empty key', ({ reference }) => `/activity-terms-and-conditions/${reference}/?key=`],
    ['a wrong key of the right shape', ({ reference }) => waiverPath(reference, 'A'.repeat(22))],
    ['the key of another sale', ({ reference, other }) => waiverPath(reference, other.key)],
    ['another sale’s reference with this key', ({ key, other }) => waiverPath(other.reference, key)],
    ['the key in other capitals', ({ reference, key }) => waiverPath(reference, key.toLowerCase())],
    ['the key cut short', ({ reference, key }) => waiverPath(reference, key.slice(0, -1))],
    ['the key and more', ({ reference, key }) => waiverPath(reference, `${key}A`)],
    ['the key given twice', ({ reference, key }) => `${waiverPath(reference, key)}&key=${key}`],
    ['the key as a list', ({ reference, key }) => `/activity-terms-and-conditions/${reference}/?key[]=${key}`],
    ['the key under another name', ({ reference, key }) => `/activity-terms-and-conditions/${reference}/?k=${key}`],
    ['a malformed key', ({ reference }) => waiverPath(reference, '<script>alert(1)</script>')],
    ['a huge key', ({ reference }) => waiverPath(reference, 'k'.repeat(5000))],
    ['a malformed reference', ({ key }) => waiverPath('<script>alert(1)</script>', key)],
  ])('%s: the link-not-valid page, and a signature through it stores nothing', async (_label, urlOf) => {
    const sale = await booking();
    const other = await booking();
    // Someone in the party has signed already: their name must not show either.
    expect((await sign(await member(), sale.url, { name: 'Ana Signer' })).statusCode).toBe(200);
    const url = urlOf({ reference: sale.reference, key: sale.key, other });
    refusedPage(await (await member()).get(url), sale.reference);
    expect((await (await member()).get(url)).body).not.toContain('<script>alert');

    const before = await t.db.selectFrom('waiver_signatures').selectAll().orderBy('id').execute();
    const posted = await sign(await member(), url, { name: 'Mal Lory' });
    refusedPage(posted, sale.reference);
    expect(await t.db.selectFrom('waiver_signatures').selectAll().orderBy('id').execute()).toEqual(before);
    // The buyer's own link still works, with only the one signature.
    expect(listedNames((await (await member()).get(sale.url)).body)).toEqual(['Ana Signer']);
  });

  test('the form posts back to the link it came from, key included', async () => {
    const { url } = await booking();
    const page = (await (await member()).get(url)).body;
    expect(page).toContain(`action="${url.replace(/&/g, '&amp;')}" data-waiver-sign`);
  });

  test('without the trailing slash and without a key: the link-not-valid page, not a redirect', async () => {
    const { reference } = await booking();
    const bare = await t.app.inject({ method: 'GET', url: `/activity-terms-and-conditions/${reference}` });
    refusedPage(bare, reference);
  });

  test('a key made under another server secret opens nothing', async () => {
    const { reference } = await booking();
    const foreign = waiverKeysOf({ deriveKey: () => Buffer.alloc(32, 7) }).keyOf(reference);
    refusedPage(await (await member()).get(waiverPath(reference, foreign)), reference);
  });
});

describe('signing', () => {
  test('two members sign in their own browsers: both stored and listed in signing order', async () => {
    const { saleId, url } = await booking();
    const first = await sign(await member(), url, { name: '  Ana   López ' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(waiverMessages.signed('Ana López'));
    expect(listedNames(first.body)).toEqual(['Ana López']);
    t.clock.advance(60_000);
    const second = await sign(await member(), url, { name: 'Ben Okafor' });
    expect(listedNames(second.body)).toEqual(['Ana López', 'Ben Okafor']);
    expect(listedNames((await (await member()).get(url)).body)).toEqual(['Ana López', 'Ben Okafor']);
    expect(await signatures(saleId)).toEqual([
      { waiver_id: kayak, signer_name: 'Ana López' },
      { waiver_id: kayak, signer_name: 'Ben Okafor' },
    ]);
    const row = await t.db
      .selectFrom('waiver_signatures')
      .select('signed_at')
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(new Date(row.signed_at).getTime()).toBe(t.clock.now().getTime() - 60_000);
  });

  test('the same name twice (any capitals or spacing) is stored once', async () => {
    const { saleId, url } = await booking();
    await sign(await member(), url, { name: 'Cara Nwosu' });
    const again = await sign(await member(), url, { name: 'cara  NWOSU' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(waiverMessages.alreadySigned('cara NWOSU'));
    expect(listedNames(again.body)).toEqual(['Cara Nwosu']);
    expect(await signatures(saleId)).toEqual([{ waiver_id: kayak, signer_name: 'Cara Nwosu' }]);
  });

  test.each<[string, Record<string, string>, string]>([
    ['an empty name', { name: '' }, waiverMessages.nameRequired],
    ['a name of spaces', { name: '    ' }, waiverMessages.nameRequired],
    ['an over-long name', { name: 'N'.repeat(101) }, waiverMessages.nameTooLong],
    ['a name with a control character', { name: 'Ana\u0007' }, waiverMessages.nameUnreadable],
    ['the box not ticked', { name: 'Dev Patel', agree: '' }, waiverMessages.agreeRequired],
    ['a waiver of another booking', { name: 'Dev Patel', waiver_id: '999999' }, waiverMessages.unknownWaiver],
    ['a waiver id that is not a number', { name: 'Dev Patel', waiver_id: '1 OR 1=1' }, waiverMessages.unknownWaiver],
  ])('%s: the page again with the message beside the form, nothing stored', async (_label, fields, message) => {
    const { saleId, url } = await booking();
    const response = await sign(await member(), url, fields);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`<title>Error: ${waiverMessages.title}</title>`);
    expect(response.body).toMatch(
      new RegExp(`role="alert"[^>]*>${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</div>`),
    );
    expect(await signatures(saleId)).toEqual([]);
  });

  test('a refused name stays in the field, escaped, and the field is marked invalid', async () => {
    const { url } = await booking();
    const response = await sign(await member(), url, { name: '"><img src=x onerror=alert(1)>', agree: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" aria-invalid="true"');
    expect(response.body).not.toContain('<img src=x');
  });

  test('without the XSRF header: 403, nothing stored', async () => {
    const { saleId, url } = await booking();
    const response = await sign(await member(), url, { name: 'Eve Cross' }, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(await signatures(saleId)).toEqual([]);
  });

  test('hostile names are stored as typed and shown only as text', async () => {
    const { saleId, url } = await booking();
    const payloads = [
      '<script>window.__xss=1</script>',
      '"><svg onload=alert(1)>',
      "'; alert(1); //",
      '<a href="javascript:alert(1)">me</a>',
    ];
    let last = '';
    for (const name of payloads) last = (await sign(await member(), url, { name })).body;
    expect((await signatures(saleId)).map((row) => row.signer_name)).toEqual(payloads);
    expect(listedNames(last)).toEqual([
      '&lt;script&gt;window.__xss=1&lt;/script&gt;',
      '&quot;&gt;&lt;svg onload=alert(1)&gt;',
      '&#39;; alert(1); //',
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;me&lt;/a&gt;',
    ]);
    expect(last).not.toMatch(/<script>window|<svg|<a href="javascript/);
  });

  test('hostile terms from an organiser reach the page only escaped inside the attribute', async () => {
    const { url } = await booking();
    const waiver = await t.db
      .selectFrom('waivers')
      .select(['title', 'body_html'])
      .where('id', '=', kayak)
      .executeTakeFirstOrThrow();
    const hostile =
      '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>"><iframe srcdoc="<script>parent.__xss=1</script>">';
    await t.db
      .updateTable('waivers')
      .set({ title: '<script>window.__xss=1</script>Terms', body_html: hostile })
      .where('id', '=', kayak)
      .execute();
    try {
      const page = (await (await member()).get(url)).body;
      expect(page).toContain('<h2 id="waiver-1-title">&lt;script&gt;window.__xss=1&lt;/script&gt;Terms</h2>');
      expect(page).toContain('data-html="&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&lt;script&gt;');
      expect(page).not.toMatch(/<img|<iframe|<script>/);
    } finally {
      await t.db.updateTable('waivers').set(waiver).where('id', '=', kayak).execute();
    }
  });

  test(`at most ${SIGNATURES_PER_WAIVER_MAX} signatures per waiver and booking`, async () => {
    const { saleId, url } = await booking();
    await t.db
      .insertInto('waiver_signatures')
      .values(
        Array.from({ length: SIGNATURES_PER_WAIVER_MAX }, (_, i) => ({
          sale_id: saleId,
          waiver_id: kayak,
          signer_name: `Member ${i}`,
          signer_key: `member ${i}`,
          signed_at: t.clock.now(),
        })),
      )
      .execute();
    const response = await sign(await member(), url, { name: 'One Too Many' });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(waiverMessages.full);
    expect(await signatures(saleId)).toHaveLength(SIGNATURES_PER_WAIVER_MAX);
  });
});
