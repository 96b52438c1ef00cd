// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { lazyStepParcel, stepParcel } from '@checkout/shared/parcel';
import { QuestionsAfterStep, QuestionsBeforeStep } from './placeholder/steps';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const ticket_questions_before = stepParcel(QuestionsBeforeStep);
export const ticket_questions_after = stepParcel(QuestionsAfterStep);
export const after_sale_messages = lazyStepParcel(() =>
  import(/* webpackChunkName: "after-sale-messages" */ './after-sale-messages/Step').then((m) => m.AfterSaleMessagesStep),
);
export const waiver = lazyStepParcel(() => import(/* webpackChunkName: "waiver" */ './waiver/Step').then((m) => m.WaiverStep));
export const order_completed = lazyStepParcel(() =>
  import(/* webpackChunkName: "order-completed" */ './order-completed/Step').then((m) => m.OrderCompletedStep),
);
