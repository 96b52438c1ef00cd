import * as z from 'zod/mini';
import { named } from '../schemas';
import { catalogueResource, defineResource } from './resource';
import { AfterSaleMessageSchema } from './schemas';

/** The organiser API's after-sale messages of an event: shown and mailed to its buyers after the sale. */

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

export const afterSaleMessages = defineResource({
  name: 'after-sale message',
  noun: 'After-sale message',
  table: 'after_sale_messages',
  parent: 'event',
  segment: '/after-sale-messages',
  schemas: { create: AfterSaleMessageSchema, update: AfterSaleMessagePatchSchema, view: AfterSaleMessageViewSchema },
  view: (row) => ({
    id: row.id,
    external_id: row.external_id,
    event_id: row.event_id,
    message_html: row.message_html,
    sort_order: row.sort_order,
  }),
  operations: {
    list: {
      operationId: 'listAfterSaleMessages',
      summary: 'The after-sale messages of one of the organiser’s events, page by page',
    },
    create: {
      operationId: 'createAfterSaleMessage',
      summary: 'Add a message shown and mailed to buyers of one of the organiser’s events after the sale',
      description: 'A message with the same external id in the event already exists: 409.',
    },
    update: {
      operationId: 'updateAfterSaleMessage',
      summary: 'Change an after-sale message’s text or order',
      description: 'Emails already sent keep the text they were sent with.',
    },
    delete: {
      operationId: 'deleteAfterSaleMessage',
      summary: 'Delete an after-sale message: buyers from now on no longer see it',
    },
  },
  create: ({ writer, label, event }, body) => writer.saveAfterSaleMessage(label, event.id, undefined, body),
  async update({ writer, label, stored }, body) {
    const input = {
      message_html: body.message_html ?? stored.message_html,
      sort_order: body.sort_order ?? stored.sort_order,
      external_id: body.external_id ?? stored.external_id,
    };
    await writer.saveAfterSaleMessage(label, stored.event_id, stored, input);
  },
});

export const afterSaleMessageOperations = catalogueResource(afterSaleMessages);
