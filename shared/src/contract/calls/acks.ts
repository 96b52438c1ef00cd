import * as z from 'zod/mini';

/** 'success then reload' and 'success advances' calls. */
export const SuccessResponseSchema = z.object({ success: z.boolean() });

/** Calls whose response the spec does not show: the server answers { success: true }; anything else is tolerated. */
export const AckResponseSchema = z.looseObject({ success: z.optional(z.boolean()) });
