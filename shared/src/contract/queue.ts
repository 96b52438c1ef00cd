import * as z from 'zod/mini';

/**
 * The waiting room in front of an on-sale: what GET /ajax/queue/<id>/status answers and every `data:` line of
 * GET /ajax/queue/<id>/events carries. One visitor (one session, so every tab of one browser) has one place.
 *
 * - before_opening: the on-sale has not opened; everyone here before then gets a random place at the opening.
 * - waiting: the visitor's place (1-based), how many are ahead and the estimated wait in whole seconds.
 * - admitted: the visitor's turn; the pass (an httpOnly cookie) lets them reserve until pass_expires_at.
 * - turn_lost: admitted, but the pass ran out unused; POST /ajax/queue/<id>/rejoin puts them at the end again.
 * - ended: the on-sale is over (no gate any more): straight to the checkout.
 */
export const QueueStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('before_opening'), opens_at: z.string(), early: z.literal(true) }),
  z.object({
    state: z.literal('waiting'),
    position: z.int().check(z.positive()),
    ahead: z.int().check(z.nonnegative()),
    estimated_wait_seconds: z.int().check(z.nonnegative()),
  }),
  z.object({ state: z.literal('admitted'), pass_expires_at: z.string(), return_url: z.string() }),
  z.object({ state: z.literal('turn_lost') }),
  z.object({ state: z.literal('ended') }),
]);
export type QueueStatus = z.infer<typeof QueueStatusSchema>;
export type QueueState = QueueStatus['state'];
