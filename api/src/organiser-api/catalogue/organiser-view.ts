import * as z from 'zod/mini';
import type { DbOrTx } from '../../db/schema';
import { named } from '../schemas';

export const OrganiserViewSchema = named(
  z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    name: z.string(),
    slug: z.string(),
    currency: z.string(),
    charity_id: z.nullable(z.number()),
    marketing_signup_message: z.string(),
    custom_refund_policy: z.nullable(z.string()),
    audience_diversity_notice: z.boolean(),
  }),
  'Organiser',
  'The calling key’s organiser and the settings it changes itself',
);

export async function organiserView(db: DbOrTx, organiserId: number): Promise<z.input<typeof OrganiserViewSchema>> {
  const row = await db
    .selectFrom('organisers')
    .select([
      'id',
      'external_id',
      'name',
      'slug',
      'currency',
      'charity_id',
      'marketing_signup_message',
      'custom_refund_policy',
      'audience_diversity_notice',
    ])
    .where('id', '=', organiserId)
    .executeTakeFirstOrThrow();
  return { ...row, currency: row.currency.trimEnd() };
}
