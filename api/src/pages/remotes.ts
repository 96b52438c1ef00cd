import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { AppConfig, RemoteName } from '../config';

const manifestUrl = z.string().check(z.trim(), z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'));

/** REMOTES_FILE's shape: any of the four remotes, each its manifest URL; an unknown name is a typo, refused. */
export const RemotesFileSchema = z.strictObject({
  mf_basket: z.optional(manifestUrl),
  mf_account: z.optional(manifestUrl),
  mf_payment: z.optional(manifestUrl),
  mf_post_sale: z.optional(manifestUrl),
});

type Remotes = Record<RemoteName, string>;

/** The file's entries over the environment's; throws with the file's name and the first problem when it does not fit. */
export function parseRemotesFile(text: string, file: string, base: Remotes): Remotes {
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
  const entries = Object.entries(parsed.data).filter((entry): entry is [RemoteName, string] => entry[1] !== undefined);
  return { ...base, ...Object.fromEntries(entries) };
}

function body(remotes: Remotes, config: AppConfig): string {
  return JSON.stringify({
    remotes: Object.fromEntries(Object.entries(remotes).map(([name, entry]) => [name, { entry }])),
    config: config.runtime,
  });
}

/**
 * /remotes.json: where each remote's manifest lives and the page's runtime configuration. Deploying a remote means
 * changing its URL, never rebuilding the shell, which reads this on every load (no-cache).
 *
 * The URLs come from REMOTE_*_URL and, when REMOTES_FILE is set, from that file, read again on every request so an edit
 * takes effect on the next page load without a restart. A file that is missing or wrong at start-up stops the server;
 * a bad edit later is logged and the last good list keeps being served.
 */
export function registerRemotes(app: FastifyInstance, config: AppConfig): void {
  const file = config.remotesFile;
  if (!file) {
    const fixed = body(config.remotes, config);
    app.get('/remotes.json', async (_request, reply) => send(reply, fixed));
    return;
  }
  // The text last read (good or not), so a bad edit is reported once rather than on every page load.
  let seenText = readFileSync(file, 'utf8');
  let lastBody = body(parseRemotesFile(seenText, file, config.remotes), config);
  app.get('/remotes.json', async (request, reply) => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      request.log.error({ err: error }, `remotes: ${file} could not be read; still serving the last good list`);
      return send(reply, lastBody);
    }
    if (text !== seenText) {
      seenText = text;
      try {
        lastBody = body(parseRemotesFile(text, file, config.remotes), config);
        request.log.info(`remotes: ${file} changed, now serving ${lastBody}`);
      } catch (error) {
        request.log.error({ err: error }, `remotes: ${(error as Error).message}; still serving the last good list`);
      }
    }
    return send(reply, lastBody);
  });
}

function send(reply: FastifyReply, json: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
}
