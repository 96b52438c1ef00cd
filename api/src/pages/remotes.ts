import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * /remotes.json: where each remote's manifest lives and the page's runtime configuration, from the environment.
 * Deploying a remote means changing its URL here; the shell reads it on every load (no-cache), never rebuilt.
 */
export function registerRemotes(app: FastifyInstance, config: AppConfig): void {
  const body = JSON.stringify({
    remotes: Object.fromEntries(Object.entries(config.remotes).map(([name, entry]) => [name, { entry }])),
    config: config.runtime,
  });
  app.get('/remotes.json', async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
