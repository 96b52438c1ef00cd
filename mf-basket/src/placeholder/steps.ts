import { placeholderStep } from '@checkout/shared/parcel';

// Titled as the spec titles the screen (section 2). The captcha step is built in a later issue.
export const CaptchaStep = placeholderStep('captcha', 'Checkout');
