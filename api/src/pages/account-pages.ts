import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { SESSIONLESS } from '../identity/session';
import { registerDevOutbox } from './dev-outbox';
import type { PageAssets } from './html';
import { registerMailingList } from './mailing-list';
import { registerSignIn } from './signin';

function hashedAsset(app: FastifyInstance, name: string, ext: string, type: string): string {
  const body = readFileSync(path.join(__dirname, 'assets', `${name}.${ext}`), 'utf8');
  const url = `/assets/${name}.${createHash('sha256').update(body).digest('hex').slice(0, 10)}.${ext}`;
  app.get(url, SESSIONLESS, async (_request, reply) =>
    reply.header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').send(body),
  );
  return url;
}

/** /signin/, /mailing-list and /dev/outbox with their script and stylesheet (content-hashed, cached for a year). */
export function registerAccountPages(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const script = hashedAsset(app, 'account-pages', 'js', 'text/javascript; charset=utf-8');
  const css = hashedAsset(app, 'account-pages', 'css', 'text/css; charset=utf-8');
  const withCss: PageAssets = { ...assets, styles: [...assets.styles, css] };
  registerSignIn(app, deps, withCss, script);
  registerMailingList(app, deps, withCss, script);
  if (deps.config.devPages) registerDevOutbox(app, deps.db, assets, [css]);
}
