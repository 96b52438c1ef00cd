import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { failureText, isApiFailure, messages, type ApiClient, type Checkout } from '@checkout/shared';
import { lineKey, type LineRef } from './lines';
import { decideQuantity } from './quantity';
import { $deps, notifyError, shellCommandsSent, type StepDeps } from './shell-commands';

/** Spec section 9. Time lives in stores so a test can shrink it. */
export const RESERVE_DELAY_MS = 300;
export const UPDATE_DEBOUNCE_MS = 2000;
export const $reserveDelayMs = createStore(RESERVE_DELAY_MS);
export const $updateDebounceMs = createStore(UPDATE_DEBOUNCE_MS);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- Reserve Basket ----------------------------------------------------------------------------------------------

export const reserveClicked = createEvent();
export const reserveDelayFx = createEffect((ms: number) => wait(ms));
/** True from the click until the step moves on. */
export const $reserving = reserveDelayFx.pending;

// ---- Quantities: debounced, sent, then the checkout reloaded (spec section 4 'Basket') ---------------------------

export interface QuantityRequest {
  line: LineRef;
  /** What the buyer typed (already a number). */
  requested: number;
  /** The ticket's limits; null for a gift voucher. */
  limits: { max_can_reserve: number; min_per_customer: number } | null;
}

export interface QuantityUpdate {
  line: LineRef;
  qty: number;
}

export const quantityChanged = createEvent<QuantityRequest>();

function forget<T>(map: Record<string, T>, line: LineRef): Record<string, T> {
  const { [lineKey(line)]: _gone, ...rest } = map;
  return rest;
}

const decided = quantityChanged.map(({ line, requested, limits }) => ({ line, ...decideQuantity(requested, limits) }));

/**
 * What each changed line's input shows until a reloaded checkout replaces it. A draft that was not sent (below the
 * minimum) stays until the buyer changes it: it is what blocks reserving.
 */
export interface Draft {
  qty: number;
  sent: boolean;
}
export const $drafts = createStore<Record<string, Draft>>({});
/** Warnings under lines (clamped, below the minimum), by line key. */
export const $lineWarnings = createStore<Record<string, string>>({});
/** Changes waiting for the debounce, by line key: the latest one of a line wins. */
export const $queued = createStore<Record<string, QuantityUpdate>>({});

$drafts.on(decided, (drafts, d) => ({ ...drafts, [lineKey(d.line)]: { qty: d.qty, sent: d.send } }));
$lineWarnings.on(decided, (warnings, d) => (d.warning ? { ...warnings, [lineKey(d.line)]: d.warning } : forget(warnings, d.line)));
// A value below the minimum is not sent, and cancels any change of that line still waiting.
$queued.on(decided, (queued, d) => (d.send ? { ...queued, [lineKey(d.line)]: { line: d.line, qty: d.qty } } : forget(queued, d.line)));

/** Each change restarts the debounce; only the timer of the latest change sends. */
const $debounceRound = createStore(0).on(decided, (round) => round + 1);
export const debounceFx = createEffect(async ({ ms, round }: { ms: number; round: number }) => {
  await wait(ms);
  return round;
});
sample({ clock: $debounceRound, source: $updateDebounceMs, fn: (ms, round) => ({ ms, round }), target: debounceFx });

export const sendUpdatesFx = createEffect(async ({ api, updates }: { api: ApiClient; updates: QuantityUpdate[] }) => {
  const failures: string[] = [];
  for (const update of updates) {
    const failure = update.line.kind === 'ticket' ? messages.updateTicketQuantityFailed : messages.updateGiftVoucherQuantityFailed;
    try {
      const answer =
        update.line.kind === 'ticket'
          ? await api.updateTicketQuantity({ ticket_id: update.line.ticketId, quantity: update.qty })
          : await api.updateGiftVoucherQuantity({ gift_voucher_id: update.line.voucherId, qty: update.qty, value: update.line.value });
      if (!answer.success) failures.push(failure);
    } catch (error) {
      failures.push((isApiFailure(error) && failureText(error)) || failure);
    }
  }
  // Plain data: the model turns these into toasts.
  return failures;
});

const debounceEnded = sample({
  clock: debounceFx.doneData,
  source: { round: $debounceRound, queued: $queued, deps: $deps },
  filter: ({ round, queued, deps }, ended) => round === ended && deps !== null && Object.keys(queued).length > 0,
});
sample({
  clock: debounceEnded,
  fn: ({ queued, deps }) => ({ api: (deps as StepDeps).api, updates: Object.values(queued) }),
  target: sendUpdatesFx,
});
$queued.reset(sendUpdatesFx);

// Failures first, then the reload: the reload puts the server's quantities back in the inputs.
sample({
  clock: sendUpdatesFx.doneData,
  fn: (failures) => [...failures.map(notifyError), { kind: 'reloadCheckout' as const }],
  target: shellCommandsSent,
});

// ---- Remove ------------------------------------------------------------------------------------------------------

export const removeClicked = createEvent<LineRef>();

export const removeFx = createEffect(async ({ api, line }: { api: ApiClient; line: LineRef }) => {
  const answer =
    line.kind === 'ticket'
      ? await api.removeFromBasket({ ticket_id: line.ticketId })
      : await api.removeGiftVoucherFromBasket({ gift_voucher_id: line.voucherId, value: line.value });
  if (!answer.success) throw new Error('not removed');
});

/** Lines being removed, by key (their buttons show loading). */
export const $removing = createStore<Record<string, true>>({})
  .on(removeFx, (keys, { line }) => ({ ...keys, [lineKey(line)]: true }))
  .on(removeFx.finally, (keys, { params }) => {
    const { [lineKey(params.line)]: _done, ...rest } = keys;
    return rest;
  });

sample({
  clock: removeClicked,
  source: { deps: $deps, removing: $removing },
  filter: ({ deps, removing }, line) => deps !== null && !removing[lineKey(line)],
  fn: ({ deps }, line) => ({ api: (deps as StepDeps).api, line }),
  target: removeFx,
});
// A removed line sends no quantity change and keeps no warning or draft.
$queued.on(removeClicked, forget);
$lineWarnings.on(removeClicked, forget);
$drafts.on(removeClicked, forget);

sample({ clock: removeFx.done, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
sample({
  clock: removeFx.fail,
  fn: ({ params }) => [
    notifyError(params.line.kind === 'ticket' ? messages.removeTicketFailed : messages.removeGiftVoucherFailed),
  ],
  target: shellCommandsSent,
});

// ---- Busy and the checkout coming back ---------------------------------------------------------------------------

/** Changes waiting or in flight: reserving waits for them (spec section 5 'Basket'). */
export const $updating = combine(
  $queued,
  sendUpdatesFx.pending,
  removeFx.pending,
  (queued, sending, removing) => Object.keys(queued).length > 0 || sending || removing,
);

/** The step shows a checkout (first render or a reload): drafts give way to the server's quantities once settled. */
export const checkoutShown = createEvent<Checkout>();
sample({
  clock: checkoutShown,
  source: { drafts: $drafts, updating: $updating },
  filter: ({ updating }) => !updating,
  fn: ({ drafts }) => Object.fromEntries(Object.entries(drafts).filter(([, draft]) => !draft.sent)),
  target: $drafts,
});

/** A quantity below its minimum waits in the page, unsent: reserving is blocked until it is fixed. */
export const $belowMinimum = $drafts.map((drafts) => Object.values(drafts).some((draft) => !draft.sent));

sample({
  clock: reserveClicked,
  source: { ms: $reserveDelayMs, updating: $updating, belowMinimum: $belowMinimum, reserving: $reserving },
  filter: ({ updating, belowMinimum, reserving }) => !updating && !belowMinimum && !reserving,
  fn: ({ ms }) => ms,
  target: reserveDelayFx,
});
sample({ clock: reserveDelayFx.done, fn: () => [{ kind: 'stepCompleted' as const }], target: shellCommandsSent });
