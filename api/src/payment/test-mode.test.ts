import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calls, CheckoutSchema, FIRST_ANSWERS_ELEMENT_ID, type PaymentMethod } from '@checkout/shared';
import { testModeNotice } from '@checkout/shared/messages/common';
import { deliveryPaths, markPaid } from '../delivery/test-support';
import { WALLET_EMAIL_KIND } from '../emails/wallet-email';
import { refundEmail } from '../emails/refund';
import { guestVisitor, reservedVisitor } from '../testing/identity';
import { saleOf } from '../testing/sale-support';
import { createTestApp, paths, type TestApp } from '../testing/test-app';
import type { PaymentConfig } from './config';
import { paymentMessages } from './messages';
import { freshTickets, payPaths, reservedBuyer, testPaymentConfig, toBank } from './test-support';

/**
 * TEST MODE (some way of paying takes test money: its offline sandbox) on every page the buyer sees and in every email,
 * and only then; and the ways of paying the checkout offers are the ones whose provider is not off.
 */

const NOTE = `<p class="test-mode" role="note">${testModeNotice}</p>`;
const stripe = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' };

// A stand-in for the shell's build: /checkout/ is its page with the first answers inlined.
const shellDist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
writeFileSync(
  path.join(shellDist, 'index.html'),
  '<!doctype html><html lang="en-GB"><head><title>Checkout</title></head><body></body></html>',
);
afterAll(() => rmSync(shellDist, { recursive: true, force: true }));

/** The plain pages the buyer can reach, found or not (a not-found page is a page too). */
const PAGES = [
  '/all-events/',
  '/refund-policy/',
  '/legal-information/purchase-terms-and-conditions/',
  '/account/wallet/',
  '/signin/',
  '/mailing-list',
  '/queue/999999/',
  '/smartcheckout/?session=CT-AAAAAAAAAAAAAAAA',
  '/activity-terms-and-conditions/CT-AAAAAAAAAAAAAAAA/',
  '/transfers/accept/aaaaaaaaaaaaaaaaaaaa',
];

const FIRST_ANSWERS = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`);

describe.each<[string, PaymentConfig, boolean, PaymentMethod[]]>([
  [
    'the sandboxes take every method (test money)',
    testPaymentConfig(),
    true,
    ['bank_transfer', 'card', 'instalment', 'square'],
  ],
  ['Stripe live, the rest off', testPaymentConfig({ sandboxes: false, stripe }), false, ['card', 'instalment']],
  ['every method off', testPaymentConfig({ sandboxes: false }), false, []],
])('%s', (_name, payment, testMode, available) => {
  let t: TestApp;
  let buyers = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { payment, shellDist, serverRender: false } });
  }, 60_000);
  afterAll(() => t?.close());

  test(`the checkout says test_mode ${testMode} and offers ${available.join(', ') || 'nothing'}, with or without a sale`, async () => {
    const fresh = await t.visitor();
    const reserved = await reservedVisitor(t);
    for (const visitor of [fresh, reserved]) {
      const checkout = CheckoutSchema.parse((await visitor.get(paths.get)).json());
      expect({ test_mode: checkout.test_mode, available: checkout.available_payment_methods }).toEqual({
        test_mode: testMode,
        available,
      });
    }
  });

  test('the checkout page carries it in its inlined first answer, for the shell (and its server render)', async () => {
    const page = await (await reservedVisitor(t)).get('/checkout/');
    const answers = JSON.parse(FIRST_ANSWERS.exec(page.body)?.[1] ?? '{}') as Record<string, unknown>;
    expect(answers[calls.getCheckout.path]).toMatchObject({
      test_mode: testMode,
      available_payment_methods: available,
    });
  });

  test(testMode ? 'every plain page says TEST MODE in a note' : 'no plain page says TEST MODE', async () => {
    const visitor = await t.visitor();
    for (const url of PAGES) {
      const page = await visitor.get(url);
      expect({ url, type: page.headers['content-type'] }).toEqual({ url, type: expect.stringMatching(/^text\/html/) });
      if (testMode) expect({ url, note: page.body.includes(NOTE) }).toEqual({ url, note: true });
      else expect({ url, says: page.body.includes('TEST MODE') }).toEqual({ url, says: false });
    }
  });

  test(testMode ? 'every email says TEST MODE: subject, frame and text' : 'no email says TEST MODE', async () => {
    buyers += 1;
    const email = `test-mode-${buyers}@example.com`;
    const visitor = await guestVisitor(t, email, 'Robin Buyer');
    await markPaid(t.db, (await saleOf(t, visitor)).id, t.clock.now());
    await visitor.post(deliveryPaths.deliver);
    expect((await visitor.post(deliveryPaths.email)).json()).toEqual({ delivery_completed: true });
    const mails = await t.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();
    expect(mails.map((mail) => mail.kind)).toEqual(['one_time_code', WALLET_EMAIL_KIND]);
    for (const mail of mails) {
      if (testMode) {
        expect(mail.subject).toMatch(/^\[TEST MODE\] Your /);
        expect(mail.text_body.startsWith(`${testModeNotice}\n\n`)).toBe(true);
        expect(mail.html_body).toMatch(/role="note"/);
        expect(mail.html_body).toContain(testModeNotice);
      } else {
        expect(`${mail.subject} ${mail.text_body} ${mail.html_body ?? ''}`).not.toContain('TEST MODE');
      }
    }
  });

  if (testMode)
    test("the sandbox bank's own page says it too", async () => {
      const visitor = await reservedBuyer(t, await freshTickets(t, 10, { kind: 'square' }));
      const page = await visitor.get(`${payPaths.bankPortal}?payment_id=${await toBank(visitor)}`);
      expect(page.body).toContain(`role="note">${testModeNotice}</p>`);
    });
  else
    test('a way of paying that is off is still refused by the server, whatever a page offers', async () => {
      const visitor = await reservedVisitor(t);
      for (const call of [payPaths.createBank, payPaths.squareCredentials]) {
        const answer = await visitor.post(call);
        expect([call, answer.statusCode, answer.json<{ error?: unknown }>().error]).toEqual([
          call,
          409,
          paymentMessages.methodOff,
        ]);
      }
    });
});

describe('an email as the deployment sends it', () => {
  const context = {
    to: 'robin@example.com',
    buyerName: 'Robin Buyer',
    reference: 'CT-REFUND',
    organiser: 'Riverside Live',
    amount: '£39.00',
    tickets: ['Adult (ticket ABCD)'],
    whole: true,
    reason: null,
  };

  test('under test mode: [TEST MODE] before the subject, the note above the frame, the sentence first in the text', async () => {
    const mail = await refundEmail(context, { brand: 'Tickets', testMode: true });
    expect(mail.subject).toBe('[TEST MODE] Your refund for order CT-REFUND');
    expect(mail.text.split('\n\n')[0]).toBe(testModeNotice);
    expect(mail.html?.indexOf(testModeNotice)).toBeLessThan(mail.html?.indexOf('Your refund') ?? 0);
  });

  test('with every way of paying live or off: nothing of it', async () => {
    const mail = await refundEmail(context, { brand: 'Tickets', testMode: false });
    expect(mail.subject).toBe('Your refund for order CT-REFUND');
    expect(`${mail.text} ${mail.html ?? ''}`).not.toContain('TEST MODE');
  });
});
