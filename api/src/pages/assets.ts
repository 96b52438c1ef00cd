import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import type { PageAssets } from '../web/html';
import { pageScript } from '../web/page-scripts';

/**
 * The plain pages' stylesheets and the events page's script, served under content-hashed names (cached for a
 * year). tokens.css is the checkout's own design tokens file, so the pages look like the checkout.
 */
export function registerPageAssets(app: FastifyInstance, tokensCssPath: string, marketplaceName: string): PageAssets {
  const dir = path.join(__dirname, 'assets');
  const tokens = existsSync(tokensCssPath) ? readFileSync(tokensCssPath, 'utf8') : '';
  const tokensAsset = hashedAsset('tokens', 'css', CSS_TYPE, tokens);
  const pagesAsset = hashedAsset('pages', 'css', CSS_TYPE, readFileSync(path.join(dir, 'pages.css'), 'utf8'));
  const scriptAsset = pageScript(__dirname, 'all-events');
  serveAssets(app, [tokensAsset, pagesAsset, scriptAsset]);
  return { styles: [tokensAsset.url, pagesAsset.url], eventsScript: scriptAsset.url, marketplaceName };
}
