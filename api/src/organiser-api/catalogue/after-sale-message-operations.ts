import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { AfterSaleMessagesTable, Tx } from '../../db/schema';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueImporter, lockCatalogue } from './import';
import { eventLabel, ownEvent } from './question-operations';
import { AfterSaleMessageSchema } from './schemas';

/** The organiser API's after-sale messages of an event, written through the import's code (CatalogueImporter). */

export const AfterSaleMessageViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    event_id: z.number(),
    message_html: z.string(),
    sort_order: z.number(),
  }),
  'AfterSaleMessageView',
  'An after-sale message of an event, with its id',
);

export const AfterSaleMessagePatchSchema = named(
  z.partial(AfterSaleMessageSchema),
  'AfterSaleMessagePatch',
  'The fields of an after-sale message to change; the others stay as they are',
);

function messageView(row: Selectable<AfterSaleMessagesTable>): z.input<typeof AfterSaleMessageViewSchema> {
  return {
    id: row.id,
    external_id: row.external_id,
    event_id: row.event_id,
    message_html: row.message_html,
    sort_order: row.sort_order,
  };
}

/** The organiser's message, locked for the change, with its label, or a 404 (another organiser's is not found). */
async function ownMessage(tx: Tx, organiserId: number, id: number) {
  const owner = await tx
    .selectFrom('after_sale_messages as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select(['e.id', 'e.external_id'])
    .where('m.id', '=', id)
    .where('e.organiser_id', '=', organiserId)
    .executeTakeFirst();
  if (!owner) throw notFound('after-sale message');
  const message = await tx
    .selectFrom('after_sale_messages')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const label = `After-sale message '${message.external_id ?? message.id}' of ${eventLabel(owner).toLowerCase()}`;
  return { message, label };
}

const readMessage = (tx: Tx, id: number) =>
  tx.selectFrom('after_sale_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const afterSaleMessageOperations = [
  defineOperation({
    method: 'GET',
    path: '/events/:id/after-sale-messages',
    operationId: 'listAfterSaleMessages',
    summary: 'The after-sale messages of one of the organiser’s events, page by page',
    tag: 'catalogue',
    scope: 'read',
    params: z.object({ id: idParam }),
    query: z.strictObject(pageQuery),
    response: pageSchema(AfterSaleMessageViewSchema),
    async handler({ deps, organiserId, params, query }) {
      const event = await ownEvent(deps.db, organiserId, params.id);
      const rows = await deps.db
        .selectFrom('after_sale_messages')
        .selectAll()
        .where('event_id', '=', event.id)
        .$call(pageRows(query))
        .execute();
      const page = toPage(rows, query);
      return { data: page.data.map(messageView), next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/events/:id/after-sale-messages',
    operationId: 'createAfterSaleMessage',
    summary: 'Add a message shown and mailed to buyers of one of the organiser’s events after the sale',
    description: 'A message with the same external id in the event already exists: 409.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: AfterSaleMessageSchema,
    response: AfterSaleMessageViewSchema,
    status: 201,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const event = await ownEvent(tx, organiserId, params.id);
        const existing = await tx
          .selectFrom('after_sale_messages')
          .select('id')
          .where('event_id', '=', event.id)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing)
          throw refused(
            `After-sale message '${body.external_id}' exists in this event (id ${existing.id}): change it instead.`,
          );
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        return readMessage(tx, await importer.afterSaleMessage(event.id, eventLabel(event), body));
      });
      return messageView(row);
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/after-sale-messages/:id',
    operationId: 'updateAfterSaleMessage',
    summary: 'Change an after-sale message’s text or order',
    description: 'Emails already sent keep the text they were sent with.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: AfterSaleMessagePatchSchema,
    response: AfterSaleMessageViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const { message, label } = await ownMessage(tx, organiserId, params.id);
        const input = {
          message_html: body.message_html ?? message.message_html,
          sort_order: body.sort_order ?? message.sort_order,
          external_id: body.external_id ?? message.external_id,
        };
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        await importer.saveAfterSaleMessage(label, message.event_id, message, input);
        return readMessage(tx, message.id);
      });
      return messageView(row);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/after-sale-messages/:id',
    operationId: 'deleteAfterSaleMessage',
    summary: 'Delete an after-sale message: buyers from now on no longer see it',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const { message, label } = await ownMessage(tx, organiserId, params.id);
        await guarded(label, () => tx.deleteFrom('after_sale_messages').where('id', '=', message.id).execute());
      });
      return undefined;
    },
  }),
];
