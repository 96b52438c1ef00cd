import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { createApiKey } from './keys';

export const DEV_KEYS_PATH = '/dev/organiser-keys';

const DevKeyRequest = z.object({
  organiser: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)),
  scope: z.optional(z.enum(['read', 'write'])),
});

/**
 * With the development pages on (`npm start`, DEV_PAGES=1): POST /dev/organiser-keys (form `organiser=ID`, optional
 * `scope=read`) creates a key as `npm run organiser -- create-key` does. The command cannot open the embedded database
 * while the api holds it (one process per PGlite directory), so this is how a key is made on a running development
 * stack and in the end-to-end tests. Off wherever the development pages are off (production); a cross-site POST is
 * refused, so another site cannot make keys through a developer's browser.
 */
export function registerDevOrganiserKeys(app: FastifyInstance, deps: AppDeps): void {
  app.post(DEV_KEYS_PATH, async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new HttpError(403, 'Keys are made from this site only.');
    const input = request.body ?? {};
    const parsed = DevKeyRequest.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error.issues, input);
    const organiser = await deps.db
      .selectFrom('organisers')
      .select('name')
      .where('id', '=', parsed.data.organiser)
      .executeTakeFirst();
    if (!organiser) throw new HttpError(404, `There is no organiser ${parsed.data.organiser}.`);
    const created = await createApiKey(
      deps.db,
      { organiserId: parsed.data.organiser, scope: parsed.data.scope ?? 'write', name: 'development' },
      deps.clock.now(),
    );
    return reply.code(201).header('cache-control', 'no-store').send({
      id: created.keyId,
      organiser_id: created.organiserId,
      organiser_name: organiser.name,
      scope: created.scope,
      key: created.key,
    });
  });
}
