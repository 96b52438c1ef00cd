import type { AppDeps } from '../deps';
import type { CallHandlers } from '../http/route';
import { saveDonation, updateDonation } from './donation';

export function donationHandlers({ db, clock }: AppDeps): CallHandlers {
  return {
    saveDonation: async (input, { request }) => saveDonation(db, clock, request.session, input),
    updateDonation: async (input, { request }) => updateDonation(db, clock, request.session, input),
  };
}
