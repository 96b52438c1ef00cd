import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { sessionUser, toUser } from './users';

export function identityHandlers({ db }: AppDeps): CallHandlers {
  return {
    getUser: async (_input, { request }) => {
      const user = await sessionUser(db, request.session);
      return { user: user ? toUser(user) : null };
    },
  };
}
