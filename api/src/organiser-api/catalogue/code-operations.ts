import * as z from 'zod/mini';
import { validationError } from '../../http/validation';
import { refused } from '../operation';
import { named } from '../schemas';
import { catalogueResource, defineResource } from './resource';
import { codeFields, CodeSchema } from './schemas';

/**
 * The organiser API's discount and gift voucher codes: the same rules as an import (a code unique across the
 * platform, `max_uses` never below the uses made).
 */

export const CodeViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    code: z.string(),
    kind: z.string(),
    event_id: z.nullable(z.number()),
    percent_bp: z.nullable(z.number()),
    amount_minor: z.nullable(z.number()),
    /** What is left to spend of a gift voucher code. */
    balance_minor: z.nullable(z.number()),
    currency: z.nullable(z.string()),
    max_uses: z.nullable(z.number()),
    uses: z.number(),
    expires_at: z.nullable(z.string()),
  }),
  'CodeView',
  'A code with its id and what sales made of it: uses, and the balance left of a gift voucher code',
);

// Uses and balance belong to the sales once the code exists: a change cannot set them.
const { balance_minor: _balance, uses: _uses, ...codeChangeFields } = codeFields;

export const CodePatchSchema = named(
  z.partial(z.strictObject(codeChangeFields)),
  'CodePatch',
  'The fields of a code to change; the others stay as they are',
);

export const codes = defineResource({
  name: 'code',
  noun: 'Code',
  table: 'codes',
  parent: 'organiser',
  segment: '/codes',
  schemas: { create: CodeSchema, update: CodePatchSchema, view: CodeViewSchema },
  view: (row) => ({
    id: row.id,
    external_id: row.external_id,
    code: row.code,
    kind: row.kind,
    event_id: row.event_id,
    percent_bp: row.percent_bp,
    amount_minor: row.amount_minor,
    balance_minor: row.balance_minor,
    currency: row.currency === null ? null : row.currency.trimEnd(),
    max_uses: row.max_uses,
    uses: row.uses,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  }),
  labelKey: (row) => row.code,
  listByExternalId: true,
  operations: {
    list: { operationId: 'listCodes', summary: 'The organiser’s discount and gift voucher codes, page by page' },
    create: {
      operationId: 'createCode',
      summary: 'Create a discount code (percent or fixed) or a gift voucher code',
      description:
        '`event` names one of the organiser’s events by external id: the code applies to it alone. A code of the ' +
        'same external id already exists: 409; a code text taken anywhere on the platform: 409.',
    },
    update: {
      operationId: 'updateCode',
      summary: 'Change a code (amount, limits, expiry, the event it applies to…)',
      description:
        'Its uses and balance are the sales’: they cannot be set. `max_uses` below the uses already made: 409. ' +
        'To stop a code, set `expires_at` to now.',
    },
    delete: {
      operationId: 'deleteCode',
      summary: 'Delete a code that has never been used',
      description:
        'Refused (409) once the code has been used or is in a basket, or a gift voucher code has been spent: a ' +
        'sale names it. Expire it instead (`PATCH /codes/{id}` with `expires_at` set to now).',
    },
  },
  create: ({ writer, organiserId, label }, body) => writer.saveCode(label, organiserId, undefined, body),
  async update({ tx, writer, organiserId, label, stored }, body) {
    const event =
      stored.event_id === null
        ? null
        : await tx.selectFrom('events').select('external_id').where('id', '=', stored.event_id).executeTakeFirst();
    const merged = {
      code: stored.code,
      kind: stored.kind,
      event: event?.external_id ?? null,
      percent_bp: stored.percent_bp,
      amount_minor: stored.amount_minor,
      currency: stored.currency === null ? null : stored.currency.trimEnd(),
      max_uses: stored.max_uses,
      expires_at: stored.expires_at ? stored.expires_at.toISOString() : null,
      ...body,
      // For the check only: a code without an external id keeps none.
      external_id: body.external_id ?? stored.external_id ?? String(stored.id),
    };
    if (stored.event_id !== null && !event?.external_id && body.event === undefined)
      throw refused(`${label} applies to an event without an external id: name its 'event'.`);
    // The change as a whole must still be a code (a percent code keeps its percentage, a fixed one its amount).
    const parsed = CodeSchema.safeParse(merged);
    if (!parsed.success) throw validationError(parsed.error.issues, body);
    const input = { ...parsed.data, external_id: body.external_id ?? stored.external_id };
    await writer.saveCode(label, organiserId, stored, input);
  },
  async refuseDelete({ tx, label, stored }) {
    const inSale = await tx
      .selectFrom('sale_codes')
      .select('code_id')
      .where('code_id', '=', stored.id)
      .executeTakeFirst();
    const spent = stored.kind === 'gift_voucher' && stored.balance_minor !== stored.amount_minor;
    if (stored.uses > 0 || inSale !== undefined || spent)
      throw refused(`${label} has been used: it cannot be deleted. Set 'expires_at' to now to stop it instead.`);
  },
});

export const codeOperations = catalogueResource(codes);
