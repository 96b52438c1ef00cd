import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AFTER_PAINT_ELEMENT_ID, scriptSafeJson, type AfterPaint } from '@checkout/shared';
import { escapeHtml } from '../web/html';

/**
 * The head of a server-rendered /checkout/: its step is in the page, so its first paint needs nothing but the page's
 * own bytes, and everything else starts after it.
 *
 * Styles: a server-rendered /checkout/ carries its stylesheets' text in its head, so that a phone paints the step with the
 * page's own bytes: a linked stylesheet is a request the first paint waits for, and the step's comes from the remote's
 * origin (a new connection, three round trips on a phone). Each is written as `<style data-href="<its URL>">`, which
 * webpack's CSS chunk loading (mini-css-extract-plugin) takes for the chunk's stylesheet already on the page, so the
 * step's scripts do not load it again. The page's policy already allows inline styles (style-src 'unsafe-inline', for
 * React's style attributes too; a nonce would switch that off), so the policy is unchanged.
 */

/**
 * Scripts: the shell's deferred scripts are run by the after-paint loader (assets/after-paint.ts) once the page has
 * painted, rather than as soon as they arrive, and its script preloads are low priority: on a phone the step is on
 * screen while the scripts that make it usable download, and the first paint waits for none of them.
 */
export function scriptsAfterPaint(html: string, loaderUrl: string): { html: string; scripts: string[] } {
  const scripts: string[] = [];
  const without = html
    .replace(/<script defer="defer" src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      scripts.push(src);
      return '';
    })
    .replace(
      /<link rel="preload" as="script" href="([^"]+)">/g,
      '<link rel="preload" as="script" href="$1" fetchpriority="low">',
    );
  if (scripts.length === 0) return { html, scripts };
  const at = without.indexOf('</head>');
  const loader = `<script defer src="${escapeHtml(loaderUrl)}"></script>`;
  return { html: at < 0 ? without : `${without.slice(0, at)}${loader}${without.slice(at)}`, scripts };
}

/** The page's data block for the after-paint loader. */
export function afterPaintBlock(afterPaint: AfterPaint): string {
  if (afterPaint.scripts.length === 0 && afterPaint.preloads.length === 0) return '';
  return `<script type="application/json" id="${AFTER_PAINT_ELEMENT_ID}">${scriptSafeJson(JSON.stringify(afterPaint))}</script>`;
}

/** The <style> element carrying a stylesheet, or null when its text could end the element (it is then linked). */
export function styleElement(href: string, css: string): string | null {
  if (/<\/style/i.test(css)) return null;
  return `<style data-href="${escapeHtml(href)}">${css}</style>`;
}

/**
 * The built page with each of its own stylesheets (`<link href="/checkout/main.<hash>.css" rel="stylesheet">`, as
 * html-webpack-plugin writes them) inlined from the shell's build folder; a file that cannot be read stays linked.
 */
export function inlineShellStyles(html: string, shellDist: string, publicPath = '/checkout/'): string {
  return html.replace(/<link href="([^"]+\.css)" rel="stylesheet">/g, (tag, href: string) => {
    if (!href.startsWith(publicPath) || href.includes('..')) return tag;
    try {
      return styleElement(href, readFileSync(path.join(shellDist, href.slice(publicPath.length)), 'utf8')) ?? tag;
    } catch {
      return tag;
    }
  });
}

export interface StyleCache {
  /** The stylesheet's text, waiting at most `waitMs` for it when not known yet; null when it cannot be had (yet). */
  get(url: string): Promise<string | null>;
}

/**
 * The remotes' stylesheets, fetched by the api and kept: their names carry their content's hash, so a URL's text never
 * changes (a redeployed remote names new files). A failure is forgotten after `retryAfterMs`, so a later page asks
 * again; meanwhile pages link the stylesheet instead.
 */
export function createStyleCache(
  options: {
    fetchText?: (url: string) => Promise<string>;
    waitMs?: number;
    retryAfterMs?: number;
    maxEntries?: number;
    now?: () => number;
  } = {},
): StyleCache {
  const {
    fetchText = defaultFetchText,
    waitMs = 300,
    retryAfterMs = 10_000,
    maxEntries = 32,
    now = Date.now,
  } = options;
  const known = new Map<string, { text: Promise<string | null>; failedAt: number | null }>();
  const fetchOnce = (url: string) => {
    const entry: { text: Promise<string | null>; failedAt: number | null } = {
      text: fetchText(url).catch(() => {
        entry.failedAt = now();
        return null;
      }),
      failedAt: null,
    };
    known.set(url, entry);
    // The oldest first: a long-running api sees a remote's new files at each deployment.
    while (known.size > maxEntries) known.delete(known.keys().next().value as string);
    return entry;
  };
  return {
    async get(url) {
      let entry = known.get(url);
      if (!entry || (entry.failedAt !== null && now() - entry.failedAt > retryAfterMs)) entry = fetchOnce(url);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([entry.text, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A stylesheet larger than this is linked rather than inlined: the page would carry it on every load. */
const MAX_INLINE_BYTES = 64 * 1024;

export async function defaultFetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/css')) throw new Error(`${url}: not a stylesheet (${type})`);
  const text = await response.text();
  if (text.length > MAX_INLINE_BYTES) throw new Error(`${url}: ${text.length} bytes, too large to inline`);
  return text;
}
