import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { setTransfers } from './transfers';

export function transferHandlers(deps: AppDeps): CallHandlers {
  return {
    setTransfers: async (input, { request }) => setTransfers(deps, request.session, input.transfers),
  };
}
