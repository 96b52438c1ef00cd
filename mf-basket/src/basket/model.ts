import { combine, createEffect, createEvent, createStore, merge, sample } from 'effector';
import { debounce } from 'patronum';
import {
  failureText,
  isApiFailure,
  missingRequiredTickets,
  refundProtectionOffer,
  refundProtectionUpdate,
  organisersWithoutPayments,
  reserveBlock,
  type ApiClient,
  type Checkout,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';
import { $settingCode } from './code';
import { lineKey, serverQuantity, ticketRef, type LineRef } from './lines';
import { decideQuantity, isBelowMinimum } from './quantity';
import { $deps, notifyError, shellCommandsSent, type StepDeps } from '@checkout/shared/parcel';

/** The pause before reserving and the quantity debounce. Time lives in stores so a test can shrink it. */
export const RESERVE_DELAY_MS = 300;
export const UPDATE_DEBOUNCE_MS = 2000;
export const $reserveDelayMs = createStore(RESERVE_DELAY_MS);
export const $updateDebounceMs = createStore(UPDATE_DEBOUNCE_MS);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function forget<T>(map: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = map;
  return rest;
}

// ---- The checkout on screen --------------------------------------------------------------------------------------

/** The step shows a checkout (first render or a reload). */
export const checkoutShown = createEvent<Checkout>();
/** The shell is loading the checkout (StepStores.$updatingBasket), fed by the step. */
export const shellUpdatingChanged = createEvent<boolean>();

export const $basket = createStore<Checkout | null>(null, { serialize: 'ignore' }).on(
  checkoutShown,
  (_, checkout) => checkout,
);
const $shellUpdating = createStore(false).on(shellUpdatingChanged, (_, updating) => updating);

// ---- Reserve Basket ----------------------------------------------------------------------------------------------

export const reserveClicked = createEvent();
export const reserveDelayFx = createEffect((ms: number) => wait(ms));
/** True from the click until the step moves on. */
export const $reserving = reserveDelayFx.pending;

// ---- Quantities and refund protection: debounced, sent, then the checkout reloaded -------------------------------

export interface QuantityRequest {
  line: LineRef;
  /** What the buyer typed (already a number); null when the box holds no quantity (cleared, or 0). */
  requested: number | null;
  /** The ticket's limits; null for a gift voucher. */
  limits: { max_can_reserve: number; min_per_customer: number } | null;
}

/** One change waiting to be sent: a line's quantity, or the refund protection choice. */
export type BasketUpdate =
  { kind: 'quantity'; line: LineRef; qty: number } | { kind: 'refundProtection'; refund_protection: boolean };

const REFUND_PROTECTION_KEY = 'refund-protection';

export const quantityChanged = createEvent<QuantityRequest>();
/** Yes (true) or no (false) to the refund protection offer. */
export const refundProtectionChosen = createEvent<boolean>();

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
/** Changes waiting for the debounce, by line key (or REFUND_PROTECTION_KEY): the latest one of each wins. */
export const $queued = createStore<Record<string, BasketUpdate>>({});
/** The refund protection choice shown until a reloaded checkout replaces it; null: the server's. */
export const $refundProtectionDraft = createStore<boolean | null>(null).on(
  refundProtectionChosen,
  (_, chosen) => chosen,
);
/**
 * Lines whose box holds no quantity (cleared, or 0), by line key. Nothing is sent for them and reserving waits until
 * a quantity is typed (or the box, left, shows its quantity again), so the basket is never reserved with a quantity
 * the buyer no longer sees.
 */
export const $emptyBoxes = createStore<Record<string, true>>({});

$emptyBoxes.on(quantityChanged, (empty, { line, requested }) =>
  requested === null ? { ...empty, [lineKey(line)]: true } : forget(empty, lineKey(line)),
);

/**
 * Each typed quantity, decided, and whether it is a change to keep: the quantity a box shows again
 * after being left empty, or a number typed again, is no new change to send (one below the minimum is always kept,
 * unsent: it is what blocks reserving).
 */
const decided = sample({
  clock: quantityChanged,
  source: { drafts: $drafts, basket: $basket },
  filter: (_, { requested }) => requested !== null,
  fn: ({ drafts, basket }, { line, requested, limits }) => {
    const decision = decideQuantity(requested as number, limits);
    const shown = drafts[lineKey(line)]?.qty ?? serverQuantity(basket, line);
    return { line, ...decision, changed: !decision.send || decision.qty !== shown };
  },
});
const changed = decided.filter({ fn: (d) => d.changed });

// The buyer's number stays in the box, and in the draft, whatever the server holds: below the minimum it is kept
// (warned, unsent) until the buyer changes it, while the order summary keeps the quantity still reserved.
$drafts.on(changed, (drafts, d) => ({ ...drafts, [lineKey(d.line)]: { qty: d.qty, sent: d.send } }));
$lineWarnings.on(decided, (warnings, d) =>
  d.warning ? { ...warnings, [lineKey(d.line)]: d.warning } : forget(warnings, lineKey(d.line)),
);
// A value below the minimum is not sent, and cancels any change of that line still waiting.
$queued.on(changed, (queued, d) =>
  d.send
    ? { ...queued, [lineKey(d.line)]: { kind: 'quantity', line: d.line, qty: d.qty } }
    : forget(queued, lineKey(d.line)),
);

// Refund protection goes to the server only when the choice differs from the original one, the one the server holds.
sample({
  clock: refundProtectionChosen,
  source: { basket: $basket, queued: $queued },
  filter: ({ basket }) => basket !== null && refundProtectionOffer(basket) !== null,
  fn: ({ basket, queued }, choice) => {
    const offer = refundProtectionOffer(basket as Checkout);
    const update = refundProtectionUpdate(choice, offer?.chosen ?? false, offer !== null);
    return update
      ? { ...queued, [REFUND_PROTECTION_KEY]: { kind: 'refundProtection' as const, ...update } }
      : forget(queued, REFUND_PROTECTION_KEY);
  },
  target: $queued,
});

/** Each change restarts the wait; only when the buyer has stopped for the debounce time are the changes sent. */
const changesSettled = debounce(merge([changed, refundProtectionChosen]), $updateDebounceMs);

/** Sends each change in turn; quantities first, since the refund protection cost depends on them. */
export const sendUpdatesFx = createEffect(async ({ api, updates }: { api: ApiClient; updates: BasketUpdate[] }) => {
  const failures: string[] = [];
  const ordered = [
    ...updates.filter((u) => u.kind === 'quantity'),
    ...updates.filter((u) => u.kind === 'refundProtection'),
  ];
  for (const update of ordered) {
    const failure =
      update.kind === 'refundProtection'
        ? messages.updateRefundProtectionFailed
        : update.line.kind === 'ticket'
          ? messages.updateTicketQuantityFailed
          : messages.updateGiftVoucherQuantityFailed;
    try {
      const answer =
        update.kind === 'refundProtection'
          ? await api.updateRefundProtection({ refund_protection: update.refund_protection })
          : update.line.kind === 'ticket'
            ? await api.updateTicketQuantity({ ticket_id: update.line.ticketId, quantity: update.qty })
            : await api.updateGiftVoucherQuantity({
                gift_voucher_id: update.line.voucherId,
                qty: update.qty,
                value: update.line.value,
              });
      if (!answer.success) failures.push(failure);
    } catch (error) {
      failures.push((isApiFailure(error) && failureText(error)) || failure);
    }
  }
  // Plain data: the model turns these into toasts.
  return failures;
});

sample({
  clock: changesSettled,
  source: { queued: $queued, deps: $deps },
  filter: ({ queued, deps }) => deps !== null && Object.keys(queued).length > 0,
  fn: ({ queued, deps }) => ({ api: (deps as StepDeps).api, updates: Object.values(queued) }),
  target: sendUpdatesFx,
});
$queued.reset(sendUpdatesFx);

// Failures first, then the reload: the reload puts the server's quantities back in the inputs.
sample({
  clock: sendUpdatesFx.doneData,
  fn: (failures) => [...failures.map((text) => notifyError(text)), { kind: 'reloadCheckout' as const }],
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
  .on(removeFx.finally, (keys, { params }) => forget(keys, lineKey(params.line)));

sample({
  clock: removeClicked,
  source: { deps: $deps, removing: $removing },
  filter: ({ deps, removing }, line) => deps !== null && !removing[lineKey(line)],
  fn: ({ deps }, line) => ({ api: (deps as StepDeps).api, line }),
  target: removeFx,
});
// A removed line sends no quantity change and keeps no warning or draft.
$queued.on(removeClicked, (queued, line) => forget(queued, lineKey(line)));
$lineWarnings.on(removeClicked, (warnings, line) => forget(warnings, lineKey(line)));
$drafts.on(removeClicked, (drafts, line) => forget(drafts, lineKey(line)));
$emptyBoxes.on(removeClicked, (empty, line) => forget(empty, lineKey(line)));

sample({ clock: removeFx.done, fn: () => [{ kind: 'reloadCheckout' as const }], target: shellCommandsSent });
sample({
  clock: removeFx.fail,
  fn: ({ params }) => [
    notifyError(params.line.kind === 'ticket' ? messages.removeTicketFailed : messages.removeGiftVoucherFailed),
  ],
  target: shellCommandsSent,
});

// ---- Busy, blocked, and the checkout coming back -----------------------------------------------------------------

/** Changes waiting or in flight: reserving waits for them. */
export const $updating = combine(
  $queued,
  sendUpdatesFx.pending,
  removeFx.pending,
  $settingCode,
  (queued, sending, removing, settingCode) => Object.keys(queued).length > 0 || sending || removing || settingCode,
);

// Once nothing is waiting, a reloaded checkout replaces the sent drafts and the refund protection choice.
const settledCheckout = sample({ clock: checkoutShown, source: $updating, filter: (updating) => !updating });
sample({
  clock: settledCheckout,
  source: $drafts,
  fn: (drafts) => Object.fromEntries(Object.entries(drafts).filter(([, draft]) => !draft.sent)),
  target: $drafts,
});
$refundProtectionDraft.reset(settledCheckout);

/**
 * A quantity below its minimum blocks reserving: one typed here (kept unsent), or one the server holds that the
 * buyer has not changed.
 */
export const $belowMinimum = combine($drafts, $basket, (drafts, basket) => {
  if (Object.values(drafts).some((draft) => !draft.sent)) return true;
  return (basket?.tickets ?? []).some((t) => isBelowMinimum(drafts[lineKey(ticketRef(t))]?.qty ?? t.qty, t));
});

/** Titles of companion tickets the basket still needs. */
export const $missingCompanions = $basket.map((basket) => (basket ? missingRequiredTickets(basket.tickets) : []));

/**
 * Why Reserve Basket cannot be pressed now; null when it can. The button only shows with a checkout, so a checkout
 * not yet handed to the model is not 'loading': the button must not flash disabled on its first render.
 */
export const $reserveBlock = combine(
  {
    shellUpdating: $shellUpdating,
    updating: $updating,
    emptyBoxes: $emptyBoxes,
    belowMinimum: $belowMinimum,
    missingCompanions: $missingCompanions,
    basket: $basket,
  },
  ({ shellUpdating, updating, emptyBoxes, belowMinimum, missingCompanions, basket }) =>
    reserveBlock({
      loading: shellUpdating,
      updating,
      noQuantity: Object.keys(emptyBoxes).length > 0,
      belowMinimum,
      missingCompanions,
      noPaymentIntegration:
        basket !== null && basket.basket_total > 0 && organisersWithoutPayments(basket.organisers).length > 0,
    }),
);

sample({
  clock: reserveClicked,
  source: { ms: $reserveDelayMs, block: $reserveBlock, reserving: $reserving, basket: $basket },
  filter: ({ block, reserving, basket }) => basket !== null && block === null && !reserving,
  fn: ({ ms }) => ms,
  target: reserveDelayFx,
});
sample({ clock: reserveDelayFx.done, fn: () => [{ kind: 'stepCompleted' as const }], target: shellCommandsSent });
