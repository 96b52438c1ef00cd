import * as z from 'zod/mini';
import { defineCall } from '../call';
import { UserSchema } from '../entities';
import { EmptyRequestSchema } from '../form-fields';

/** The signed-in user, or null for a guest. A failing load rejects silently with no detail, hence no message. */
export const getUser = defineCall({
  name: 'getUser',
  method: 'GET',
  path: '/ajax/user/user/get_user/',
  request: () => EmptyRequestSchema,
  response: () => z.object({ user: z.nullable(UserSchema) }),
  failure: '',
});
