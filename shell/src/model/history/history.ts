import { createEffect, createEvent, createStore, sample } from 'effector';
import { CHECKOUT_STATES, type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { $checkout } from '../checkout';
import { notificationGroupDismissed, notify } from '../notifications';
import { $state, goTo } from '../state';
import { historyMove, replacesEntry, type HistoryRefusal } from './rules';

/**
 * The browser's Back and Forward move between the steps the buyer has seen (the History API: one entry per step
 * reached, a popped entry mapped to a step the sale's state allows). The page's address never changes: an entry
 * carries only its step. The first entry of a page the bank sent the buyer back to is a guard that keeps Back from
 * reaching the bank's page, which has nothing left to do.
 */

/** What a history entry of the checkout holds. */
export interface StepEntry {
  checkoutStep: CheckoutState;
  /** The entry standing where the page came back from the bank: Back to it stays on the checkout. */
  bankReturn?: true;
}

export interface EntryWrite {
  mode: 'push' | 'replace';
  entry: StepEntry;
}

/** The page has opened; `fromBank` when the bank's (or the card's 3-D Secure) return brought it (its address says so). */
export const historyStarted = createEvent<{ fromBank: boolean }>();
/** The browser's Back or Forward landed on an entry (popstate's `state`, whatever it holds). */
export const historyPopped = createEvent<unknown>();

/** Writes entries in order (tests fork this with a recording handler). */
export const writeEntriesFx = createEffect((writes: EntryWrite[]) => {
  for (const { mode, entry } of writes) {
    if (mode === 'push') window.history.pushState(entry, '');
    else window.history.replaceState(entry, '');
  }
});

const $fromBank = createStore(false).on(historyStarted, (_, { fromBank }) => fromBank);
/** The step the entry the browser is on holds; null before the first step is shown. */
export const $entryStep = createStore<CheckoutState | null>(null);

const STATES: ReadonlySet<string> = new Set(CHECKOUT_STATES);

export function asStepEntry(value: unknown): StepEntry | null {
  if (typeof value !== 'object' || value === null || !('checkoutStep' in value)) return null;
  const step = value.checkoutStep;
  if (typeof step !== 'string' || !STATES.has(step)) return null;
  const bankReturn = (value as { bankReturn?: unknown }).bankReturn === true;
  return { checkoutStep: step as CheckoutState, ...(bankReturn ? { bankReturn: true as const } : {}) };
}

/** The notifications group of the sentences saying why Back or Forward left the step as it was. */
const HISTORY_GROUP = 'history';

const REFUSALS: Record<HistoryRefusal, string> = {
  still_reserved: messages.historyStillReserved,
  not_reserved: messages.historyNotReserved,
  paid: messages.historyPaid,
  bank_answering: messages.historyBankAnswering,
  bank_closed: messages.historyBankClosed,
};

// Every step the buyer reaches gets an entry (steps that move on by themselves give theirs to the next one).
const stepReached = sample({
  clock: $state.updates,
  source: { entry: $entryStep, checkout: $checkout, fromBank: $fromBank },
  filter: ({ entry }, state) => state !== 'determining' && state !== entry,
  fn: ({ entry, checkout, fromBank }, state): EntryWrite[] => {
    const step: StepEntry = { checkoutStep: state };
    if (entry === null && fromBank)
      return [
        { mode: 'replace', entry: { checkoutStep: state, bankReturn: true } },
        { mode: 'push', entry: step },
      ];
    const replace = replacesEntry(entry, state, checkout?.payment_complete ?? false);
    return [{ mode: replace ? 'replace' : 'push', entry: step }];
  },
});
sample({ clock: stepReached, target: writeEntriesFx });
$entryStep.on(stepReached, (_, writes) => writes[writes.length - 1]?.entry.checkoutStep ?? null);

type PopOutcome =
  { kind: 'go'; to: CheckoutState } | { kind: 'stay'; current: CheckoutState; reason: HistoryRefusal; push: boolean };

const popped = sample({
  clock: historyPopped,
  source: { state: $state, checkout: $checkout },
  filter: ({ state }) => state !== 'determining',
  fn: ({ state, checkout }, value): PopOutcome | null => {
    const entry = asStepEntry(value);
    if (entry === null) return null;
    // Back onto the guard: the bank's page is behind it; the buyer stays, and Back is ready to be pressed again.
    if (entry.bankReturn) return { kind: 'stay', current: state, reason: 'bank_closed', push: true };
    const move = historyMove(state, entry.checkoutStep, checkout?.payment_complete ?? false);
    return move.kind === 'go' ? move : { kind: 'stay', current: state, reason: move.reason, push: false };
  },
});

const wentTo = popped.filterMap((outcome) => (outcome?.kind === 'go' ? outcome.to : undefined));
const stayed = popped.filterMap((outcome) => (outcome?.kind === 'stay' ? outcome : undefined));

$entryStep.on(wentTo, (_, to) => to).on(stayed, (_, { current }) => current);
sample({ clock: wentTo, target: goTo });
// The entry now holds the step that stayed, so Forward and Back from here read true.
sample({
  clock: stayed,
  fn: ({ current, push }): EntryWrite[] => [{ mode: push ? 'push' : 'replace', entry: { checkoutStep: current } }],
  target: writeEntriesFx,
});
sample({
  clock: stayed,
  fn: ({ reason }) => ({ type: 'default' as const, text: REFUSALS[reason], group: HISTORY_GROUP }),
  target: notify,
});
// Why a step stayed is said of that step: once another is on screen it may be untrue (a paid order told its tickets
// are still reserved and to use an Edit basket it no longer has), so it goes.
sample({ clock: $state.updates, fn: () => HISTORY_GROUP, target: notificationGroupDismissed });
