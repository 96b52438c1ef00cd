// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one). Each step is its own chunk,
// fetched when its parcel first mounts.
import { lazyStepParcel } from '@checkout/shared/parcel';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const payment = lazyStepParcel(() =>
  import(/* webpackChunkName: "payment" */ './payment/Step').then((m) => m.PaymentStep),
);
export const awaiting_truelayer = lazyStepParcel(() =>
  import(/* webpackChunkName: "awaiting-bank" */ './awaiting-bank/Step').then((m) => m.AwaitingBankStep),
);
export const deliver_tickets = lazyStepParcel(() =>
  import(/* webpackChunkName: "delivery" */ './delivery/Step').then((m) => m.DeliveryStep),
);
