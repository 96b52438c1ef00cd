// The remote's whole public surface: one single-spa parcel per checkout state it owns, and the contract version it
// was built against (the shell refuses to mount a remote built against another one).
import { lazyStepParcel } from '@checkout/shared/parcel';

export { CONTRACT_VERSION as contractVersion } from '@checkout/shared/parcel';

export const ticket_questions_before = lazyStepParcel(() =>
  import(/* webpackChunkName: "questions" */ './questions/Step').then((m) => m.QuestionsStep),
);
export const ticket_questions_after = lazyStepParcel(() =>
  import(/* webpackChunkName: "questions" */ './questions/Step').then((m) => m.QuestionsStep),
);
export const after_sale_messages = lazyStepParcel(() =>
  import(/* webpackChunkName: "after-sale-messages" */ './after-sale-messages/Step').then(
    (m) => m.AfterSaleMessagesStep,
  ),
);
export const waiver = lazyStepParcel(() =>
  import(/* webpackChunkName: "waiver" */ './waiver/Step').then((m) => m.WaiverStep),
);
export const order_completed = lazyStepParcel(() =>
  import(/* webpackChunkName: "order-completed" */ './order-completed/Step').then((m) => m.OrderCompletedStep),
);
