import type { FastifyReply, FastifyRequest } from 'fastify';
import { calls, FIRST_ANSWERS_ELEMENT_ID, firstAnswersJson, type FirstAnswers } from '@checkout/shared';
import type { CallHandlers } from '../http/route';

export type FirstAnswersSource = (request: FastifyRequest, reply: FastifyReply) => Promise<FirstAnswers>;

/**
 * What the shell's first GETs (model/start: the checkout and the user) would answer for this request's session, from
 * the routes' own handlers (same session rules, same body). A call that fails is left out: the page then asks for it
 * itself and shows the call's failure as it always has.
 */
export function firstAnswersFrom(handlers: Pick<CallHandlers, 'getCheckout' | 'getUser'>): FirstAnswersSource {
  const { getCheckout, getUser } = handlers;
  return async (request, reply) => {
    const context = { request, reply };
    const answers: FirstAnswers = {};
    const take = async (call: { name: string; path: string }, answer: (() => Promise<unknown>) | undefined) => {
      if (!answer) return;
      try {
        answers[call.path] = await answer();
      } catch (error) {
        request.log.warn({ err: error, call: call.name }, 'checkout page: answer left out, the page will ask');
      }
    };
    await Promise.all([
      take(calls.getCheckout, getCheckout && (() => getCheckout({}, context))),
      take(calls.getUser, getUser && (() => getUser({}, context))),
    ]);
    return answers;
  };
}

/** The answers as a JSON data block (never executed, so the page's no-inline-script policy allows it). */
export function firstAnswersScript(answers: FirstAnswers): string {
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${firstAnswersJson(answers)}</script>`;
}

/**
 * The page with the signed-in buyer's dark theme already on <html>, as the shell's model sets it once it runs
 * (model/theme): without it, a buyer who chose the dark theme sees the light page first, then a flash to dark.
 */
export function withTheme(html: string, answers: FirstAnswers | null): string {
  const answered = calls.getUser.response.safeParse(answers?.[calls.getUser.path]);
  if (!answered.success || answered.data.user?.is_dark_mode !== true) return html;
  return html.replace(/<html\b/, '<html data-theme="dark"');
}
