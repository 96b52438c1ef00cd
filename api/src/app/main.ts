/**
 * The api process: opens the database (PGlite under .data/pglite, or PostgreSQL when DATABASE_URL is set), migrates,
 * seeds the demo catalogue into an empty database unless this is production (seed/seed.ts demoSeedOn), starts the hold
 * sweeper and listens on HOST:PORT. SIGINT/SIGTERM close it cleanly.
 */
import { buildAppWithDeps } from './app';
import { systemClock } from '../platform/clock';
import { loadConfig, type AppConfig } from '../config';
import { databaseOptionsFromEnv, describeDatabase, openDatabase, type DatabaseOptions } from '../db/connect';
import { embeddedDatabaseRefusal } from '../db/embedded-guard';
import { describeTrustProxy } from '../http/trust-proxy';
import { OUTBOX_PATHS } from '../pages/dev-outbox';
import { migrateToLatest } from '../db/migrate';
import { startHoldSweeper } from '../inventory/hold-sweeper';
import { startRetentionSweeper } from '../jobs/retention';
import { jobFailureHandler } from '../observability/job-failures';
import { startPaymentJobs } from '../payment/jobs';
import { withSecretFiles } from '../secret-files';
import { describeProviderModes, providerModes, providersFor } from '../payment/providers';
import { demoSeedOn, onSaleCapacityFromEnv, seedIfEmpty } from '../seed/seed';
import { databaseFailure, describeError, listenFailure, withoutCredentials } from './startup-failure';

/**
 * A start-up the configuration forbids, or that cannot go on (no database, the port taken): said in one sentence that
 * names the variable or the problem, never as a stack trace.
 */
class StartupRefusal extends Error {}

/** Runs one step of the start-up; its failure becomes a refusal in the sentence `describe` makes of it. */
async function step<T>(run: () => Promise<T>, describe: (error: unknown) => string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupRefusal(describe(error));
  }
}

/** The configuration, or a refusal saying what is wrong with it. */
function configuration(): {
  config: AppConfig;
  database: DatabaseOptions;
  seedDemo: boolean;
  onSaleCapacity: number;
} {
  try {
    // Secrets mounted as files (NAME_FILE) first, into the process's environment: every later reader (the app's own
    // loadConfig, settling's) sees the filled-in values.
    Object.assign(process.env, withSecretFiles(process.env));
    const env = process.env;
    const config = loadConfig(env);
    const refusal = embeddedDatabaseRefusal(env);
    if (refusal) throw new Error(refusal);
    return {
      config,
      database: databaseOptionsFromEnv(env),
      seedDemo: demoSeedOn(env),
      onSaleCapacity: onSaleCapacityFromEnv(env),
    };
  } catch (error) {
    throw new StartupRefusal(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const { config, database: databaseOptions, seedDemo, onSaleCapacity } = configuration();
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const clock = systemClock;

  // node-postgres connects on the first query, so a database that is down or refuses us shows here, at the migration.
  const database = await step(
    async () => {
      const opened = await openDatabase(databaseOptions);
      await migrateToLatest(opened.db);
      return opened;
    },
    (error) => databaseFailure(error, describeDatabase(databaseOptions)),
  );
  const seeded = seedDemo ? await seedIfEmpty(database.db, { now: clock.now(), onSaleCapacity }) : false;

  const { app, deps, errorReporter } = await buildAppWithDeps({ db: database.db, clock, config });
  app.log.info(`database: ${database.kind} (${database.description})${seeded ? ', demo catalogue seeded' : ''}`);
  if (!seedDemo) app.log.info('demo catalogue: not seeded (SEED_DEMO=1 seeds it into an empty database)');
  app.log.info(`TRUST_PROXY: ${describeTrustProxy(config.trustProxy)}`);
  const modes = providerModes(config.payment);
  for (const line of describeProviderModes(modes)) {
    // Test money taking real orders is the mistake to see at a glance in a production log.
    if (process.env.NODE_ENV === 'production' && line.includes('SANDBOX')) app.log.warn(line);
    else app.log.info(line);
  }
  if (config.devPages) {
    // Loud on purpose: these pages publish every one-time code and ticket code to anyone who asks.
    app.log.warn(
      `DEVELOPMENT PAGES ARE ON: ${config.publicUrl}${OUTBOX_PATHS.page} shows every email, one-time codes and ticket codes included, to anyone, and mail is printed here. Never run a deployment like this: unset DEV_PAGES (and NODE_ENV=development).`,
    );
  } else if (!config.mail.smtpUrl) {
    app.log.warn('SMTP_URL is not set: mail (one-time codes, tickets) stays in the outbox table and reaches nobody.');
  }
  const sweeper = startHoldSweeper({
    db: database.db,
    clock,
    intervalMs: config.holdSweepMs,
    onError: jobFailureHandler(app.log, errorReporter, 'hold sweep failed'),
    onSwept: (result) => app.log.info(`expired ${result.tickets} held tickets of ${result.sales} sales`),
  });

  // Refunds and bank payments whose buyer never came back (payment/jobs.ts).
  const paymentJobs = startPaymentJobs(
    deps,
    providersFor(database.db, clock, config.payment),
    jobFailureHandler(app.log, errorReporter, 'payment job failed'),
  );

  // Finished jobs and sent mail are deleted once old (jobs/retention.ts); pending, failed and unsent rows never are.
  const retention = startRetentionSweeper({
    db: database.db,
    clock,
    policy: { jobDays: config.observability.jobRetentionDays, outboxDays: config.observability.outboxRetentionDays },
    intervalMs: config.observability.retentionSweepMs,
    onError: jobFailureHandler(app.log, errorReporter, 'retention sweep failed'),
    onSwept: (result) =>
      app.log.info(`retention: deleted ${result.jobs} finished jobs and ${result.messages} sent messages`),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void (async () => {
      await app.close();
      await sweeper.stop();
      await retention.stop();
      await paymentJobs.stop();
      await database.close();
      process.exit(0);
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await step(
    () => app.listen({ port, host }),
    (error) => listenFailure(error, host, port),
  );
  // A log line like every other: plain text in the middle of the JSON log would be one more format to parse.
  const url = `${config.publicUrl}/all-events/`;
  app.log.info({ url }, `Checkout is running. Open ${url}`);
}

main().catch((error: unknown) => {
  const reason = error instanceof StartupRefusal ? error.message : describeError(error);
  console.error(`The api did not start: ${withoutCredentials(reason)}`);
  process.exit(1);
});
