import { calls } from '@checkout/shared';
import { randomUUID } from 'node:crypto';
import { SEED } from '../seed/catalogue';
import { salePaths } from '../testing/sale-support';
import type { TestApp } from '../testing/test-app';
import type { Visitor } from '../testing/visitor';
import { paymentJobHandlers } from './jobs';
import type { PaymentConfig } from './config';
import { providersFor } from './providers';
import { startJobRunner } from '../jobs/queue';

/** Helpers the payment domain's server tests share (no tests here). */

export const payPaths = {
  getToken: calls.getToken.path,
  claimFree: calls.claimFreeTickets.path,
  createBank: calls.createTruelayerPayment.path,
  payBank: calls.payWithTruelayer.path,
  bankStatus: calls.getTruelayerStatus.path,
  paymentError: calls.getPaymentError.path,
  billing: calls.setBillingAddress.path,
  account: calls.setAccountDetails.path,
  opoa: calls.getOpoaUsers.path,
  squareCredentials: calls.getSquareCredentials.path,
  paySquare: calls.payWithSquare.path,
  confirm: '/sandbox/stripe/confirm',
  threeDs: '/sandbox/stripe/3ds',
  stripeReturn: '/do/checkout/stripe_auth/',
  paymentMethods: '/sandbox/stripe/payment_methods',
  tokenize: '/sandbox/square/tokenize',
  squareScript: '/ajax/checkout/checkout/javascript-square/',
  bankPortal: '/sandbox/truelayer/authorize',
} as const;

export const CARDS = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  threeDs: '4000 0027 6000 3184',
} as const;

export const key = () => `k-${randomUUID()}`;

/**
 * A payment configuration for a test app: the sandboxes allowed, no real provider, the payment jobs left to the test
 * (runPaymentJobs), with `overrides` (a provider's keys, the bank's settle time, the sandboxes off).
 */
export function testPaymentConfig(overrides: Partial<PaymentConfig> = {}): PaymentConfig {
  return {
    sandboxes: true,
    stripe: null,
    bankSettleMs: 4000,
    jobsIntervalMs: 3_600_000,
    idempotencyWaitMs: 10_000,
    ...overrides,
  };
}

let nextId = 70_000;
/** A fresh ticket type with its own stock: on the stripe-type 'On-sale test' event, or the square-type comedy night. */
export async function freshTickets(
  t: TestApp,
  capacity: number,
  options: { kind?: 'stripe' | 'square'; price_minor?: number } = {},
): Promise<number> {
  nextId += 1;
  const square = options.kind === 'square';
  await t.db
    .insertInto('ticket_types')
    .values({
      id: nextId,
      event_id: square ? SEED.event.comedy : SEED.event.onSale,
      event_date_id: square ? 111 : 101,
      name: `Payment test ${nextId}`,
      price_minor: options.price_minor ?? 1000,
      currency: 'GBP',
      capacity,
    })
    .execute();
  return nextId;
}

/** A visitor holding a live reservation of `qty` of `ticketTypeId`. */
export async function reservedBuyer(t: TestApp, ticketTypeId: number, qty = 1): Promise<Visitor> {
  const visitor = await t.visitor();
  const added = await visitor.post(salePaths.add, { ticket_id: ticketTypeId, quantity: qty });
  if (added.json().success !== true) throw new Error(`add_to_basket refused: ${added.body}`);
  const reserved = await visitor.post(salePaths.reserve);
  if (reserved.json().reserved !== true) throw new Error(`reserve refused: ${reserved.body}`);
  return visitor;
}

/** The card form's fields for a number. */
export const cardForm = (clientSecret: string, number: string) => ({
  client_secret: clientSecret,
  number,
  exp_month: '12',
  exp_year: '34',
  cvc: '123',
  postcode: 'BN1 1AA',
});

/** Runs every due payment job now (refunds, bank settlement), as the app's runner would. */
export async function runPaymentJobs(t: TestApp): Promise<number> {
  const providers = providersFor(t.db, t.clock, t.deps.config.payment);
  const runner = startJobRunner({
    db: t.db,
    clock: t.clock,
    handlers: paymentJobHandlers(t.deps, providers),
    kinds: Object.keys(paymentJobHandlers(t.deps, providers)),
    intervalMs: 3_600_000,
    onError: () => undefined,
  });
  try {
    return await runner.runDue();
  } finally {
    await runner.stop();
  }
}

/** Starts a bank payment and answers the portal's payment id. */
export async function toBank(visitor: Visitor): Promise<string> {
  expect((await visitor.post(payPaths.createBank)).json()).toMatchObject({
    success: true,
    payment_id: expect.stringMatching(/^bp_/),
  });
  const response = await visitor.post(payPaths.payBank, { contact_number: '', idempotency_key: key() });
  expect(response.statusCode).toBe(200);
  const { auth_url } = response.json<{ auth_url: string }>();
  expect(auth_url).toMatch(/^\/sandbox\/truelayer\/authorize\?payment_id=bp_/);
  return new URL(auth_url, 'http://x').searchParams.get('payment_id') ?? '';
}

/** A button of the bank portal (a plain form post from the bank's own site: no XSRF header). */
export async function bankPortal(t: TestApp, paymentId: string, action: 'approve' | 'cancel' | 'fail') {
  const response = await t.app.inject({
    method: 'POST',
    url: payPaths.bankPortal,
    payload: `payment_id=${paymentId}&action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/checkout/?truelayer_return=1');
}
