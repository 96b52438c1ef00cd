import { createEffect, createStore, sample } from 'effector';
import { clearAllDrafts } from '@checkout/shared/parcel';
import { $checkout } from '../checkout';
import { countdownExpired } from '../countdown';

/**
 * The steps keep unsent answers and the open view in this tab (shared/parcel/session-drafts) so a reload loses
 * nothing. They belong to one sale's purchase: once this page sees that sale paid, or its time run out, they go.
 */
export const clearDraftsFx = createEffect(() => clearAllDrafts());

/** This page has seen the checkout unpaid: the next paid checkout is the payment happening, not a paid sale reloaded. */
const $sawUnpaid = createStore(false);

const paidNow = sample({
  clock: $checkout.updates,
  source: $sawUnpaid,
  filter: (sawUnpaid, checkout) => sawUnpaid && checkout !== null && checkout.payment_complete,
});
$sawUnpaid
  .on($checkout.updates.filter({ fn: (checkout) => checkout !== null && !checkout.payment_complete }), () => true)
  .reset(paidNow);
sample({ clock: [paidNow, countdownExpired], target: clearDraftsFx });
