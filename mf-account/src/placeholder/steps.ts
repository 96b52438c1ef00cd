import { placeholderStep } from '@checkout/shared/parcel';

// Titles as the spec names each screen (section 2); the donation title comes from the charity once built.
export const LoginStep = placeholderStep('login', 'Account');
export const MarketingPreferencesStep = placeholderStep('marketing_preferences', 'Keep updated');
export const DonationStep = placeholderStep('donation', 'Donation');
export const GiftAidStep = placeholderStep('gift_aid', 'Gift Aid');
export const DeliveryAddressStep = placeholderStep('delivery_address', 'Delivery Address');
