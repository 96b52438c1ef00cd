import * as z from 'zod/mini';
import { validationError } from '../../http/validation';
import { refused } from '../operation';
import { named } from '../schemas';
import { catalogueResource, defineResource } from './resource';
import { questionFields, QuestionSchema } from './schemas';

/**
 * The organiser API's questions of an event. A question buyers have answered is never deleted: their answers stay
 * with their orders.
 */

export const QuestionViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    event_id: z.number(),
    ticket_type_id: z.nullable(z.number()),
    osq_id: z.nullable(z.number()),
    question: z.string(),
    type: z.string(),
    options: z.array(z.string()),
    mandatory: z.boolean(),
    once_per_checkout: z.boolean(),
    timing: z.string(),
    sort_order: z.number(),
  }),
  'QuestionView',
  'A question of an event, with its id (and its ticket type’s, when asked per ticket of one type)',
);

export const QuestionPatchSchema = named(
  z.partial(z.strictObject(questionFields)),
  'QuestionPatch',
  'The fields of a question to change; the others stay as they are',
);

export const questions = defineResource({
  name: 'question',
  noun: 'Question',
  table: 'questions',
  parent: 'event',
  segment: '/questions',
  schemas: { create: QuestionSchema, update: QuestionPatchSchema, view: QuestionViewSchema },
  view: (row) => ({
    id: row.id,
    external_id: row.external_id,
    event_id: row.event_id,
    ticket_type_id: row.ticket_type_id,
    osq_id: row.osq_id,
    question: row.question,
    type: row.type,
    options: row.options,
    mandatory: row.mandatory,
    once_per_checkout: row.once_per_checkout,
    timing: row.timing,
    sort_order: row.sort_order,
  }),
  operations: {
    list: { operationId: 'listQuestions', summary: 'The questions of one of the organiser’s events, page by page' },
    create: {
      operationId: 'createQuestion',
      summary: 'Add a question to one of the organiser’s events',
      description:
        '`ticket_type` names one of the event’s ticket types by external id: asked per ticket of that type only. A ' +
        'question with the same external id in the event already exists: 409.',
    },
    update: {
      operationId: 'updateQuestion',
      summary: 'Change a question (wording, options, mandatory, timing…)',
      description: 'Answers already given stay as they were given.',
    },
    delete: {
      operationId: 'deleteQuestion',
      summary: 'Delete a question nobody has answered',
      description:
        'Refused (409) once a buyer has answered it: the answers stay with their orders. Make it optional instead ' +
        '(`mandatory: false`).',
    },
  },
  create: ({ writer, label, event }, body) => writer.saveQuestion(label, event.id, undefined, body),
  async update({ tx, writer, label, stored }, body) {
    const type =
      stored.ticket_type_id === null
        ? null
        : await tx
            .selectFrom('ticket_types')
            .select('external_id')
            .where('id', '=', stored.ticket_type_id)
            .executeTakeFirst();
    if (stored.ticket_type_id !== null && !type?.external_id && body.ticket_type === undefined)
      throw refused(`${label} is asked for a ticket type without an external id: name its 'ticket_type'.`);
    const merged = {
      ticket_type: type?.external_id ?? null,
      osq_id: stored.osq_id,
      question: stored.question,
      type: stored.type,
      options: stored.options,
      mandatory: stored.mandatory,
      once_per_checkout: stored.once_per_checkout,
      timing: stored.timing,
      sort_order: stored.sort_order,
      ...body,
      // For the check only: a question without an external id keeps none.
      external_id: body.external_id ?? stored.external_id ?? String(stored.id),
    };
    // The change as a whole must still be a question (a dropdown keeps its options).
    const parsed = QuestionSchema.safeParse(merged);
    if (!parsed.success) throw validationError(parsed.error.issues, body);
    const input = { ...parsed.data, external_id: body.external_id ?? stored.external_id };
    await writer.saveQuestion(label, stored.event_id, stored, input);
  },
  async refuseDelete({ tx, label, stored }) {
    const answered = await tx
      .selectFrom('question_answers')
      .select('question_id')
      .where('question_id', '=', stored.id)
      .limit(1)
      .executeTakeFirst();
    if (answered) throw refused(`${label} has been answered: it cannot be deleted. Set 'mandatory' to false instead.`);
  },
});

export const questionOperations = catalogueResource(questions);
