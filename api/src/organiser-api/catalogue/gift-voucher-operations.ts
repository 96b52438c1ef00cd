import * as z from 'zod/mini';
import { validationError } from '../../http/validation';
import { refused } from '../operation';
import { named } from '../schemas';
import { catalogueResource, defineResource } from './resource';
import { giftVoucherFields, GiftVoucherSchema } from './schemas';
import { giftVoucherSold } from './writer';

/** The organiser API's gift vouchers (what buyers can buy as a gift): a sold voucher keeps its currency and is never deleted. */

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

export const giftVouchers = defineResource({
  name: 'gift voucher',
  noun: 'Gift voucher',
  table: 'gift_vouchers',
  parent: 'organiser',
  segment: '/gift-vouchers',
  schemas: { create: GiftVoucherSchema, update: GiftVoucherPatchSchema, view: GiftVoucherViewSchema },
  view: (row) => ({
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
  }),
  operations: {
    list: { operationId: 'listGiftVouchers', summary: 'The organiser’s gift vouchers, page by page' },
    create: {
      operationId: 'createGiftVoucher',
      summary: 'Put a gift voucher on sale: fixed values and/or a range the buyer chooses from',
      description: 'A gift voucher with the same external id already exists: 409.',
    },
    update: {
      operationId: 'updateGiftVoucher',
      summary: 'Change a gift voucher (name, values, limits, on sale or not…)',
      description:
        'Vouchers already sold keep what they were sold for. A currency change once sold or in a basket: 409. To stop ' +
        'selling it, set `on_sale: false`.',
    },
    delete: {
      operationId: 'deleteGiftVoucher',
      summary: 'Delete a gift voucher that has never been sold',
      description:
        'Refused (409) once it has been sold or is in a basket: take it off sale instead (`on_sale: false`), so its ' +
        'buyers’ vouchers stay valid.',
    },
  },
  create: ({ writer, organiserId, label }, body) => writer.saveGiftVoucher(label, organiserId, undefined, body),
  async update({ writer, organiserId, label, stored }, body) {
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
    await writer.saveGiftVoucher(label, organiserId, stored, input);
  },
  async refuseDelete({ tx, label, stored }) {
    if (await giftVoucherSold(tx, stored.id))
      throw refused(`${label} has been sold or is in a basket: it cannot be deleted. Set 'on_sale' to false instead.`);
  },
});

export const giftVoucherOperations = catalogueResource(giftVouchers);
