import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { saveQuestionAnswers } from './answers';

export function questionHandlers({ db, clock }: AppDeps): CallHandlers {
  return {
    saveQuestionAnswers: async (input, { request }) => saveQuestionAnswers(db, clock, request.session, input),
  };
}
