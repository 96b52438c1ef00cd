import type { TicketQuestion } from '@checkout/shared';
import type { Db, QuestionTiming } from '../db/schema';

/** One answer the checkout asks for: where it is stored and the rule it must follow. */
export interface AnswerSlot {
  key: string;
  ticket_type_id: number;
  question_id: number;
  /** 1..n for per-ticket questions, 0 for once-per-checkout ones. */
  ticket_counter: number;
  type: TicketQuestion['type'];
  mandatory: boolean;
  options: string[];
  /** Slots of one group answer one question: a once-per-checkout question (same id or osq_id) is asked once. */
  group: string;
}

/**
 * Every answer the sale's basket asks for at this timing, with its key (spec 3): answer_{ticket_id}_{question id} for
 * once-per-checkout questions, the same plus _{ticket counter} (1-based) for per-ticket ones. Same matching as the
 * checkout's questions (sale/checkout.ts): the event's questions, for every ticket type or this one.
 */
export async function expectedAnswers(db: Db, saleId: number, timing: QuestionTiming): Promise<AnswerSlot[]> {
  const lines = await db
    .selectFrom('sale_lines')
    .innerJoin('ticket_types', 'ticket_types.id', 'sale_lines.ticket_type_id')
    .select(['ticket_types.id as ticket_id', 'ticket_types.event_id', 'sale_lines.qty'])
    .where('sale_lines.sale_id', '=', saleId)
    .orderBy('sale_lines.id')
    .execute();
  const eventIds = [...new Set(lines.map((line) => line.event_id))];
  if (!eventIds.length) return [];
  const questions = await db
    .selectFrom('questions')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .where('timing', '=', timing)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const slots: AnswerSlot[] = [];
  const counted = new Map<number, number>();
  for (const line of lines) {
    const first = (counted.get(line.ticket_id) ?? 0) + 1;
    counted.set(line.ticket_id, first - 1 + line.qty);
    for (const question of questions) {
      if (question.event_id !== line.event_id) continue;
      if (question.ticket_type_id !== null && question.ticket_type_id !== line.ticket_id) continue;
      const rule = { ticket_type_id: line.ticket_id, question_id: question.id, type: question.type, mandatory: question.mandatory, options: question.options };
      if (question.once_per_checkout) {
        const key = `answer_${line.ticket_id}_${question.id}`;
        const group = question.osq_id !== null ? `osq_${question.osq_id}` : `q_${question.id}`;
        if (!slots.some((slot) => slot.key === key)) slots.push({ ...rule, key, ticket_counter: 0, group });
        continue;
      }
      for (let counter = first; counter < first + line.qty; counter += 1) {
        const key = `answer_${line.ticket_id}_${question.id}_${counter}`;
        slots.push({ ...rule, key, ticket_counter: counter, group: key });
      }
    }
  }
  return slots;
}
