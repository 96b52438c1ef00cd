import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildAppWithDeps, type BuildAppOptions } from '../app/app';
import { loadCaptchaConfig } from '../captcha/config';
import { manualClock, type ManualClock } from '../platform/clock';
import type { Db } from '../db/schema';
import type { AppDeps } from '../deps';
import { createTestDatabase, TEST_NOW, type TestDatabaseOptions } from './test-db';
import { Visitor } from './visitor';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  clock: ManualClock;
  visitor(): Promise<Visitor>;
  close(): Promise<void>;
}

/** A fresh database, a clock that stands still at TEST_NOW, and the app on top (inject only, never listening). */
export async function createTestApp(
  options: TestDatabaseOptions & Pick<BuildAppOptions, 'config' | 'errorReporter' | 'logStream'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options);
  const clock = manualClock(TEST_NOW);
  // Every inject request comes from one address: the repeated-reservations captcha rule is off unless a test turns it on.
  const captcha = { ...loadCaptchaConfig({}), reserveLimit: 0 };
  // Tests read one-time codes from /dev/outbox.json, as the e2e stack does: the development pages are on unless a test
  // turns them off.
  const { app, deps } = await buildAppWithDeps({
    db: database.db,
    clock,
    config: { logLevel: 'silent', captcha, devPages: true, ...options.config },
    ...(options.errorReporter ? { errorReporter: options.errorReporter } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    deps,
    db: database.db,
    clock,
    visitor: () => new Visitor(app).start(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Paths of the calls the tests use most. */
export const paths = {
  getUser: '/ajax/user/user/get_user/',
  get: '/ajax/checkout/checkout/get/',
  updateBasketState: '/ajax/checkout/checkout/update_basket_state/',
  addToBasket: '/ajax/checkout/checkout/add_to_basket/',
  reserve: '/ajax/checkout/checkout/reserve_tickets/',
  destroy: '/ajax/checkout/checkout/destroy_sale/',
} as const;

/**
 * An answer's status and body without its request_id, which differs from request to request: for tests that check two
 * requests got the same answer (no enumeration by comparing refusals).
 */
export function answerOf(response: LightMyRequestResponse): [number, string] {
  return [response.statusCode, JSON.stringify({ ...response.json<Record<string, unknown>>(), request_id: undefined })];
}
