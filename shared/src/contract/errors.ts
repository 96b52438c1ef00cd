import * as z from 'zod/mini';

/**
 * The body of every 4xx the server sends and what the page reads: `error` is a sentence for the buyer, `errors` names
 * the fields at fault (e.g. contact_number, email, fullname), `type` classifies it where the page branches on it
 * (check_one_time_code: 'one_time_code' or 'reserving'), `request_id` is the server's id of the request (also its
 * X-Request-Id header), for a support report to quote.
 */
export const ApiErrorBodySchema = z.object({
  error: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  type: z.optional(z.string()),
  request_id: z.optional(z.string()),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
