import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { GiftVouchersTable, Tx } from '../../db/schema';
import { validationError } from '../../http/validation';
import { defineOperation, idParam, notFound, refused } from '../operation';
import { pageRows, pageQuery, pageSchema, toPage } from '../pagination';
import { named } from '../schemas';
import { guarded } from './database-refusal';
import { CatalogueImporter, giftVoucherSold, lockCatalogue } from './import';
import { giftVoucherFields, GiftVoucherSchema } from './schemas';

/**
 * The organiser API's gift vouchers (what buyers can buy as a gift), written through the import's code
 * (CatalogueImporter): a sold voucher keeps its currency and is never deleted.
 */

export const GiftVoucherViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    name: z.string(),
    thumbnail: z.nullable(z.string()),
    currency: z.string(),
    values_minor: z.array(z.number()),
    min_value_minor: z.nullable(z.number()),
    max_value_minor: z.nullable(z.number()),
    max_per_customer: z.number(),
    valid_months: z.number(),
    on_sale: z.boolean(),
  }),
  'GiftVoucherView',
  'A gift voucher with its id',
);

export const GiftVoucherPatchSchema = named(
  z.partial(z.strictObject(giftVoucherFields)),
  'GiftVoucherPatch',
  'The fields of a gift voucher to change; the others stay as they are',
);

function giftVoucherView(row: Selectable<GiftVouchersTable>): z.input<typeof GiftVoucherViewSchema> {
  return {
    id: row.id,
    external_id: row.external_id,
    name: row.name,
    thumbnail: row.thumbnail,
    currency: row.currency.trimEnd(),
    values_minor: row.values_minor,
    min_value_minor: row.min_value_minor,
    max_value_minor: row.max_value_minor,
    max_per_customer: row.max_per_customer,
    valid_months: row.valid_months,
    on_sale: row.on_sale,
  };
}

/** The organiser's gift voucher, locked for the change, or a 404 (another organiser's is not found). */
async function ownGiftVoucher(tx: Tx, organiserId: number, id: number): Promise<Selectable<GiftVouchersTable>> {
  const voucher = await tx
    .selectFrom('gift_vouchers')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .forUpdate()
    .executeTakeFirst();
  if (!voucher) throw notFound('gift voucher');
  return voucher;
}

const voucherLabel = (voucher: { id: number; external_id: string | null }) =>
  `Gift voucher '${voucher.external_id ?? voucher.id}'`;

const readVoucher = (tx: Tx, id: number) =>
  tx.selectFrom('gift_vouchers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const giftVoucherOperations = [
  defineOperation({
    method: 'GET',
    path: '/gift-vouchers',
    operationId: 'listGiftVouchers',
    summary: 'The organiser’s gift vouchers, page by page',
    tag: 'catalogue',
    scope: 'read',
    query: z.strictObject(pageQuery),
    response: pageSchema(GiftVoucherViewSchema),
    async handler({ deps, organiserId, query }) {
      const rows = await deps.db
        .selectFrom('gift_vouchers')
        .selectAll()
        .where('organiser_id', '=', organiserId)
        .$call(pageRows(query))
        .execute();
      const page = toPage(rows, query);
      return { data: page.data.map(giftVoucherView), next_cursor: page.next_cursor };
    },
  }),

  defineOperation({
    method: 'POST',
    path: '/gift-vouchers',
    operationId: 'createGiftVoucher',
    summary: 'Put a gift voucher on sale: fixed values and/or a range the buyer chooses from',
    description: 'A gift voucher with the same external id already exists: 409.',
    tag: 'catalogue',
    scope: 'write',
    body: GiftVoucherSchema,
    response: GiftVoucherViewSchema,
    status: 201,
    async handler({ deps, organiserId, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const existing = await tx
          .selectFrom('gift_vouchers')
          .select('id')
          .where('organiser_id', '=', organiserId)
          .where('external_id', '=', body.external_id)
          .executeTakeFirst();
        if (existing)
          throw refused(`Gift voucher '${body.external_id}' exists (id ${existing.id}): change it instead.`);
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        return readVoucher(tx, await importer.giftVoucher(organiserId, body));
      });
      return giftVoucherView(row);
    },
  }),

  defineOperation({
    method: 'PATCH',
    path: '/gift-vouchers/:id',
    operationId: 'updateGiftVoucher',
    summary: 'Change a gift voucher (name, values, limits, on sale or not…)',
    description:
      'Vouchers already sold keep what they were sold for. A currency change once sold or in a basket: 409. To stop ' +
      'selling it, set `on_sale: false`.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    body: GiftVoucherPatchSchema,
    response: GiftVoucherViewSchema,
    async handler({ deps, organiserId, params, body }) {
      const row = await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const stored = await ownGiftVoucher(tx, organiserId, params.id);
        const merged = {
          name: stored.name,
          thumbnail: stored.thumbnail,
          currency: stored.currency.trimEnd(),
          values_minor: stored.values_minor,
          min_value_minor: stored.min_value_minor,
          max_value_minor: stored.max_value_minor,
          max_per_customer: stored.max_per_customer,
          valid_months: stored.valid_months,
          on_sale: stored.on_sale,
          ...body,
          // For the check only: a voucher without an external id keeps none.
          external_id: body.external_id ?? stored.external_id ?? String(stored.id),
        };
        // The change as a whole must still be a voucher (its minimum not above its maximum).
        const parsed = GiftVoucherSchema.safeParse(merged);
        if (!parsed.success) throw validationError(parsed.error.issues, body);
        const input = { ...parsed.data, external_id: body.external_id ?? stored.external_id };
        const importer = new CatalogueImporter(tx, { now: deps.clock.now() });
        await importer.saveGiftVoucher(voucherLabel(stored), organiserId, stored, input);
        return readVoucher(tx, stored.id);
      });
      return giftVoucherView(row);
    },
  }),

  defineOperation({
    method: 'DELETE',
    path: '/gift-vouchers/:id',
    operationId: 'deleteGiftVoucher',
    summary: 'Delete a gift voucher that has never been sold',
    description:
      'Refused (409) once it has been sold or is in a basket: take it off sale instead (`on_sale: false`), so its ' +
      'buyers’ vouchers stay valid.',
    tag: 'catalogue',
    scope: 'write',
    params: z.object({ id: idParam }),
    response: z.undefined(),
    status: 204,
    async handler({ deps, organiserId, params }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockCatalogue(tx);
        const stored = await ownGiftVoucher(tx, organiserId, params.id);
        const label = voucherLabel(stored);
        if (await giftVoucherSold(tx, stored.id))
          throw refused(
            `${label} has been sold or is in a basket: it cannot be deleted. Set 'on_sale' to false instead.`,
          );
        await guarded(label, () => tx.deleteFrom('gift_vouchers').where('id', '=', stored.id).execute());
      });
      return undefined;
    },
  }),
];
