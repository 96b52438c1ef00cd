#!/usr/bin/env node
// Serves one remote's static build: precompressed assets, CORS for the shell's origin, long cache for hashed files and
// no-cache for the entry files that a deployment replaces in place (remoteEntry.js, mf-manifest.json).
// Usage: node scripts/serve-static.mjs <dir> <port>    env: HOST, SHELL_ORIGIN (comma-separated allowed origins)
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const [dirArg, portArg] = process.argv.slice(2);
if (!dirArg || !portArg) {
  console.error('usage: serve-static.mjs <dir> <port>');
  process.exit(2);
}
const root = path.resolve(dirArg);
const port = Number(portArg);
const host = process.env.HOST ?? '0.0.0.0';
const allowedOrigins = new Set(
  (process.env.SHELL_ORIGIN ?? 'http://localhost:8080,http://127.0.0.1:8080')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean),
);
const entryFiles = new Set(['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'index.html']);

// Security headers on every answer (files, 404s, /healthz). These are scripts, styles and manifests, never pages: the
// policy lets nothing load or frame them as documents; a <script> or <link> of the shell's page is governed by the
// page's own policy (api/src/http/security-headers.ts), not by this one.
const securityHeaders = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Browsers heed it only when it arrives over HTTPS (the CDN or proxy in front), so plain-HTTP development is
  // unaffected. Without includeSubDomains: a remote's host may be a shared CDN name the marketplace does not own.
  'Strict-Transport-Security': 'max-age=31536000',
};

const app = Fastify({ logger: false });
app.addHook('onRequest', async (request, reply) => {
  reply.headers(securityHeaders);
  const origin = request.headers.origin;
  if (origin && allowedOrigins.has(origin)) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
  }
  if (request.method === 'OPTIONS') {
    reply.header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    reply.header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  }
});
app.get('/healthz', async () => ({ ok: true }));
await app.register(fastifyStatic, {
  root,
  preCompressed: true,
  cacheControl: false,
  // Source maps stay in dist/ for an error tracker's upload; the public never gets them (our sources, in full).
  allowedPath: (pathName) => !/\.map(\.(br|gz))?$/i.test(pathName),
  // @fastify/static hands over Fastify's reply here; a precompressed file's path ends in .gz or .br.
  setHeaders(reply, filePath) {
    const name = path.basename(filePath).replace(/\.(gz|br)$/, '');
    reply.header('Cache-Control', entryFiles.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable');
  },
});
await app.listen({ port, host });
console.log(`${path.basename(path.dirname(root))}: serving ${root} on http://localhost:${port}/`);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
