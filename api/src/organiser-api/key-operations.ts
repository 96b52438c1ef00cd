import * as z from 'zod/mini';
import { defineOperation } from './operation';
import { named } from './schemas';

export const KeySchema = named(
  z.object({
    id: z.number(),
    organiser_id: z.number(),
    organiser_name: z.string(),
    scope: z.enum(['read', 'write']),
  }),
  'Key',
  'The calling key: its id, its organiser and whether it may change anything',
);

export const keyOperations = [
  defineOperation({
    method: 'GET',
    path: '/me',
    operationId: 'getKey',
    summary: 'The calling key and its organiser',
    description: 'A cheap way to check a key: answers 401 when it is not valid or has been revoked.',
    tag: 'keys',
    scope: 'read',
    response: KeySchema,
    async handler({ deps, organiserId, keyId, scope }) {
      const organiser = await deps.db
        .selectFrom('organisers')
        .select('name')
        .where('id', '=', organiserId)
        .executeTakeFirstOrThrow();
      // A door token never reaches a read operation (plugin.ts): the key is read-only or read-write.
      const keyScope: 'read' | 'write' = scope === 'write' ? 'write' : 'read';
      return { id: keyId, organiser_id: organiserId, organiser_name: organiser.name, scope: keyScope };
    },
  }),
];
