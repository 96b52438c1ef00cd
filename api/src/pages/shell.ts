import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from './html';

/** Webpack names built assets name.<10 hex>.ext: safe to cache for a year. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/**
 * The shell's production build under /checkout/: index.html for /checkout/ and /checkout (never cached, it names the
 * current hashed bundles), hashed assets cached for a year, .br/.gz siblings sent when the browser accepts them.
 */
export async function registerShell(app: FastifyInstance, shellDist: string): Promise<void> {
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    const page = `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Checkout</title><p>The checkout page has not been built yet: run <code>npm run build</code> (looked in ${escapeHtml(shellDist)}).</p></html>`;
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).header('content-type', 'text/html; charset=utf-8').send(page);
    app.get('/checkout', notBuilt);
    app.get('/checkout/', notBuilt);
    return;
  }
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/checkout/',
    preCompressed: true,
    index: ['index.html'],
    redirect: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.header('cache-control', HASHED.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/checkout', async (_request, reply) => reply.sendFile('index.html'));
}
