import * as z from 'zod/mini';
import type { HttpRequester, HttpResponse } from './client';

/**
 * The api serves /checkout/ with the answers of the page's first GETs (the checkout, the user) already inside it, as
 * a JSON data block: the page starts from them instead of asking again, a round trip saved before the first paint.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'checkout-first-answers';

/** Each answer under the path the page's client asks for it: the body the route itself would have sent. */
export const FirstAnswersSchema = z.record(z.string(), z.unknown());
export type FirstAnswers = z.infer<typeof FirstAnswersSchema>;

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The answers as JSON to put inside a <script type="application/json"> element. `<` is written as \u003c (and `>`,
 * `&`, the two JavaScript line separators alike) so no value, a ticket named `</script>` or `<!--` say, can end the
 * element or change how the HTML parser reads it; JSON.parse reads the escapes back as the same characters.
 */
export function firstAnswersJson(answers: FirstAnswers): string {
  return JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (character) => UNSAFE_IN_SCRIPT[character] ?? '');
}

/** The page's inlined answers, or null when it has none or they do not read (the page then asks as usual). */
export function readFirstAnswers(document: Pick<Document, 'getElementById'>): FirstAnswers | null {
  const text = document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = FirstAnswersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A transport answering each inlined GET once, from the page, as the server would have answered it then; every other
 * request, and the same one asked again (a reload of the checkout), goes to the network.
 */
export function withFirstAnswers(http: HttpRequester, answers: FirstAnswers | null): HttpRequester {
  const unused = new Map(Object.entries(answers ?? {}));
  return {
    request(request) {
      if (request.method === 'GET' && unused.has(request.url)) {
        const answer: HttpResponse = { status: 200, data: unused.get(request.url) };
        unused.delete(request.url);
        return Promise.resolve(answer);
      }
      return http.request(request);
    },
  };
}
