import { sql, type SelectQueryBuilder } from 'kysely';
import * as z from 'zod/mini';

/**
 * Lists that grow (orders, tickets, deliveries, events) are read page by page with a cursor: `limit` (1–100, 50 by
 * default) and `after`, the `next_cursor` of the previous page. A cursor is the last id seen, so a page never repeats
 * or skips a row when rows are added meanwhile (ids only grow).
 */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

export const pageQuery = {
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LIMIT))),
  after: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647))),
};

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    data: z.array(item),
    /** Pass as `after` for the next page; null on the last page. */
    next_cursor: z.nullable(z.number()),
  });
}

/** Asks for one row more than the page holds, to know whether another page follows. */
export function pageLimit(query: { limit?: number | undefined }): number {
  return (query.limit ?? DEFAULT_LIMIT) + 1;
}

/**
 * A list's query narrowed to one page: the rows after the cursor, by id, one more than the page holds (for toPage).
 * Applied with `$call` to a query of one table whose key is `id`.
 */
export function pageRows(query: { limit?: number | undefined; after?: number | undefined }) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    qb
      .$if(query.after !== undefined, (narrowed) => narrowed.where(sql.ref('id'), '>', query.after ?? 0))
      .orderBy(sql.ref('id'))
      .limit(pageLimit(query));
}

/** The page from rows fetched with pageLimit, ordered by id ascending. */
export function toPage<T extends { id: number }>(
  rows: readonly T[],
  query: { limit?: number | undefined },
): { data: T[]; next_cursor: number | null } {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > limit && last ? last.id : null };
}
