import type { Selectable } from 'kysely';
import type { TicketQuestions } from '@checkout/shared';
import type { QuestionsTable, QuestionTiming } from '../db/schema';

type QuestionRow = Selectable<QuestionsTable>;

/**
 * The questions each ticket line is asked, keyed by ticket id: an event's questions apply to
 * all its ticket types, or to the one they name. The checkout lists them for the page and the answer check builds its
 * expected keys from the same lists, so both see the same questions.
 */
export function questionsByTicket(
  lines: readonly { ticket_id: number; event_id: number }[],
  rows: readonly QuestionRow[],
): Record<QuestionTiming, TicketQuestions> {
  const byTiming: Record<QuestionTiming, TicketQuestions> = { before_payment: {}, after_payment: {} };
  for (const line of lines) {
    for (const row of rows) {
      if (row.event_id !== line.event_id) continue;
      if (row.ticket_type_id !== null && row.ticket_type_id !== line.ticket_id) continue;
      (byTiming[row.timing][String(line.ticket_id)] ??= []).push({
        id: row.id,
        ticket_id: line.ticket_id,
        osq_id: row.osq_id,
        question: row.question,
        type: row.type,
        mandatory: row.mandatory ? '1' : '0',
        once_per_checkout: row.once_per_checkout ? '1' : '0',
        prepopulated_array: row.options,
      });
    }
  }
  return byTiming;
}
