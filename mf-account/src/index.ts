// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one). Each step is its own chunk,
// fetched when its parcel first mounts.
import { lazyStepParcel } from '@checkout/shared/parcel';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const login = lazyStepParcel(() =>
  import(/* webpackChunkName: "login" */ './login/Step').then((m) => m.LoginStep),
);
export const marketing_preferences = lazyStepParcel(() =>
  import(/* webpackChunkName: "marketing-preferences" */ './marketing-preferences/Step').then(
    (m) => m.MarketingPreferencesStep,
  ),
);
export const donation = lazyStepParcel(() =>
  import(/* webpackChunkName: "donation" */ './donation/Step').then((m) => m.DonationStep),
);
export const gift_aid = lazyStepParcel(() =>
  import(/* webpackChunkName: "gift-aid" */ './gift-aid/Step').then((m) => m.GiftAidStep),
);
export const delivery_address = lazyStepParcel(() =>
  import(/* webpackChunkName: "delivery-address" */ './delivery-address/Step').then((m) => m.DeliveryAddressStep),
);
