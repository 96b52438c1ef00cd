import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstAnswers, RuntimeConfig } from '@checkout/shared';
import { serverRenderRefusalsTotal } from '../observability/metrics';
import type { RenderShedding } from './render-shedding';
import type { ServerBuildPin, ServerBuildPins } from './server-build-pins';

/** What the shell's renderer answers (shell/src/server/render.tsx). */
export type FirstStepResult =
  | { kind: 'rendered'; state: string; html: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string }
  /** The remote served a server build that is not the pinned one: none of it ran. */
  | { kind: 'refused'; reason: string };

interface FirstStepInput {
  answers: FirstAnswers;
  config: RuntimeConfig;
  remotes: Readonly<Record<string, string>>;
  serverBuilds: Readonly<Record<string, ServerBuildPin>>;
}

/**
 * shell/dist/server/render.js: built with the shell (tooling/webpack-server.cjs), so it speaks the page's own markup.
 * `verifiesServerBuilds`: it checks a remote's server build against its pin before running it; a renderer without
 * that would run whatever a remote's URL serves, and is not used.
 */
interface RendererModule {
  verifiesServerBuilds: true;
  createFirstStepRenderer(options?: {
    timeoutMs?: number;
    retryAfterMs?: number;
  }): (input: FirstStepInput) => Promise<FirstStepResult>;
}

function isRendererModule(value: unknown): value is RendererModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<RendererModule>).createFirstStepRenderer === 'function' &&
    (value as Partial<RendererModule>).verifiesServerBuilds === true
  );
}

/** The #root markup of the page for these answers, or null: the page is then served as the browser renders it. */
export type RenderFirstStep = (
  answers: FirstAnswers,
  remotes: Readonly<Record<string, string>>,
) => Promise<string | null>;

export interface ServerRenderOptions {
  shellDist: string;
  runtime: RuntimeConfig;
  log: FastifyBaseLogger;
  /** How long a page waits for a remote's server build not loaded yet. */
  timeoutMs?: number;
  /** After a remote failed to load, how long pages are served without asking it again. */
  retryAfterMs?: number;
  /** Refuses renders under load (the page is then served plain); none: every page is rendered. */
  shedding?: RenderShedding;
  /** Each remote's server build pin for the page (pages/server-build-pins.ts): a remote without one is not run. */
  serverBuilds: ServerBuildPins;
}

/**
 * The first step rendered on the server, with the shell's renderer from its build. Without that build (or with one
 * that does not load) there is none, and the page renders in the browser as it always could. A failure is logged
 * when it first happens (or changes), not at every page, and again when rendering works again.
 */
export function loadServerRender(options: ServerRenderOptions): RenderFirstStep | null {
  const { shellDist, runtime, log } = options;
  const file = path.join(shellDist, 'server', 'render.js');
  if (!existsSync(file)) {
    log.info({ file }, 'checkout page: no server renderer in the shell build, the first step renders in the browser');
    return null;
  }
  let module: unknown;
  try {
    module = createRequire(file)(file);
  } catch (error) {
    log.warn(
      { err: error, file },
      'checkout page: the server renderer does not load, the first step renders in the browser',
    );
    return null;
  }
  if (!isRendererModule(module)) {
    log.warn(
      { file },
      'checkout page: the server renderer exports no createFirstStepRenderer that verifies server builds (rebuild the shell)',
    );
    return null;
  }
  const render = module.createFirstStepRenderer({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.retryAfterMs === undefined ? {} : { retryAfterMs: options.retryAfterMs }),
  });
  const renderLimitMs = (options.timeoutMs ?? 1500) + 1000;
  let lastFailure: string | null = null;
  let shedSince: number | null = null;
  return async (answers, remotes) => {
    const release = options.shedding ? options.shedding.admit() : () => undefined;
    if (!release) {
      if (shedSince === null) {
        shedSince = Date.now();
        log.warn('checkout page: under load, the first step renders in the browser');
      }
      return null;
    }
    if (shedSince !== null) {
      log.info(
        { shedForMs: Date.now() - shedSince },
        'checkout page: load is back down, rendering on the server again',
      );
      shedSince = null;
    }
    let result: FirstStepResult;
    let timer: NodeJS.Timeout | undefined;
    // Whatever the renderer does, a page waits for it no longer than this (the remote's own load has a shorter limit).
    const limit = new Promise<FirstStepResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ kind: 'failed', reason: `no render within ${renderLimitMs} ms` }),
        renderLimitMs,
      );
    });
    // A render past the limit goes on in the background: it keeps its place among the renders at once until it ends.
    const rendering = Promise.resolve().then(() =>
      render({ answers, config: runtime, remotes, serverBuilds: options.serverBuilds() }),
    );
    rendering.then(release, release);
    try {
      result = await Promise.race([rendering, limit]);
    } catch (error) {
      result = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    if (result.kind === 'refused') {
      // Someone changed the remote's server build without its pin: its bytes did not run, and the operator must know.
      serverRenderRefusalsTotal.inc();
      if (result.reason !== lastFailure)
        log.error(
          { reason: result.reason },
          "checkout page: a remote's server build does not match its pin, not run; the first step renders in the browser",
        );
      lastFailure = result.reason;
      return null;
    }
    if (result.kind === 'failed') {
      if (result.reason !== lastFailure)
        log.warn({ reason: result.reason }, 'checkout page: the first step renders in the browser');
      lastFailure = result.reason;
      return null;
    }
    if (result.kind === 'rendered' && lastFailure !== null) {
      log.info('checkout page: the first step renders on the server again');
      lastFailure = null;
    }
    return result.kind === 'rendered' ? result.html : null;
  };
}

/** The page with the rendered markup in its #root (marked, so that the shell hydrates it rather than render anew). */
export function withRenderedRoot(html: string, rendered: string): string {
  const root = /<div id="root">[\s\S]*?<\/div>/.exec(html);
  if (!root) return html;
  return `${html.slice(0, root.index)}<div id="root" data-server-rendered>${rendered}</div>${html.slice(root.index + root[0].length)}`;
}
