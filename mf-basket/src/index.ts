// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { stepParcel } from '@checkout/shared/parcel';
import { BasketStep } from './basket/Step';
import { CaptchaStep } from './placeholder/steps';
import { ReserveStep } from './reserve/Step';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const basket = stepParcel(BasketStep);
export const captcha = stepParcel(CaptchaStep);
export const reserve = stepParcel(ReserveStep);
