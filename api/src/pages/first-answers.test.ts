import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_ANSWERS_ELEMENT_ID } from '@checkout/shared';
import { SESSION_COOKIE } from '../session/session';
import { hashToken } from '../session/tokens';
import { SEED } from '../seed/catalogue';
import { createTestApp, paths, type TestApp } from '../testing/test-app';

// A stand-in for the shell's build: the page's head is where the api adds the answers and the preloads.
const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en-GB"><head><title>Checkout</title></head><body></body></html>',
);

let t: TestApp;
// Creating the first database snapshot of a new schema takes a while on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ config: { shellDist: dist } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const BLOCK = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`);

function inlined(html: string): Record<string, unknown> {
  const json = BLOCK.exec(html)?.[1];
  if (json === undefined) throw new Error(`no inlined answers in ${html}`);
  return JSON.parse(json) as Record<string, unknown>;
}

test("the page carries the session's checkout and user as their calls answer them, and is never stored", async () => {
  const visitor = await t.visitor();
  await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.folkBalcony, quantity: 2 });
  const page = await visitor.get('/checkout/');
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.headers.vary).toContain('Cookie');
  const answers = inlined(page.body);
  expect(answers[paths.get]).toEqual((await visitor.get(paths.get)).json());
  expect(answers[paths.getUser]).toEqual({ user: null });
  expect(page.body).toContain('<html lang="en-GB">');
  // Answered in the page, so not preloaded.
  expect(page.body).not.toContain(`href="${paths.get}"`);
  expect(page.body).not.toContain(`href="${paths.getUser}"`);
});

test("a signed-in buyer who chose the dark theme gets the page dark from its first paint; another buyer's stays light", async () => {
  const signedIn = async (userId: number) => {
    const visitor = await t.visitor();
    await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.folkBalcony, quantity: 1 });
    const hash = hashToken(visitor.cookies.get(SESSION_COOKIE) ?? '');
    await t.db.updateTable('sessions').set({ user_id: userId }).where('token_hash', '=', hash).execute();
    return (await visitor.get('/checkout/')).body;
  };
  const dark = await signedIn(SEED.user.dark);
  expect(inlined(dark)[paths.getUser]).toMatchObject({ user: { is_dark_mode: true } });
  expect(dark).toContain('<html data-theme="dark" lang="en-GB">');
  expect(await signedIn(SEED.user.demo)).toContain('<html lang="en-GB">');
});

test('a name holding </script> stays inside the data block', async () => {
  const visitor = await t.visitor();
  await visitor.post(paths.addToBasket, { ticket_id: SEED.ticket.summerDay, quantity: 1 });
  const name = 'Day </script><script>alert(1)</script> <!-- & more';
  await t.db.updateTable('ticket_types').set({ name }).where('id', '=', SEED.ticket.summerDay).execute();
  const page = await visitor.get('/checkout/');
  expect(page.body).not.toContain('<script>alert(1)');
  // Every element the page opens ends where it should: the name ended none.
  expect(page.body.match(/<\/script>/g)).toHaveLength(page.body.match(/<script[ >]/g)?.length ?? -1);
  expect(JSON.stringify(inlined(page.body)[paths.get])).toContain(JSON.stringify(name).slice(1, -1));
});

test('a first visit gets its session cookies with the page and an empty checkout inlined', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/checkout/' });
  expect(page.statusCode).toBe(200);
  expect(page.cookies.map((cookie) => cookie.name).sort()).toEqual(['XSRF-TOKEN', 'checkout_sid']);
  const answers = inlined(page.body);
  expect(Object.keys(answers).sort()).toEqual([paths.get, paths.getUser].sort());
});
