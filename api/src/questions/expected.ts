import { answerSlots, type AnswerSlot } from '@checkout/shared';
import type { DbOrTx, QuestionTiming } from '../db/schema';
import { questionsByTicket } from './by-ticket';

export type { AnswerSlot };

/**
 * Every answer the sale's basket asks for at this timing: the sale's ticket lines and their questions (the event's
 * questions, for every ticket type or this one, as the checkout lists them in sale/checkout.ts), turned into keys by the
 * shared rule (shared/src/rules/questions.ts) the page builds its form with, so page and server agree on every key.
 */
export async function expectedAnswers(db: DbOrTx, saleId: number, timing: QuestionTiming): Promise<AnswerSlot[]> {
  const lines = await db
    .selectFrom('sale_lines')
    .innerJoin('ticket_types', 'ticket_types.id', 'sale_lines.ticket_type_id')
    .select(['ticket_types.id as ticket_id', 'ticket_types.event_id', 'sale_lines.qty'])
    .where('sale_lines.sale_id', '=', saleId)
    .orderBy('sale_lines.id')
    .execute();
  const eventIds = [...new Set(lines.map((line) => line.event_id))];
  if (!eventIds.length) return [];
  const rows = await db
    .selectFrom('questions')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .where('timing', '=', timing)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const questions = questionsByTicket(lines, rows)[timing];
  return answerSlots(questions, lines);
}
