import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { serverMessages } from './server-messages';

/**
 * Text the database cannot store never reaches a handler: PostgreSQL refuses U+0000 and bytes that are not UTF-8 with
 * an error the request did not deserve (a 500), and a store that accepted them would hold text no page can show. The
 * URL, form and JSON bodies are checked before any handler runs, and a request carrying such text is a 400.
 */

/**
 * The bytes a URL or form body stands for once its %XX escapes are decoded; other characters stand for their UTF-8.
 * (Node's HTTP parser refuses raw bytes above 0x7F in the request line itself, so those only come from inject.)
 */
function percentDecodedBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x25 && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (code < 0x80) {
      bytes.push(code);
    } else {
      const codePoint = text.codePointAt(i) ?? code;
      // A lone surrogate has no UTF-8 form: 0xFF stands in for it so the check below refuses it.
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) bytes.push(0xff);
      else bytes.push(...Buffer.from(String.fromCodePoint(codePoint), 'utf8'));
      if (codePoint > 0xffff) i += 1;
    }
  }
  return Buffer.from(bytes);
}

/** Whether percent-encoded text (a URL, a form body) decodes to UTF-8 without U+0000. */
export function isCleanEncodedText(text: string): boolean {
  const bytes = percentDecodedBytes(text);
  return !bytes.includes(0) && isUtf8(bytes);
}

/** U+0000, or half of a surrogate pair (which has no UTF-8 form). */
const isUnstorable = (text: string): boolean => text.includes('\u0000') || /\p{Cs}/u.test(text);

/** Whether every string in a parsed body, keys included, can be stored as UTF-8 text (however deep it is nested). */
export function isCleanValue(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (isUnstorable(value)) return false;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

export const forbiddenText = () => badRequest(serverMessages.forbiddenText);

/** Bodies read as text: the two content types the app parses (forms; JSON for the organiser API and webhooks). */
const TEXT_BODY = /^\s*application\/(x-www-form-urlencoded|json)\s*(;|$)/i;

/**
 * Passes a body through unchanged, failing the stream at the first byte sequence that is not UTF-8 or at a NUL byte.
 * Fastify decodes text bodies with replacement characters, so invalid bytes can only be seen before it reads them.
 */
function utf8Checked(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        callback(forbiddenText());
        return;
      }
      if (chunk.includes(0)) callback(forbiddenText());
      else callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(forbiddenText());
      }
    },
  });
}

/**
 * Root hooks, so every route and the 404 handler get them: the raw URL (path and query string) on arrival, the raw bytes
 * of a text body as it is read, and the parsed body (JSON's \u0000 escapes, form fields) before validation.
 */
export function registerCleanTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isCleanEncodedText(request.originalUrl)) throw forbiddenText();
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!TEXT_BODY.test(String(request.headers['content-type'] ?? ''))) return payload;
    const checked = utf8Checked();
    payload.on('error', (error) => checked.destroy(error));
    // A body no parser reads (a GET with a body, a 404, a 415) has nobody listening for the stream's error, and an
    // unheard 'error' event ends the process: the request is answered as it would be anyway, and the bytes are
    // dropped. A parser that reads the body attaches its own listener and answers 400 with the sentence.
    checked.on('error', () => undefined);
    return payload.pipe(checked);
  });
  app.addHook('preValidation', async (request) => {
    if (!isCleanValue(request.body)) throw forbiddenText();
  });
}

/** A path no route has: where routeUncleanUrls sends a URL the onRequest hook will refuse. */
const REFUSED_URL = '/.refused-text';

/**
 * Fastify's `rewriteUrl`: a URL with unstorable text skips the router, whose decoding of a path parameter (%FF) would
 * fail before any hook and answer in Fastify's own shape without the security headers. Routed to a path no route has,
 * it reaches the root hooks like any request, and the onRequest hook refuses it by its original URL.
 */
export function routeUncleanUrls(request: IncomingMessage): string {
  const url = request.url ?? '/';
  return isCleanEncodedText(url) ? url : REFUSED_URL;
}
