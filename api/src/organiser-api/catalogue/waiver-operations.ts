import * as z from 'zod/mini';
import type { Tx } from '../../db/schema';
import { refused } from '../operation';
import { named } from '../schemas';
import { catalogueResource, defineResource } from './resource';
import { WaiverSchema } from './schemas';

/**
 * The organiser API's waivers (terms each ticket holder signs). The text people signed is kept as they signed it: a
 * signed waiver's text does not change and a signed waiver is not deleted.
 */

export const WaiverViewSchema = named(
  z.object({ id: z.number(), external_id: z.nullable(z.string()), title: z.string(), body_html: z.string() }),
  'WaiverView',
  'A waiver with its id',
);

export const WaiverPatchSchema = named(
  z.partial(WaiverSchema),
  'WaiverPatch',
  'The fields of a waiver to change; the others stay as they are',
);

async function signed(tx: Tx, waiverId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('waiver_signatures')
    .select('id')
    .where('waiver_id', '=', waiverId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const waivers = defineResource({
  name: 'waiver',
  noun: 'Waiver',
  table: 'waivers',
  parent: 'organiser',
  segment: '/waivers',
  schemas: { create: WaiverSchema, update: WaiverPatchSchema, view: WaiverViewSchema },
  view: (row) => ({ id: row.id, external_id: row.external_id, title: row.title, body_html: row.body_html }),
  operations: {
    list: { operationId: 'listWaivers', summary: 'The organiser’s waivers, page by page' },
    create: {
      operationId: 'createWaiver',
      summary: 'Create a waiver for ticket types to name (`waiver`)',
      description: 'A waiver with the same external id already exists: 409.',
    },
    update: {
      operationId: 'updateWaiver',
      summary: 'Change a waiver’s title or text, until someone signs it',
      description:
        'Once signed, its title and text are what people signed: a change is refused (409). Create a new waiver and ' +
        'name it in the ticket types instead.',
    },
    delete: {
      operationId: 'deleteWaiver',
      summary: 'Delete a waiver no ticket type names and nobody has signed',
      description:
        'Refused (409) while a ticket type names it (change the ticket type’s `waiver` first) and once it has been ' +
        'signed (the signatures stay with their orders).',
    },
  },
  create: ({ writer, organiserId, label }, body) => writer.saveWaiver(label, organiserId, undefined, body),
  async update({ tx, writer, organiserId, label, stored }, body) {
    const input = {
      title: body.title ?? stored.title,
      body_html: body.body_html ?? stored.body_html,
      external_id: body.external_id ?? stored.external_id,
    };
    const textChanges = input.title !== stored.title || input.body_html !== stored.body_html;
    if (textChanges && (await signed(tx, stored.id)))
      throw refused(
        `${label} has been signed: its text cannot change. Create a new waiver and name it in the ticket types instead.`,
      );
    await writer.saveWaiver(label, organiserId, stored, input);
  },
  async refuseDelete({ tx, label, stored }) {
    if (await signed(tx, stored.id)) throw refused(`${label} has been signed: it cannot be deleted.`);
    const namedBy = await tx
      .selectFrom('ticket_types')
      .select(['id', 'name'])
      .where('waiver_id', '=', stored.id)
      .executeTakeFirst();
    if (namedBy)
      throw refused(
        `${label} is named by ticket type '${namedBy.name}' (id ${namedBy.id}): change its 'waiver' first.`,
      );
  },
});

export const waiverOperations = catalogueResource(waivers);
