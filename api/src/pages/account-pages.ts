import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerDevOutbox } from './dev-outbox';
import { CSS_TYPE, hashedAsset, serveAssets } from '../web/hashed-assets';
import type { PageAssets } from '../web/html';
import { registerMailingList } from './mailing-list';
import { pageScript } from '../web/page-scripts';
import { registerSignIn } from './signin';
import { testModeOf } from '../payment/modes';

/** /signin/, /mailing-list and /dev/outbox with their script and stylesheet (content-hashed, cached for a year). */
export function registerAccountPages(app: FastifyInstance, deps: AppDeps, assets: PageAssets): void {
  const script = pageScript(__dirname, 'account-pages');
  const cssBody = readFileSync(path.join(__dirname, 'assets', 'account-pages.css'), 'utf8');
  const css = hashedAsset('account-pages', 'css', CSS_TYPE, cssBody);
  serveAssets(app, [script, css]);
  const withCss: PageAssets = { ...assets, styles: [...assets.styles, css.url] };
  registerSignIn(app, deps, withCss, script.url);
  registerMailingList(app, deps, withCss, script.url);
  if (deps.config.devPages) registerDevOutbox(app, deps.db, assets, [css.url], testModeOf(deps.config.payment));
}
