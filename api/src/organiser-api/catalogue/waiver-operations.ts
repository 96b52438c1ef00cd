import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { Tx, WaiversTable } from '../../db/schema';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueImporter, lockCatalogue } from './import';
import { WaiverSchema } from './schemas';

/**
 * The organiser API's waivers (terms each ticket holder signs), written through the import's code
 * (CatalogueImporter). The text people signed is kept as they signed it: a signed waiver's text does not change and
 * a signed waiver is not deleted.
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

function waiverView(row: Selectable<WaiversTable>): z.input<typeof WaiverViewSchema> {
  return { id: row.id, external_id: row.external_id, title: row.title, body_html: row.body_html };
}

/** The organiser's waiver, locked for the change, or a 404 (another organiser's is not found). */
async function ownWaiver(tx: Tx, organiserId: number, id: number): Promise<Selectable<WaiversTable>> {
  const waiver = await tx
    .selectFrom('waivers')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .forUpdate()
    .executeTakeFirst();
  if (!waiver) throw notFound('waiver');
  return waiver;
}

const waiverLabel = (waiver: { id: number; external_id: string | null }) =>
  `Waiver '${waiver.external_id ?? waiver.id}'`;

async function signed(tx: Tx, waiverId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('waiver_signatures')
    .select('id')
    .where('waiver_id', '=', waiverId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const readWaiver = (tx: Tx, id: number) =>
  tx.selectFrom('waivers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const waiverOperations = [
  defineOperation({
    method: 'GET',
    path: '/waivers',
    operationId: 'listWaivers',
    summary: 'The organiser’s waivers, page by page',
    tag: 'catalogue',
    scope: 'read',
    query: z.strictObject(pageQuery),
    response: pageSchema(WaiverViewSchema),
    async handler({ deps, organiserId, query }) {
      const rows = await deps.db
        .selectFrom('waivers')
        .selectAll()
        .where('organiser_id', '=', organiserId)
        .$call(pageRows(query))
        .execute();
      const page = toPage(rows, query);
      return { data: page.data.map(waiverView), next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/waivers',
    operationId: 'createWaiver',
    summary: 'Create a waiver for ticket types to name (`waiver`)',
    description: 'A waiver with the same external id already exists: 409.',
    tag: 'catalogue',
    scope: 'write',
    body: WaiverSchema,
    response: WaiverViewSchema,
    status: 201,
    async handler({ deps, organiserId, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const existing = await tx
          .selectFrom('waivers')
          .select('id')
          .where('organiser_id', '=', organiserId)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing) throw refused(`Waiver '${body.external_id}' exists (id ${existing.id}): change it instead.`);
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        return readWaiver(tx, await importer.waiver(organiserId, body));
      });
      return waiverView(row);
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/waivers/:id',
    operationId: 'updateWaiver',
    summary: 'Change a waiver’s title or text, until someone signs it',
    description:
      'Once signed, its title and text are what people signed: a change is refused (409). Create a new waiver and ' +
      'name it in the ticket types instead.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: WaiverPatchSchema,
    response: WaiverViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const stored = await ownWaiver(tx, organiserId, params.id);
        const label = waiverLabel(stored);
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
        await new CatalogueImporter(tx, { now: deps.clock.now() }).saveWaiver(label, organiserId, stored, input);
        return readWaiver(tx, stored.id);
      });
      return waiverView(row);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/waivers/:id',
    operationId: 'deleteWaiver',
    summary: 'Delete a waiver no ticket type names and nobody has signed',
    description:
      'Refused (409) while a ticket type names it (change the ticket type’s `waiver` first) and once it has been ' +
      'signed (the signatures stay with their orders).',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const stored = await ownWaiver(tx, organiserId, params.id);
        const label = waiverLabel(stored);
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
        await guarded(label, () => tx.deleteFrom('waivers').where('id', '=', stored.id).execute());
      });
      return undefined;
    },
  }),
];
