import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptSafeJson, SHELL_RUNTIME_ELEMENT_ID, type RuntimeConfig } from '@checkout/shared';
import { firstAnswersScript, withTheme, type FirstAnswersSource } from './first-answers';
import { escapeHtml } from '../web/html';
import { withRenderedRoot, type RenderFirstStep } from './server-render';
import { pageScript } from '../web/page-scripts';
import { serveAssets } from '../web/hashed-assets';
import {
  afterPaintBlock,
  createStyleCache,
  defaultFetchText,
  inlineShellStyles,
  scriptsAfterPaint,
  type StyleCache,
} from './rendered-head';
import {
  afterPaintPreloads,
  createManifestCache,
  defaultFetchJson,
  firstStepManifestUrl,
  manifestFetchUrl,
  preloadLinks,
  remoteStyles,
  shellSharedOf,
  withPreloads,
  type ManifestCache,
  type PreloadInput,
  type RemoteManifest,
} from './shell-preloads';

/** Webpack names built assets name.<10 hex>.ext: safe to cache for a year. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** A source map, compressed or not: never served (the browser has no use for it; it would publish our sources). */
export const isSourceMap = (pathName: string) => /\.map(\.(br|gz))?$/i.test(pathName);

/** What the page's preloads depend on (pages/shell-preloads.ts): the remotes in force and where the calls go. */
export interface ShellPageSources {
  remotes: { current(): Readonly<Record<string, string>> };
  runtime: Pick<RuntimeConfig, 'apiBase'>;
  manifests?: ManifestCache;
  /** The remotes' stylesheets' text, inlined into a server-rendered page (pages/rendered-head.ts). */
  styles?: StyleCache;
  /** PUBLIC_URL and REMOTES_INTERNAL_ORIGIN: a manifest on the public origin is fetched from the internal one. */
  manifestOrigins?: { public: string; internal?: string | undefined };
  /** The answers of the page's first calls for the request's session, inlined in the page (pages/first-answers.ts). */
  firstAnswers?: FirstAnswersSource;
  /** /remotes.json's body for the remotes in force (pages/remotes.ts): written into the page, which then need not ask. */
  shellRuntime?: () => string;
  /** Renders the page's first step from those answers (pages/server-render.ts); absent, the browser renders it. */
  renderFirstStep?: RenderFirstStep | null;
  /** Where a session that must queue first is sent instead (303), or null (waiting-room/routes.ts). */
  queueRedirect?: (request: FastifyRequest) => Promise<string | null>;
}

/** Registers the page routes /checkout/, /checkout and /checkout/index.html in a context that gives them a session. */
export type RegisterShellPage = (scope: FastifyInstance) => void;

interface BuiltIndex {
  html: string;
  /** As a server-rendered page serves it (pages/rendered-head.ts): styles inlined, scripts run after the first paint. */
  rendered: { html: string; scripts: string[] };
  shared: Set<string>;
}

/** index.html as built, read again when the file changes (a new build), with the shell's shared packages. */
function builtIndex(file: string, loaderUrl: string): () => BuiltIndex {
  let stamp = '';
  let last: BuiltIndex = { html: '', rendered: { html: '', scripts: [] }, shared: new Set<string>() };
  return () => {
    const stat = statSync(file);
    const now = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (now !== stamp) {
      const html = readFileSync(file, 'utf8');
      last = {
        html,
        rendered: scriptsAfterPaint(inlineShellStyles(html, path.dirname(file)), loaderUrl),
        shared: shellSharedOf(html),
      };
      stamp = now;
    }
    return last;
  };
}

/**
 * The shell's production build under /checkout/: hashed assets cached for a year, .br/.gz siblings sent when the
 * browser accepts them. The page itself, index.html for /checkout/ and /checkout, is registered by the function this
 * returns, in the session's context: it carries the session's checkout and user (the answers of the page's first
 * calls), so it is never stored (`no-store`, `Vary: Cookie`), and the api adds the preloads of the first step's remote
 * to its head.
 */
export async function registerShell(
  app: FastifyInstance,
  shellDist: string,
  sources: ShellPageSources,
): Promise<RegisterShellPage> {
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    const page = `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Checkout</title><p>The checkout page has not been built yet: run <code>npm run build</code> (looked in ${escapeHtml(shellDist)}).</p></html>`;
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).header('content-type', 'text/html; charset=utf-8').send(page);
    return (scope) => {
      scope.get('/checkout', notBuilt);
      scope.get('/checkout/', notBuilt);
    };
  }
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/checkout/',
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    cacheControl: false,
    // The source maps stay in the build for an error tracker's upload, but are nobody's business on the public site;
    // nor is the server's renderer (dist/server/), which the api loads from the build itself. The path arrives decoded
    // and normalised: decoding it again would turn '%25' into a malformed escape and a 500.
    allowedPath: (pathName) => !isSourceMap(pathName) && !/^\/?server\//i.test(pathName),
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        HASHED.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const afterPaintLoader = pageScript(__dirname, 'after-paint');
  serveAssets(app, [afterPaintLoader]);
  const index = builtIndex(path.join(shellDist, 'index.html'), afterPaintLoader.url);
  const origins = sources.manifestOrigins;
  const manifests =
    sources.manifests ??
    createManifestCache({
      ...(origins ? { fetchJson: (url: string) => defaultFetchJson(manifestFetchUrl(url, origins)) } : {}),
      // Without the manifest the page renders its first step in the browser and preloads nothing of the remote: an
      // operator needs to hear that the api cannot reach it (a proxy or DNS name that only the browser knows).
      onStatus: (url, problem) =>
        problem === null
          ? app.log.info({ manifest: url }, 'checkout page: the remote manifest answers again')
          : app.log.warn(
              { manifest: url, fetched: origins ? manifestFetchUrl(url, origins) : url, problem },
              'checkout page: the api cannot read the remote manifest, so the first step renders in the browser',
            ),
    });
  const styles =
    sources.styles ??
    createStyleCache(origins ? { fetchText: (url) => defaultFetchText(manifestFetchUrl(url, origins)) } : {});
  // Asked for at start-up, so that the first page already knows the first step's files (a failure is asked again later).
  const startingManifest = firstStepManifestUrl(sources.remotes.current());
  if (startingManifest) void manifests.get(startingManifest);
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const queue = sources.queueRedirect ? await sources.queueRedirect(request) : null;
    if (queue !== null) return reply.redirect(queue, 303);
    const built = index();
    const remotes = sources.remotes.current();
    const manifestUrl = firstStepManifestUrl(remotes);
    const [manifest, answers] = await Promise.all([
      manifestUrl ? manifests.get(manifestUrl) : null,
      sources.firstAnswers ? sources.firstAnswers(request, reply) : null,
    ]);
    // Rendered only with the remote's manifest known: it names the step's stylesheets, linked so that the step paints
    // styled (an unstyled step, restyled when its scripts arrive, would be worse than the page as the browser draws it).
    const rendered =
      answers && manifest && sources.renderFirstStep
        ? await sources.renderFirstStep(
            answers,
            origins
              ? Object.fromEntries(Object.entries(remotes).map(([name, url]) => [name, manifestFetchUrl(url, origins)]))
              : remotes,
          )
        : null;
    const links = await pageLinks(rendered !== null, built, styles, {
      manifestUrl,
      manifest,
      shellShared: built.shared,
      apiBase: sources.runtime.apiBase,
      answered: new Set(Object.keys(answers ?? {})),
    });
    const head = answers && Object.keys(answers).length > 0 ? `${links}${firstAnswersScript(answers)}` : links;
    const runtime = sources.shellRuntime
      ? `<script type="application/json" id="${SHELL_RUNTIME_ELEMENT_ID}">${scriptSafeJson(sources.shellRuntime())}</script>`
      : '';
    const html = withPreloads(
      withTheme(rendered === null ? built.html : withRenderedRoot(built.rendered.html, rendered), answers),
      `${head}${runtime}`,
    );
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return reply.send(await encoded(request, reply, html));
  };
  return (scope) => {
    scope.get('/checkout', page);
    scope.get('/checkout/', page);
    scope.get('/checkout/index.html', page);
  };
}

/** The head's links; for a page with its first step rendered, its styles inlined and what starts after it paints. */
async function pageLinks(
  rendered: boolean,
  built: BuiltIndex,
  styles: StyleCache,
  input: Omit<PreloadInput, 'firstStepInPage' | 'inlineStyles'>,
): Promise<string> {
  if (!rendered) return preloadLinks(input);
  const inlineStyles =
    input.manifestUrl && input.manifest ? await stepStyles(styles, input.manifestUrl, input.manifest) : new Map();
  const preloads = { ...input, firstStepInPage: true, inlineStyles };
  return `${preloadLinks(preloads)}${afterPaintBlock({ scripts: built.rendered.scripts, preloads: afterPaintPreloads(preloads) })}`;
}

/** The first step's stylesheets the api has (or gets within its short wait), by URL. */
async function stepStyles(
  styles: StyleCache,
  manifestUrl: string,
  manifest: RemoteManifest,
): Promise<Map<string, string>> {
  const urls = remoteStyles(manifestUrl, manifest);
  const texts = await Promise.all(urls.map((url) => styles.get(url)));
  return new Map(urls.flatMap((url, index) => (texts[index] == null ? [] : [[url, texts[index]] as const])));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Whether the request's Accept-Encoding takes `coding` (named, and not with q=0). */
function accepts(request: FastifyRequest, coding: string): boolean {
  const header = request.headers['accept-encoding'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase().split(',');
  return list.some((item) => {
    const [name, ...params] = item.split(';').map((part) => part.trim());
    return name === coding && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/**
 * The page compressed as the browser accepts: the api serves it itself (no proxy in front compresses it), and the
 * page, with the first answers and the step's markup and styles in it, is some 35 KB (≈ 10 KB compressed) that a phone
 * must download before its first paint. Brotli at a middling quality: it is compressed for each request.
 */
async function encoded(request: FastifyRequest, reply: FastifyReply, html: string): Promise<string | Buffer> {
  reply.header('vary', 'Accept-Encoding');
  if (accepts(request, 'br')) {
    reply.header('content-encoding', 'br');
    return brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (accepts(request, 'gzip')) {
    reply.header('content-encoding', 'gzip');
    return gzip(html);
  }
  return html;
}
