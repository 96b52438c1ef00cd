import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageAssets } from './html';

interface Asset {
  url: string;
  type: string;
  body: string;
}

function asset(name: string, ext: string, type: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  return { url: `/assets/${name}.${hash}.${ext}`, type, body };
}

/**
 * The plain pages' stylesheets and script, read once at start-up and served under content-hashed names (cached for a
 * year). tokens.css is the checkout's own design tokens file, so the pages look like the checkout.
 */
export function registerPageAssets(app: FastifyInstance, tokensCssPath: string): PageAssets {
  const dir = path.join(__dirname, 'assets');
  const tokens = existsSync(tokensCssPath) ? readFileSync(tokensCssPath, 'utf8') : '';
  const list = [
    asset('tokens', 'css', 'text/css; charset=utf-8', tokens),
    asset('pages', 'css', 'text/css; charset=utf-8', readFileSync(path.join(dir, 'pages.css'), 'utf8')),
    asset('all-events', 'js', 'text/javascript; charset=utf-8', readFileSync(path.join(dir, 'all-events.js'), 'utf8')),
  ];
  for (const item of list) {
    app.get(item.url, async (_request, reply) =>
      reply
        .header('content-type', item.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(item.body),
    );
  }
  const [tokensAsset, pagesAsset, scriptAsset] = list as [Asset, Asset, Asset];
  return { styles: [tokensAsset.url, pagesAsset.url], eventsScript: scriptAsset.url };
}
