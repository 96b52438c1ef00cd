// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { stepParcel } from '@checkout/shared/parcel';
import { DeliveryAddressStep, DonationStep, GiftAidStep, LoginStep, MarketingPreferencesStep } from './placeholder/steps';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const login = stepParcel(LoginStep);
export const marketing_preferences = stepParcel(MarketingPreferencesStep);
export const donation = stepParcel(DonationStep);
export const gift_aid = stepParcel(GiftAidStep);
export const delivery_address = stepParcel(DeliveryAddressStep);
