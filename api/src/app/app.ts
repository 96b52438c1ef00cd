import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { type Clock, systemClock } from '../platform/clock';
import { type AppConfig, loadConfig, REPO_ROOT } from '../config';
import type { Db } from '../db/schema';
import type { AppDeps } from '../deps';
import { startDomainEventRelay } from '../domain-events/relay';
import { type DomainEventSubscriber, installDomainEventSubscribers } from '../domain-events/subscribers';
import { registerCleanTextGuard, routeUncleanUrls } from '../http/clean-text';
import { createErrorHandler, notFoundHandler } from '../http/error-handler';
import { parseFormBody, parseQueryString } from '../http/form';
import { registerCalls } from '../http/route';
import { registerSecurityHeaders } from '../http/security-headers';
import { clientErrorHandler } from '../http/client-errors';
import { fastifyTimeoutOptions } from '../config/http-timeouts';
import { fastifyTrustProxy } from '../config/trust-proxy';
import { addressHandlers } from '../address/handlers';
import { deliveryHandlers } from '../delivery/handlers';
import { donationHandlers } from '../donation/handlers';
import { identityHandlers } from '../identity/handlers';
import { instalmentHandlers } from '../instalments/handlers';
import { startInstalmentRunner } from '../instalments/jobs';
import { loadSessionSecret } from '../identity/secret';
import { Sessions } from '../session/session';
import { createMailer } from '../mail/mailer';
import { registerPageAssets } from '../pages/assets';
import { registerDemoImages } from '../pages/demo-images';
import { registerOpenApi } from '../openapi/routes';
import { buildOrganiserOpenApiDocument } from '../organiser-api/openapi';
import { registerDevOrganiserKeys } from '../organiser-api/dev-keys';
import { registerDoorPage } from '../door/page';
import { organiserApiOperations } from './organiser-operations';
import { ORGANISER_API_PREFIX, registerOrganiserApi } from '../organiser-api/plugin';
import { registerAccessLog } from '../observability/access-log';
import { createErrorReporter, type ErrorReporter } from '../observability/error-reporting';
import { jobFailureHandler } from '../observability/job-failures';
import { createMetricsRegistry } from '../observability/metrics';
import { metricsAfterCommitSubscribers } from './domain-event-metrics';
import { METRICS_ROUTE, registerMetricsRoute, registerRequestTiming } from '../observability/metrics-route';
import { registerRequestId, requestIdOf } from '../observability/request-id';
import { firstAnswersFrom } from '../pages/first-answers';
import { createRemotesSource, registerRemotes, shellRuntimeJson } from '../pages/remotes';
import { registerPages } from '../pages/routes';
import { createRenderShedding } from '../pages/render-shedding';
import { loadServerRender } from '../pages/server-render';
import { serverBuildPins } from '../pages/server-build-pins';
import { registerShell } from '../pages/shell';
import { createPaymentDomain } from '../payment';
import { postSaleHandlers } from '../post-sale/handlers';
import { preferencesHandlers } from '../preferences/handlers';
import { questionHandlers } from '../questions/handlers';
import { saleHandlers } from '../sale/handlers';
import { transferHandlers } from '../transfers/handlers';
import { startTransferRunner } from '../transfers/jobs';
import { refundMailSubscribers } from '../organiser-api/orders/refund-mail';
import { transferMailSubscribers } from '../transfers/mail-subscriber';
import { startWebhookRunner } from '../organiser-api/webhooks/deliver';
import { webhookSubscribers } from '../organiser-api/webhooks/subscriber';
import { checkedInWebhookSubscriber } from '../door/checked-in-subscriber';
import { registerTransferRoutes } from '../transfers/routes';
import { registerSaleRoutes } from '../sale/routes';
import { registerWaiverPages } from '../waivers/routes';
import { checkoutQueueRedirect, registerQueueRoutes } from '../waiting-room/routes';

/** The load balancer's and orchestrator's health check: the database answers. */
const HEALTH_ROUTE = '/healthz';

export interface BuildAppOptions {
  db: Db;
  clock?: Clock;
  /** Overrides on top of the environment's configuration (loadConfig). */
  config?: Partial<AppConfig>;
  /** Where unexpected errors are reported; by default Sentry when SENTRY_DSN is set, else nowhere (tests pass a fake). */
  errorReporter?: ErrorReporter;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * What reacts to the core's domain events, in the transaction that publishes them (domain-events/publish.ts); by
   * default the app's own (appDomainEventSubscribers). Installed for the process when the app is built.
   */
  domainEventSubscribers?: (deps: AppDeps) => readonly DomainEventSubscriber[];
}

/** What follows the core's domain events: the organiser API's webhooks and the mail sent on them (transfers, refunds). */
export const appDomainEventSubscribers = (deps: AppDeps): readonly DomainEventSubscriber[] => [
  ...webhookSubscribers,
  checkedInWebhookSubscriber,
  ...transferMailSubscribers(deps),
  ...refundMailSubscribers(deps),
];

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
  /** For the work main.ts runs beside the app (payment jobs, sweeps): their failures are reported like the app's. */
  errorReporter: ErrorReporter;
}

/**
 * GET /metrics, and the relay that counts committed domain events into it (domain-events/relay.ts): outside the
 * database, relayed once across the replicas, and before each scrape so a scrape reports everything committed.
 */
function registerMetrics(app: FastifyInstance, { db, clock, config }: AppDeps, reporter: ErrorReporter): void {
  const relay = startDomainEventRelay({
    db,
    clock,
    subscribers: metricsAfterCommitSubscribers,
    intervalMs: config.observability.domainEventRelayMs,
    onError: (error, subscriber) => {
      app.log.error({ err: error, subscriber }, 'domain event relay failed');
      reporter.capture(error, { jobKind: `domain-event-relay:${subscriber}` });
    },
  });
  app.addHook('onClose', () => relay.stop());
  registerMetricsRoute(
    app,
    createMetricsRegistry(db, clock, { processMetrics: config.observability.metricsToken !== undefined }),
    config.observability.metricsToken,
    () => relay.sweepNow(),
  );
}

/**
 * The whole HTTP server, not listening (main.ts listens; tests use app.inject). Everything that can be done once is
 * done here: the secret loaded, pages rendered, schemas and handlers bound.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await buildAppWithDeps(options)).app;
}

// eslint-disable-next-line max-lines-per-function -- the composition root: it wires every plugin, route and runner in the order Fastify needs, and reads best as that one list
export async function buildAppWithDeps({
  db,
  clock = systemClock,
  config: overrides = {},
  errorReporter,
  logStream,
  domainEventSubscribers = appDomainEventSubscribers,
}: BuildAppOptions): Promise<App> {
  const config: AppConfig = { ...loadConfig(), ...overrides };
  const reporter =
    errorReporter ??
    (await createErrorReporter({
      dsn: config.observability.sentryDsn,
      environment: config.observability.sentryEnvironment,
    }));
  // REMOTES_FILE is checked before anything starts: a wrong file stops the server here (pages/remotes.ts).
  const remotes = createRemotesSource(config, (message) => app.log.error(message));
  const secret = await loadSessionSecret(db, config.sessionSecret);
  const sessions = new Sessions({
    db,
    clock,
    secret,
    secureCookies: config.secureCookies,
    publicOrigin: new URL(config.publicUrl).origin,
  });
  // `app` is assigned below, before any mail can fail.
  const mailer = createMailer({
    db,
    clock,
    config: config.mail,
    onError: (error, job) => jobFailureHandler(app.log, reporter, 'mail delivery failed')(error, job),
  });
  const deps: AppDeps = { db, clock, config, sessions, mailer };
  installDomainEventSubscribers(domainEventSubscribers(deps));

  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // Fastify's own request lines are off: they log the raw URL (references, emails, codes) and the client's address.
    // The access log (observability/access-log.ts) writes one line per request without them, and failures are logged
    // by the error handler. Every log line of a request carries its id as request_id, the name error answers and
    // X-Request-Id give it.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: config.bodyLimit,
    // Slow headers and bodies are cut (a 408) rather than holding a socket for ever (http/timeouts.ts).
    ...fastifyTimeoutOptions(config.httpTimeouts),
    // Requests Node refuses before routing (too slow, headers too large) are answered in the usual { error } shape.
    clientErrorHandler,
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The incoming X-Request-Id when safe (observability/request-id.ts); Fastify's own header reading is off, as it
    // would take any value.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // NUL and text that is not UTF-8 in the URL are refused before routing decodes it (http/clean-text.ts).
    rewriteUrl: routeUncleanUrls,
  });

  // First, so every answer carries them: pages, /ajax, assets, errors and 404s (http/security-headers.ts).
  await registerSecurityHeaders(app, config, remotes);
  registerRequestId(app);
  registerRequestTiming(app);
  if (config.accessLog) registerAccessLog(app, { quietRoutes: [HEALTH_ROUTE, METRICS_ROUTE] });

  // POST bodies are form-encoded, nothing else: every other content type is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // NUL and text that is not UTF-8 are a 400 before any handler runs, in URLs and bodies (http/clean-text.ts).
  registerCleanTextGuard(app);
  app.addHook('onClose', () => mailer.close());
  // Payment plans: later payments and reminders are durable jobs, run by this runner (its kinds only).
  const instalmentRunner = startInstalmentRunner(deps, jobFailureHandler(app.log, reporter, 'instalment job failed'));
  app.addHook('onClose', () => instalmentRunner.stop());
  // Scheduled gifts: their transfer notifications are durable jobs, run by this runner (its kinds only).
  const transferRunner = startTransferRunner(deps, jobFailureHandler(app.log, reporter, 'transfer job failed'));
  app.addHook('onClose', () => transferRunner.stop());
  // Webhooks: each delivery is a durable job, attempted and retried with backoff by this runner (its kind only).
  const webhookRunner = startWebhookRunner(deps, jobFailureHandler(app.log, reporter, 'webhook job failed'), app.log);
  app.addHook('onClose', () => webhookRunner.stop());
  // Sends the reports still queued (Sentry batches them) before the process ends.
  app.addHook('onClose', () => reporter.close());
  await app.register(fastifyCookie);
  app.setErrorHandler(createErrorHandler(reporter));
  app.setNotFoundHandler(notFoundHandler);

  app.get(HEALTH_ROUTE, async (_request, reply) => {
    await db.selectFrom('settings').select('key').limit(1).execute();
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  registerMetrics(app, deps, reporter);
  const shellRuntime = shellRuntimeJson(config, remotes);
  registerRemotes(app, shellRuntime);
  const assets = registerPageAssets(app, config.tokensCss, config.marketplaceName);
  registerOpenApi(app, assets);
  registerDemoImages(app);
  // The page's first calls are answered inside the page itself (pages/first-answers.ts), by the routes' handlers.
  const identity = identityHandlers(deps);
  const sale = saleHandlers(deps);
  const renderShedding = createRenderShedding({ maxLagMs: config.serverRenderShedLagMs });
  app.addHook('onClose', () => renderShedding.stop());
  const registerShellPage = await registerShell(app, config.shellDist, {
    remotes,
    shellRuntime,
    runtime: config.runtime,
    manifestOrigins: { public: config.publicUrl, internal: config.remotesInternalOrigin },
    firstAnswers: firstAnswersFrom({ getCheckout: sale.getCheckout, getUser: identity.getUser }),
    queueRedirect: checkoutQueueRedirect(deps),
    renderFirstStep: config.serverRender
      ? loadServerRender({
          shellDist: config.shellDist,
          runtime: config.runtime,
          log: app.log,
          shedding: renderShedding,
          serverBuilds: serverBuildPins(config.serverBuilds, remotes, REPO_ROOT, app.log),
        })
      : null,
  });
  // Browsers ask for /favicon.ico on every page of the site: the checkout's mark, built with the shell.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/checkout/favicon.ico', 301));

  const payment = createPaymentDomain(deps);
  // Provider-hosted sandbox pages (3-D Secure, bank portal): outside the session context (payment/routes.ts).
  payment.registerPortals(app);

  // The API and the pages: every request has a session, every POST its XSRF header.
  await app.register(async (scope) => {
    sessions.register(scope);
    registerCalls(
      scope,
      {
        ...identity,
        ...sale,
        ...preferencesHandlers(deps),
        ...donationHandlers(deps),
        ...addressHandlers(deps),
        ...deliveryHandlers(deps),
        ...payment.handlers,
        ...instalmentHandlers(deps),
        ...questionHandlers(deps),
        ...postSaleHandlers(deps),
        ...transferHandlers(deps),
      },
      { checkResponses: config.checkResponses },
    );
    registerShellPage(scope);
    registerPages(scope, deps, assets);
    registerSaleRoutes(scope, deps, assets);
    payment.registerRoutes(scope);
    registerTransferRoutes(scope, deps, assets);
    registerWaiverPages(scope, deps, assets);
    registerQueueRoutes(scope, deps, assets);
  });

  // The organiser API: a key per organiser, JSON, no session (organiser-api/plugin.ts); its document is public.
  await registerOrganiserApi(app, deps, organiserApiOperations);
  // The door's scanner page: no session, its calls carry a door token (door/page.ts).
  registerDoorPage(app, assets);
  if (config.devPages) registerDevOrganiserKeys(app, deps);
  const organiserDocument = JSON.stringify(buildOrganiserOpenApiDocument(organiserApiOperations));
  app.get(`${ORGANISER_API_PREFIX}/openapi.json`, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(organiserDocument),
  );

  return { app, deps, errorReporter: reporter };
}
