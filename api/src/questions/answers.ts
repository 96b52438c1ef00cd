import type { Clock } from '../platform/clock';
import type { Db, QuestionTiming } from '../db/schema';
import { HttpError } from '../http/errors';
import { serverMessages } from '../http/server-messages';
import { reservationProblem } from '../identity/checkout-sale';
import type { SessionHandle } from '../session/session';
import { currentSale } from '../session/current-sale';
import { expectedAnswers } from './expected';
import { checkAnswers } from './validate';

export interface SaveAnswersInput {
  answers: Record<string, string>;
  before_or_after: 'before' | 'after';
}

/**
 * save_question_answers: before payment the sale must hold its reservation, after payment it must be paid. The answers
 * are checked against the basket's questions (validate.ts) and replace the sale's earlier answers of that timing, in
 * one transaction; a refusal is a 400 naming each bad key and writes nothing.
 */
export async function saveQuestionAnswers(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  input: SaveAnswersInput,
): Promise<{ questions_set: true }> {
  const now = clock.now();
  const sale = await currentSale(db, session);
  if (input.before_or_after === 'before') {
    const problem = reservationProblem(sale, now);
    if (problem) throw problem;
  } else if (sale?.status !== 'paid') {
    throw new HttpError(409, serverMessages.stateNeedsPayment);
  }
  if (!sale) throw new HttpError(409, serverMessages.stateNeedsPayment);
  const timing: QuestionTiming = input.before_or_after === 'before' ? 'before_payment' : 'after_payment';
  const slots = await expectedAnswers(db, sale.id, timing);
  const { answers, errors } = checkAnswers(slots, input.answers);
  const firstError = Object.values(errors)[0];
  if (firstError !== undefined) throw new HttpError(400, firstError, errors);
  const questionIds = [...new Set(slots.map((slot) => slot.question.id))];
  await db.transaction().execute(async (tx) => {
    if (questionIds.length)
      await tx
        .deleteFrom('question_answers')
        .where('sale_id', '=', sale.id)
        .where('question_id', 'in', questionIds)
        .execute();
    if (answers.length) {
      await tx
        .insertInto('question_answers')
        .values(
          answers.map(({ slot, answer }) => ({
            sale_id: sale.id,
            ticket_type_id: slot.ticket_id,
            question_id: slot.question.id,
            ticket_counter: slot.ticket_counter,
            answer,
            answered_at: now,
          })),
        )
        .execute();
    }
  });
  return { questions_set: true };
}
