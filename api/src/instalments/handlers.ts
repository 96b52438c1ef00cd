import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { instalmentDepsOf, payWithInstalment } from './pay';

export function instalmentHandlers(deps: AppDeps): CallHandlers {
  const instalments = instalmentDepsOf(deps);
  return {
    payWithInstalment: async (input, { request }) => payWithInstalment(instalments, request.session, input),
  };
}
