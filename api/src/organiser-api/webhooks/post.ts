import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, urlProblem } from './url-rules';

export interface PostOptions {
  timeoutMs: number;
  allowPrivateUrls: boolean;
}

export type PostOutcome = { statusCode: number; error?: undefined } | { statusCode?: undefined; error: string };

/**
 * POSTs a body and reports the answer's status, or why there was none. node:http rather than fetch: its `lookup`
 * option checks the very address connected to (url-rules.ts), and it follows no redirects (a 3xx is an answer, not a
 * success, as a redirect could point anywhere). The answer's body is not read: only its status counts, and a receiver
 * cannot make us read an endless one. Never throws.
 */
export function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const problem = urlProblem(rawUrl, options.allowPrivateUrls);
  if (problem) return Promise.resolve({ error: problem });
  const url = new URL(rawUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        agent: false,
        ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        settle({ statusCode: response.statusCode ?? 0 });
        response.destroy();
      },
    );
    request.on('error', (error: Error) => {
      settle({
        error:
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `No answer within ${options.timeoutMs / 1000} s.`
            : error.message,
      });
    });
    request.end(body);
  });
}
