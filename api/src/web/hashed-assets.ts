import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SESSIONLESS } from '../session/session';

export const JS_TYPE = 'text/javascript; charset=utf-8';
export const CSS_TYPE = 'text/css; charset=utf-8';

export interface Asset {
  url: string;
  type: string;
  body: string;
}

/** A file served as /assets/<name>.<hash>.<ext>: a new body is a new URL, so the old one can be cached for good. */
export function hashedAsset(name: string, ext: string, type: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  return { url: `/assets/${name}.${hash}.${ext}`, type, body };
}

/** Serves each asset at its hashed URL, cached for a year, without a session. */
export function serveAssets(app: FastifyInstance, list: readonly Asset[]): void {
  for (const item of list) {
    app.get(item.url, SESSIONLESS, async (_request, reply) =>
      reply
        .header('content-type', item.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(item.body),
    );
  }
}
