import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
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

/** REMOTES_FILE's shape: any of the four remotes, each its manifest URL; an unknown name is a typo, refused. */
export const RemotesFileSchema = z.strictObject({
  mf_basket: z.optional(manifestUrl),
  mf_account: z.optional(manifestUrl),
  mf_payment: z.optional(manifestUrl),
  mf_post_sale: z.optional(manifestUrl),
});

type Remotes = Record<RemoteName, string>;

/**
 * The file's entries over the environment's, paths made absolute on `publicUrl`; throws with the file's name and the
 * first problem when it does not fit.
 */
export function parseRemotesFile(text: string, file: string, base: Remotes, publicUrl: string): Remotes {
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
  const entries = Object.entries(parsed.data)
    .filter((entry): entry is [RemoteName, string] => entry[1] !== undefined)
    .map(([name, url]): [RemoteName, string] => [name, absoluteRemoteUrl(url, publicUrl)]);
  return { ...base, ...(Object.fromEntries(entries) as Partial<Remotes>) };
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
}

/**
 * Reads REMOTES_FILE again whenever it changes (a stat per call, the file itself only when its size or time changed),
 * so an edit takes effect on the next page load without a restart. A file that is missing or wrong at start-up throws
 * (the server does not start); a bad edit later is reported once through `onError` and the last good list stays.
 */
export function createRemotesSource(
  config: Pick<AppConfig, 'remotes' | 'remotesFile' | 'publicUrl'>,
  onError: (message: string) => void = () => undefined,
): RemotesSource {
  const file = config.remotesFile;
  if (!file) return { current: () => config.remotes };
  const stamp = () => {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  };
  let seen = stamp();
  let good = parseRemotesFile(readFileSync(file, 'utf8'), file, config.remotes, config.publicUrl);
  return {
    current() {
      let now: string;
      try {
        now = stamp();
        if (now === seen) return good;
        seen = now;
        good = parseRemotesFile(readFileSync(file, 'utf8'), file, config.remotes, config.publicUrl);
      } catch (error) {
        onError(`remotes: ${(error as Error).message}; still serving the last good list`);
      }
      return good;
    },
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
