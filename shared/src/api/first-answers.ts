import * as z from 'zod/mini';
import type { HttpRequester, HttpResponse } from './client';
import { readPageData, scriptSafeJson } from './page-data';

/**
 * The api serves /checkout/ with the answers of the page's first GETs (the checkout, the user) already inside it, as
 * a JSON data block: the page starts from them instead of asking again, a round trip saved before the first paint.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'checkout-first-answers';

/** Each answer under the path the page's client asks for it: the body the route itself would have sent. */
export const FirstAnswersSchema = z.record(z.string(), z.unknown());
export type FirstAnswers = z.infer<typeof FirstAnswersSchema>;

/** The answers as JSON to put inside a <script type="application/json"> element (see scriptSafeJson). */
export function firstAnswersJson(answers: FirstAnswers): string {
  return scriptSafeJson(JSON.stringify(answers));
}

/** The page's inlined answers, or null when it has none or they do not read (the page then asks as usual). */
export function readFirstAnswers(document: Pick<Document, 'getElementById'>): FirstAnswers | null {
  const parsed = FirstAnswersSchema.safeParse(readPageData(document, FIRST_ANSWERS_ELEMENT_ID));
  return parsed.success ? parsed.data : null;
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
