import { createEffect, createEvent, createStore, sample } from 'effector';
import { failureText, isApiFailure, type ApiClient } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';
import { $deps, notifyError, shellCommandsSent, type StepDeps } from '@checkout/shared/parcel';

/** The 'DISCOUNT OR VOUCHER CODE?' entry: set_code, its verdict, then the basket reloaded. */
export type CodeVerdict =
  | { kind: 'applied' }
  /** `reason`: the server's sentence for why (expired, used up…), shown with 'Invalid code' in one alert. */
  | { kind: 'invalid'; reason: string | null };

export const codeSubmitted = createEvent<string>();
/** The buyer typed again: the last verdict no longer describes what is in the box. */
export const codeEdited = createEvent();

export const setCodeFx = createEffect(({ api, code }: { api: ApiClient; code: string }) => api.setCode({ code }));
/** Remove beside an applied code: remove_code, then the basket reloaded without it. */
export const codeRemoveClicked = createEvent<string>();
export const removeCodeFx = createEffect(({ api, code }: { api: ApiClient; code: string }) => api.removeCode({ code }));
export const $removingCode = createStore<string | null>(null)
  .on(removeCodeFx, (_, { code }) => code)
  .reset(removeCodeFx.finally);
export const $settingCode = setCodeFx.pending;

// A removed code takes its verdict with it: 'Code applied' must not stay once the code is gone.
export const $codeVerdict = createStore<CodeVerdict | null>(null)
  .on(setCodeFx.doneData, (_, answer): CodeVerdict =>
    answer.code_applied ? { kind: 'applied' } : { kind: 'invalid', reason: answer.error?.trim() || null },
  )
  .reset([codeEdited, setCodeFx, removeCodeFx]);

/**
 * The reason shown beside the code box just now, which the notes above the basket then leave out (the server also
 * lists it in basket_errors, for a reload): one message for one refused code, not two.
 */
export const $codeReasonShown = $codeVerdict.map((verdict) => (verdict?.kind === 'invalid' ? verdict.reason : null));

sample({
  clock: codeSubmitted,
  source: { deps: $deps, busy: $settingCode },
  filter: ({ deps, busy }, code) => deps !== null && !busy && code.trim().length > 0,
  fn: ({ deps }, code) => ({ api: (deps as StepDeps).api, code: code.trim() }),
  target: setCodeFx,
});

// Applied or not, the server may have changed the basket (discounts, its reasons in basket_errors): reload it.
sample({ clock: setCodeFx.done, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
sample({
  clock: setCodeFx.failData,
  fn: (error) => [notifyError((isApiFailure(error) && failureText(error)) || messages.setCodeFailed)],
  target: shellCommandsSent,
});

sample({
  clock: codeRemoveClicked,
  source: { deps: $deps, busy: removeCodeFx.pending },
  filter: ({ deps, busy }) => deps !== null && !busy,
  fn: ({ deps }, code) => ({ api: (deps as StepDeps).api, code }),
  target: removeCodeFx,
});
sample({ clock: removeCodeFx.done, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
sample({ clock: removeCodeFx.fail, fn: () => [notifyError(messages.removeCodeFailed)], target: shellCommandsSent });
