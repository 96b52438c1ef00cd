import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock';
import { type AppConfig, loadConfig } from './config';
import type { Db } from './db/schema';
import type { AppDeps } from './deps';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { parseFormBody, parseQueryString } from './http/form';
import { registerCalls } from './http/route';
import { identityHandlers } from './identity/handlers';
import { loadSessionSecret } from './identity/secret';
import { Sessions } from './identity/session';
import { registerPageAssets } from './pages/assets';
import { registerDemoImages } from './pages/demo-images';
import { registerRemotes } from './pages/remotes';
import { registerPages } from './pages/routes';
import { registerShell } from './pages/shell';
import { saleHandlers } from './sale/handlers';

export interface BuildAppOptions {
  db: Db;
  clock?: Clock;
  /** Overrides on top of the environment's configuration (loadConfig). */
  config?: Partial<AppConfig>;
}

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
}

/**
 * The whole HTTP server, not listening (main.ts listens; tests use app.inject). Everything that can be done once is
 * done here: the secret loaded, pages rendered, schemas and handlers bound.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await buildAppWithDeps(options)).app;
}

export async function buildAppWithDeps({ db, clock = systemClock, config: overrides = {} }: BuildAppOptions): Promise<App> {
  const config: AppConfig = { ...loadConfig(), ...overrides };
  const secret = await loadSessionSecret(db, config.sessionSecret);
  const sessions = new Sessions({ db, clock, secret, secureCookies: config.secureCookies });
  const deps: AppDeps = { db, clock, config, sessions };

  const app = Fastify({
    logger: { level: config.logLevel },
    // Failures are logged by the error handler; a line per request would cost more than most requests do.
    disableRequestLogging: true,
    bodyLimit: config.bodyLimit,
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: config.trustProxy,
  });

  // POST bodies are form-encoded (spec 7), nothing else: every other content type is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  await app.register(fastifyCookie);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  app.get('/healthz', async (_request, reply) => {
    await db.selectFrom('settings').select('key').limit(1).execute();
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  registerRemotes(app, config);
  const assets = registerPageAssets(app, config.tokensCss);
  registerDemoImages(app);
  await registerShell(app, config.shellDist);

  // The API and the pages: every request has a session, every POST its XSRF header.
  await app.register(async (scope) => {
    sessions.register(scope);
    registerCalls(scope, { ...identityHandlers(deps), ...saleHandlers(deps) }, { checkResponses: config.checkResponses });
    registerPages(scope, deps, assets);
  });

  return { app, deps };
}
