import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { setMarketingPreferences } from './marketing';

export function preferencesHandlers({ db, clock }: AppDeps): CallHandlers {
  return {
    setMarketingPreferences: async (input, { request }) => setMarketingPreferences(db, clock, request.session, input),
  };
}
