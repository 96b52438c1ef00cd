import { createEffect, sample } from 'effector';
import type { CheckoutState } from '@checkout/shared';
import { $state } from '../state';

export interface PageView {
  event: 'page_view';
  checkout_state: CheckoutState;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** One page-view event per state shown, for whichever tag manager reads window.dataLayer. */
export const pageViewFx = createEffect((view: PageView) => {
  const w = window as DataLayerWindow;
  (w.dataLayer ??= []).push(view);
});

sample({
  clock: $state.updates,
  filter: (state) => state !== 'determining',
  fn: (state): PageView => ({ event: 'page_view', checkout_state: state }),
  target: pageViewFx,
});
