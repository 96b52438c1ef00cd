import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { JS_TYPE, hashedAsset, type Asset } from './hashed-assets';

/**
 * The plain pages' scripts are TypeScript for the browser, type-checked and linted with the rest of the api.
 *
 * To add one: write `api/src/<area>/assets/<name>.ts` (browser code: the DOM, no node; it may import
 * `api/src/web/browser/` for posting forms with the XSRF header and showing their status (forms.ts), or for a page
 * whose forms the server answers with the page again (form-page.ts), and `@checkout/shared`),
 * then serve it from the area's routes with `serveAssets(app, [pageScript(__dirname, '<name>')])` and put the asset's
 * url in `layout({ scripts })`. Nothing else: api/page-scripts.cjs finds every such entry.
 *
 * In production api/build.mjs has bundled each entry into dist/<area>/assets/<name>.js, which is read here; the
 * running server never needs esbuild. From source (tsx, jest) the .ts is there instead, and is bundled in memory
 * with the same options the first time it is asked for.
 */
export function pageScript(dirname: string, name: string): Asset {
  const entry = path.join(dirname, 'assets', `${name}.ts`);
  const body = existsSync(entry)
    ? bundledFromSource(entry)
    : readFileSync(path.join(dirname, 'assets', `${name}.js`), 'utf8');
  return hashedAsset(name, 'js', JS_TYPE, body);
}

/** The module that bundles page scripts from source (api/page-scripts.cjs). */
export const PAGE_SCRIPT_BUILDER = path.join(__dirname, '..', '..', 'page-scripts.cjs');

interface PageScriptBuilder {
  bundlePageScript(entry: string): string;
}

const fromSource = new Map<string, string>();

function bundledFromSource(entry: string): string {
  let body = fromSource.get(entry);
  if (body === undefined) {
    // Loaded only here, by path: the production bundle neither contains nor imports esbuild.
    const builder = createRequire(__filename)(
      path.join(__dirname, '..', '..', 'page-scripts.cjs'),
    ) as PageScriptBuilder;
    body = builder.bundlePageScript(entry);
    fromSource.set(entry, body);
  }
  return body;
}
