import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { SERVER_BUILD_PIN } from '@checkout/shared';
import type { AppConfig, RemoteName } from '../config';

/**
 * An http(s) URL, or a path on this site (`/remotes/mf-basket/mf-manifest.json`): a remote behind the same proxy as
 * the page is named by its path, so the file holds for whatever origin PUBLIC_URL names.
 */
const manifestUrl = z
  .string()
  .check(
    z.trim(),
    z.maxLength(2000),
    z.regex(/^(https?:\/\/|\/(?![/\\]))[^\s]+$/, 'must be an http(s) URL or a path starting with /'),
  );

/** A path on this site made absolute on PUBLIC_URL's origin; an http(s) URL as it is. */
export function absoluteRemoteUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') ? new URL(url, new URL(publicUrl).origin).href : url;
}

/**
 * A remote's deployment in REMOTES_FILE: its manifest URL, or that and the pin of its server build
 * (`{ "manifest": "…", "serverIntegrity": "sha384-…" }`, the value of the build's dist/server/integrity.json).
 */
const remoteEntry = z.union([
  manifestUrl,
  z.strictObject({
    manifest: manifestUrl,
    serverIntegrity: z.optional(
      z.string().check(z.regex(SERVER_BUILD_PIN, "must be the sha384-… value of the build's integrity.json")),
    ),
  }),
]);

/** REMOTES_FILE's shape: any of the four remotes, each its deployment; an unknown name is a typo, refused. */
export const RemotesFileSchema = z.strictObject({
  mf_basket: z.optional(remoteEntry),
  mf_account: z.optional(remoteEntry),
  mf_payment: z.optional(remoteEntry),
  mf_post_sale: z.optional(remoteEntry),
});

type Remotes = Record<RemoteName, string>;
type Pins = Partial<Record<RemoteName, string>>;

/** The remotes in force: each one's manifest URL, and the pin of its server build where there is one. */
export interface RemoteDeployments {
  urls: Remotes;
  serverIntegrity: Pins;
}

/**
 * The file's entries over the environment's, paths made absolute on `publicUrl`; throws with the file's name and the
 * first problem when it does not fit.
 */
export function parseRemotesFile(text: string, file: string, base: Remotes, publicUrl: string): Remotes {
  return parseRemoteDeployments(text, file, { urls: base, serverIntegrity: {} }, publicUrl).urls;
}

/**
 * The file's deployments over the environment's. An entry's pin wins over the environment's; an entry without one
 * keeps the environment's (REMOTE_*_SERVER_INTEGRITY), which then must match what the entry's address serves: a build
 * that does not is refused, never run.
 */
export function parseRemoteDeployments(
  text: string,
  file: string,
  base: RemoteDeployments,
  publicUrl: string,
): RemoteDeployments {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = RemotesFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue ? `${issue.path.join('.') || '(root)'} ${issue.message}` : 'invalid'}`);
  }
  const urls: Remotes = { ...base.urls };
  const serverIntegrity: Pins = { ...base.serverIntegrity };
  for (const [name, entry] of Object.entries(parsed.data) as [RemoteName, z.infer<typeof remoteEntry> | undefined][]) {
    if (entry === undefined) continue;
    const deployment = typeof entry === 'string' ? { manifest: entry } : entry;
    urls[name] = absoluteRemoteUrl(deployment.manifest, publicUrl);
    if (deployment.serverIntegrity) serverIntegrity[name] = deployment.serverIntegrity;
  }
  return { urls, serverIntegrity };
}

function body(remotes: Remotes, config: AppConfig): string {
  return JSON.stringify({
    remotes: Object.fromEntries(Object.entries(remotes).map(([name, entry]) => [name, { entry }])),
    config: config.runtime,
  });
}

/** The remote URLs in force now: the environment's, or REMOTES_FILE's over them as the file reads now. */
export interface RemotesSource {
  current(): Remotes;
  /** The pins of the remotes' server builds, as of the last `current()` (the same reading of the file). */
  serverIntegrity(): Pins;
}

/**
 * Reads REMOTES_FILE again whenever it changes (a stat per call, the file itself only when its size or time changed),
 * so an edit takes effect on the next page load without a restart. A file that is missing or wrong at start-up throws
 * (the server does not start); a bad edit later is reported once through `onError` and the last good list stays.
 */
export function createRemotesSource(
  config: Pick<AppConfig, 'remotes' | 'remotesFile' | 'publicUrl'> & {
    serverBuilds?: Pick<AppConfig['serverBuilds'], 'integrity'>;
  },
  onError: (message: string) => void = () => undefined,
): RemotesSource {
  const file = config.remotesFile;
  const base: RemoteDeployments = { urls: config.remotes, serverIntegrity: config.serverBuilds?.integrity ?? {} };
  if (!file) return { current: () => base.urls, serverIntegrity: () => base.serverIntegrity };
  const stamp = () => {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  };
  let seen = stamp();
  let good = parseRemoteDeployments(readFileSync(file, 'utf8'), file, base, config.publicUrl);
  return {
    current() {
      let now: string;
      try {
        now = stamp();
        if (now === seen) return good.urls;
        seen = now;
        good = parseRemoteDeployments(readFileSync(file, 'utf8'), file, base, config.publicUrl);
      } catch (error) {
        onError(`remotes: ${(error as Error).message}; still serving the last good list`);
      }
      return good.urls;
    },
    serverIntegrity: () => good.serverIntegrity,
  };
}

/**
 * /remotes.json's body for the remotes in force: where each remote's manifest lives and the page's runtime
 * configuration. Built again only when the remotes change.
 */
export function shellRuntimeJson(config: AppConfig, source: RemotesSource): () => string {
  let lastRemotes = source.current();
  let lastBody = body(lastRemotes, config);
  return () => {
    const remotes = source.current();
    if (remotes !== lastRemotes) {
      lastRemotes = remotes;
      lastBody = body(remotes, config);
    }
    return lastBody;
  };
}

/**
 * /remotes.json. Deploying a remote means changing its URL (REMOTE_*_URL, or REMOTES_FILE without a restart), never
 * rebuilding the shell, which reads this on every load (no-cache): in the page the api serves (a data block, see
 * pages/shell.ts), from here on the shell's dev server.
 */
export function registerRemotes(app: FastifyInstance, json: () => string): void {
  app.get('/remotes.json', async (_request, reply) => send(reply, json()));
}

function send(reply: FastifyReply, json: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
}
