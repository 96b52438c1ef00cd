import * as z from 'zod/mini';

/**
 * Named schemas of the organiser API's document: a schema registered here appears once under components.schemas and
 * every operation that uses it points at it with $ref. Register each entity a resource returns or takes.
 */
export const apiSchemas = z.registry<{ id: string; description: string }>();

export function named<T extends z.ZodMiniType>(schema: T, id: string, description: string): T {
  apiSchemas.add(schema, { id, description });
  return schema;
}

export const ApiErrorSchema = named(
  z.object({
    error: z.string(),
    errors: z.optional(z.record(z.string(), z.string())),
    type: z.optional(z.string()),
    request_id: z.optional(z.string()),
  }),
  'Error',
  'Every 4xx and 5xx: `error` is a sentence saying what is wrong, `errors` names each field at fault, `type` classifies it, `request_id` names the request in our logs',
);
