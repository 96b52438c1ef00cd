import * as z from 'zod/mini';
import { calls, remoteForState, type AfterPaintPreload } from '@checkout/shared';
import { escapeHtml } from '../web/html';
import { styleElement } from './rendered-head';

/**
 * Mobile lab: without help the page asks for the basket remote only after the shell's scripts have
 * downloaded and run (manifest -> remoteEntry + exposed module -> shared chunk: three round trips after ≈ 1.8 s on a
 * phone), and for the checkout and the user at the same moment. The api, which serves the page and knows the remotes'
 * URLs, names all of them in the page's head as preloads, so they download beside the shell's own scripts. They are
 * hints only: the federation runtime still reads the manifest and decides; a stale or missing manifest costs at most
 * some wasted bytes, never a wrong page.
 */

/** The parts of a remote's mf-manifest.json (Module Federation 2) the preloads need. */
const FilesSchema = z.object({ sync: z.array(z.string()) });
const AssetsSchema = z.object({ js: FilesSchema, css: z._default(FilesSchema, { sync: [] }) });
export const RemoteManifestSchema = z.object({
  metaData: z.object({
    remoteEntry: z.object({ name: z.string(), path: z._default(z.string(), '') }),
    publicPath: z.optional(z.string()),
  }),
  shared: z._default(z.array(z.object({ name: z.string(), assets: AssetsSchema })), []),
  exposes: z._default(z.array(z.object({ path: z.string(), assets: AssetsSchema })), []),
});
export type RemoteManifest = z.infer<typeof RemoteManifestSchema>;

/** The step most visits start on, and so the remote module worth fetching with the page. */
const FIRST_STEP = remoteForState('basket');

/** Where the manifest's files live: its publicPath, or ('auto') the manifest's own folder. */
function baseOf(manifestUrl: string, manifest: RemoteManifest): URL {
  const publicPath = manifest.metaData.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
}

/**
 * The scripts the first step's remote needs before it can show the step: its remoteEntry, the exposed module's own
 * scripts, and its copies of the shared libraries the shell does not provide (the shell's copies win, so preloading
 * the remote's would waste the phone's bandwidth).
 */
export function remoteScripts(
  manifestUrl: string,
  manifest: RemoteManifest,
  shellShared: ReadonlySet<string>,
): string[] {
  if (!FIRST_STEP) return [];
  const base = baseOf(manifestUrl, manifest);
  const entry = manifest.metaData.remoteEntry;
  const files = [entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name];
  files.push(...(firstStepAssets(manifest)?.js.sync ?? []));
  for (const shared of manifest.shared) if (!shellShared.has(shared.name)) files.push(...shared.assets.js.sync);
  return [...new Set(files.map((file) => new URL(file, base).href))];
}

/**
 * The first step's stylesheets: the remote's build extracts each exposed module's CSS into files, which webpack's chunk
 * loading links when the module loads (a stylesheet the page already links under the same URL is used as it is).
 */
export function remoteStyles(manifestUrl: string, manifest: RemoteManifest): string[] {
  const base = baseOf(manifestUrl, manifest);
  return [...new Set((firstStepAssets(manifest)?.css.sync ?? []).map((file) => new URL(file, base).href))];
}

function firstStepAssets(manifest: RemoteManifest): RemoteManifest['exposes'][number]['assets'] | undefined {
  return manifest.exposes.find((expose) => expose.path === FIRST_STEP?.module)?.assets;
}

/** The shared packages the shell provides, from its page's <meta name="checkout-shell-shared"> (tooling/webpack.cjs). */
export function shellSharedOf(html: string): Set<string> {
  const match = /<meta name="checkout-shell-shared" content="([^"]*)"/.exec(html);
  return new Set(match?.[1] ? match[1].split(',') : []);
}

export interface PreloadInput {
  /** The first step's remote's manifest URL, from the remotes in force (null when that remote is not configured). */
  manifestUrl: string | null;
  /** That manifest when known (fetched and cached by the api), else null: the manifest itself is still preloaded. */
  manifest: RemoteManifest | null;
  shellShared: ReadonlySet<string>;
  /** RuntimeConfig.apiBase: where the page's calls go. */
  apiBase: string;
  /** The calls' paths whose answers are inlined in the page (pages/first-answers.ts): nothing to preload for those. */
  answered?: ReadonlySet<string>;
  /**
   * The first step's markup is in the page (rendered by the server): its stylesheets are then inlined (`inlineStyles`)
   * or linked, so that it paints styled, and the remote's manifest and scripts are preloaded only once the page has
   * painted (`afterPaintPreloads`), so they do not share the phone's first round trips with what it paints. Otherwise
   * the styles are only preloaded, and do not hold back the page's first paint: the step arrives with its scripts,
   * whose chunk loading links them and waits for them before the step renders.
   */
  firstStepInPage?: boolean;
  /** The first step's stylesheets' text by URL (pages/rendered-head.ts), for those the api could read. */
  inlineStyles?: ReadonlyMap<string, string>;
}

const link = (attributes: string) => `<link rel="preload" ${attributes}>`;

/** The remote's manifest (as the runtime fetches it: cors, same-origin credentials) and the first step's scripts. */
function remotePreloads(input: PreloadInput): AfterPaintPreload[] {
  if (!input.manifestUrl) return [];
  const preloads: AfterPaintPreload[] = [{ href: input.manifestUrl, as: 'fetch', crossorigin: 'anonymous' }];
  if (input.manifest && !input.manifestUrl.endsWith('.js'))
    for (const script of remoteScripts(input.manifestUrl, input.manifest, input.shellShared))
      preloads.push({ href: script, as: 'script' });
  return preloads;
}

/** The <link rel=preload> tags for the page's head, and the first step's stylesheets. */
export function preloadLinks(input: PreloadInput): string {
  const tags: string[] = [];
  // The shell's first two calls (model/start): credentialed GETs, as the page's fetch sends them.
  for (const call of [calls.getCheckout, calls.getUser]) {
    if (input.answered?.has(call.path)) continue;
    tags.push(link(`href="${escapeHtml(`${input.apiBase}${call.path}`)}" as="fetch" crossorigin="use-credentials"`));
  }
  if (input.manifestUrl && input.manifest && !input.manifestUrl.endsWith('.js'))
    for (const style of remoteStyles(input.manifestUrl, input.manifest)) {
      const text = input.firstStepInPage ? input.inlineStyles?.get(style) : undefined;
      const inline = text === undefined ? null : styleElement(style, text);
      // Without a crossorigin attribute, as webpack's CSS chunk loading adds its <link>.
      const href = escapeHtml(style);
      tags.push(
        inline ??
          (input.firstStepInPage ? `<link rel="stylesheet" href="${href}">` : link(`href="${href}" as="style"`)),
      );
    }
  if (!input.firstStepInPage)
    for (const preload of remotePreloads(input))
      // Script tags without a crossorigin attribute, as the runtime and webpack's chunk loading add them.
      tags.push(
        link(`href="${escapeHtml(preload.href)}" as="${preload.as}"${preload.crossorigin ? ' crossorigin' : ''}`),
      );
  return tags.join('');
}

/** The first step's remote files to preload once the page has painted: none unless the step is in the page. */
export function afterPaintPreloads(input: PreloadInput): AfterPaintPreload[] {
  return input.firstStepInPage ? remotePreloads(input) : [];
}

/** The page with the preloads at the end of its head. */
export function withPreloads(html: string, links: string): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${links}${html.slice(at)}`;
}

export interface ManifestCache {
  /** The manifest as last fetched; fetches it (waiting at most `waitMs`) when not known, again when older than the TTL. */
  get(url: string): Promise<RemoteManifest | null>;
}

/**
 * Remote manifests, fetched by the api and kept `ttlMs`: after that the cached one is served while a fresh one is
 * fetched behind it, so a redeployed remote's new files are preloaded within a TTL and no page waits for a remote.
 * A failure keeps what was known (or nothing) and is tried again after the TTL.
 */
export function createManifestCache(
  options: {
    fetchJson?: (url: string) => Promise<unknown>;
    ttlMs?: number;
    waitMs?: number;
    now?: () => number;
    /**
     * Told when a remote's manifest cannot be had (the api cannot reach it, or it is not a manifest) and when it can
     * again: once per change, not per page, since without it the first step renders in the browser only.
     */
    onStatus?: (url: string, problem: string | null) => void;
  } = {},
): ManifestCache {
  const { fetchJson = defaultFetchJson, ttlMs = 10_000, waitMs = 300, now = Date.now, onStatus } = options;
  const failing = new Set<string>();
  const known = new Map<
    string,
    { manifest: RemoteManifest | null; at: number | null; refreshing: Promise<RemoteManifest | null> | null }
  >();
  const refresh = (url: string): Promise<RemoteManifest | null> => {
    const entry = known.get(url) ?? { manifest: null, at: null, refreshing: null };
    known.set(url, entry);
    if (entry.refreshing) return entry.refreshing;
    entry.refreshing = fetchJson(url)
      .then((json) => RemoteManifestSchema.parse(json))
      .then(
        (manifest) => {
          entry.manifest = manifest;
          if (failing.delete(url)) onStatus?.(url, null);
          return manifest;
        },
        (error: unknown) => {
          if (!failing.has(url)) {
            failing.add(url);
            onStatus?.(url, error instanceof Error ? error.message : String(error));
          }
          return entry.manifest;
        },
      )
      .finally(() => {
        entry.at = now();
        entry.refreshing = null;
      });
    return entry.refreshing;
  };
  return {
    async get(url) {
      const entry = known.get(url);
      if (entry && entry.at !== null) {
        if (now() - entry.at > ttlMs) void refresh(url);
        return entry.manifest;
      }
      const waiting = refresh(url);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([waiting, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The URL the api fetches a manifest from: one on the public origin is fetched from `internal` instead (same path),
 * since behind a proxy the browser's origin may be unreachable from the api's host, or be the api itself.
 */
export function manifestFetchUrl(url: string, origins: { public: string; internal?: string | undefined }): string {
  if (!origins.internal) return url;
  const parsed = new URL(url);
  if (parsed.origin !== new URL(origins.public).origin) return url;
  return new URL(`${parsed.pathname}${parsed.search}`, origins.internal).href;
}

/**
 * How long fetching a remote's manifest may take: a page waits for it only briefly (`waitMs`) anyway, and this ends the
 * refresh, so a remote's host that does not answer is reported and tried again rather than held open.
 */
export const MANIFEST_FETCH_TIMEOUT_MS = 2000;

export async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** The first step's remote's manifest URL among the remotes in force. */
export function firstStepManifestUrl(remotes: Readonly<Record<string, string>>): string | null {
  return FIRST_STEP ? (remotes[FIRST_STEP.remote] ?? null) : null;
}
