import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { DbOrTx, QuestionsTable, Tx } from '../../db/schema';
import { validationError } from '../../http/validation';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueImporter, lockCatalogue } from './import';
import { questionFields, QuestionSchema } from './schemas';

/**
 * The organiser API's questions of an event, written through the import's code (CatalogueImporter). A question
 * buyers have answered is never deleted: their answers stay with their orders.
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

function questionView(row: Selectable<QuestionsTable>): z.input<typeof QuestionViewSchema> {
  return {
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
  };
}

export const eventLabel = (event: { id: number; external_id: string | null }) =>
  `Event '${event.external_id ?? event.id}'`;

/** The organiser's event, or a 404 (another organiser's is not found). */
export async function ownEvent(tx: DbOrTx, organiserId: number, id: number) {
  const event = await tx
    .selectFrom('events')
    .select(['id', 'external_id'])
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!event) throw notFound('event');
  return event;
}

/** The organiser's question, locked for the change, with its label, or a 404 (another organiser's is not found). */
async function ownQuestion(tx: Tx, organiserId: number, id: number) {
  const owner = await tx
    .selectFrom('questions as q')
    .innerJoin('events as e', 'e.id', 'q.event_id')
    .select(['e.id', 'e.external_id'])
    .where('q.id', '=', id)
    .where('e.organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!owner) throw notFound('question');
  const question = await tx
    .selectFrom('questions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { question, label: `Question '${question.external_id ?? question.id}' of ${eventLabel(owner).toLowerCase()}` };
}

const readQuestion = (tx: Tx, id: number) =>
  tx.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const questionOperations = [
  defineOperation({
    method: 'GET',
    path: '/events/:id/questions',
    operationId: 'listQuestions',
    summary: 'The questions of one of the organiser’s events, page by page',
    tag: 'catalogue',
    scope: 'read',
    params: z.object({ id: idParam }),
    query: z.strictObject(pageQuery),
    response: pageSchema(QuestionViewSchema),
    async handler({ deps, organiserId, params, query }) {
      const event = await ownEvent(deps.db, organiserId, params.id);
      const rows = await deps.db
        .selectFrom('questions')
        .selectAll()
        .where('event_id', '=', event.id)
        .$call(pageRows(query))
        .execute();
      const page = toPage(rows, query);
      return { data: page.data.map(questionView), next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/events/:id/questions',
    operationId: 'createQuestion',
    summary: 'Add a question to one of the organiser’s events',
    description:
      '`ticket_type` names one of the event’s ticket types by external id: asked per ticket of that type only. A ' +
      'question with the same external id in the event already exists: 409.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: QuestionSchema,
    response: QuestionViewSchema,
    status: 201,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const event = await ownEvent(tx, organiserId, params.id);
        const existing = await tx
          .selectFrom('questions')
          .select('id')
          .where('event_id', '=', event.id)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing)
          throw refused(`Question '${body.external_id}' exists in this event (id ${existing.id}): change it instead.`);
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        return readQuestion(tx, await importer.question(event.id, eventLabel(event), body));
      });
      return questionView(row);
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/questions/:id',
    operationId: 'updateQuestion',
    summary: 'Change a question (wording, options, mandatory, timing…)',
    description: 'Answers already given stay as they were given.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: QuestionPatchSchema,
    response: QuestionViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const { question: stored, label } = await ownQuestion(tx, organiserId, params.id);
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
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        await importer.saveQuestion(label, stored.event_id, stored, input);
        return readQuestion(tx, stored.id);
      });
      return questionView(row);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/questions/:id',
    operationId: 'deleteQuestion',
    summary: 'Delete a question nobody has answered',
    description:
      'Refused (409) once a buyer has answered it: the answers stay with their orders. Make it optional instead ' +
      '(`mandatory: false`).',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const { question, label } = await ownQuestion(tx, organiserId, params.id);
        const answered = await tx
          .selectFrom('question_answers')
          .select('question_id')
          .where('question_id', '=', question.id)
          .limit(1)
          .executeTakeFirst();
        if (answered)
          throw refused(`${label} has been answered: it cannot be deleted. Set 'mandatory' to false instead.`);
        await guarded(label, () => tx.deleteFrom('questions').where('id', '=', question.id).execute());
      });
      return undefined;
    },
  }),
];
