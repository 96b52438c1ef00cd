// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { lazyStepParcel, stepParcel } from '@checkout/shared/parcel';
import { BasketStep } from './basket/Step';
import { ReserveStep } from './reserve/Step';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const basket = stepParcel(BasketStep);
// Few buyers meet the captcha: its code is fetched when the step first mounts, not with the basket.
export const captcha = lazyStepParcel(() => import('./captcha/Step').then((module) => module.CaptchaStep));
export const reserve = stepParcel(ReserveStep);
