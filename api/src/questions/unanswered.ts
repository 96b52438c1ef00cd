import type { DbOrTx } from '../db/schema';
import { expectedAnswers } from './expected';
import { checkAnswers } from './validate';

/**
 * The mandatory questions asked before payment that the sale has not answered (their texts, once each): a payment
 * cannot be created while any is left. The stored answers are checked by the same rule save_question_answers uses.
 */
export async function unansweredBeforePayment(db: DbOrTx, saleId: number): Promise<string[]> {
  const slots = await expectedAnswers(db, saleId, 'before_payment');
  if (slots.length === 0) return [];
  const stored = await db
    .selectFrom('question_answers')
    .select(['ticket_type_id', 'question_id', 'ticket_counter', 'answer'])
    .where('sale_id', '=', saleId)
    .execute();
  const byPlace = new Map(
    stored.map((row) => [`${row.ticket_type_id}/${row.question_id}/${row.ticket_counter}`, row.answer]),
  );
  const given: Record<string, string> = {};
  for (const slot of slots) {
    const answer = byPlace.get(`${slot.ticket_id}/${slot.question.id}/${slot.ticket_counter}`);
    if (answer !== undefined) given[slot.key] = answer;
  }
  const { errors } = checkAnswers(slots, given);
  return [...new Set(slots.filter((slot) => slot.key in errors).map((slot) => slot.question.question))];
}
