import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import {
  canSendTransfers,
  clampTransferQty,
  emptyTransferRow,
  firstInvalidTicketType,
  isApiFailure,
  transferableTypes,
  transferPayload,
  type SimpleInfo,
  type TicketLine,
  type TransferableType,
  type TransferDraft,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-completed';
import {
  $deps,
  apiOf,
  clearDraft,
  depsReceived,
  notifyError,
  readDraft,
  writeDraft,
  shellCommandsSent,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
import { COPIED_MS, copyText, rememberTransferred, wait, wasTransferred } from './effects';

/**
 * The order-completed step: which view shows, the simple info and
 * referral link it loads, the subscription, feedback and share modals, and the transfer form.
 */

const REFUSALS: ReadonlySet<number> = new Set([400, 409, 422]);

/** What a failed set_transfers says: the server's reason when it refused the transfer, else the spec's message. */
export function transferFailureText(error: unknown): string {
  if (
    isApiFailure(error) &&
    error.kind === 'http' &&
    error.status !== undefined &&
    REFUSALS.has(error.status) &&
    error.serverMessage
  )
    return error.serverMessage;
  return messages.sendTransfersFailed;
}

export type OrderCompletedView = 'overview' | 'transfer_tickets' | 'find_a_place';

/** A transfer row as the form keeps it: the draft plus an id that stays with the row when another is removed. */
export interface TransferRowState extends TransferDraft {
  id: number;
}

const NOTIFY_GROUP = 'order_completed';
const notifySuccess = (text: string): ShellCommand => ({
  kind: 'notify',
  notification: { type: 'success', text, group: NOTIFY_GROUP },
});

// ---- Effects (time and the clipboard are effects, so tests replace them with fork handlers) -----------------------

export const waitFx = createEffect((ms: number) => wait(ms));
export const copyFx = createEffect((text: string) => copyText(text));
export const todayFx = createEffect(() => new Date());
export const wasTransferredFx = createEffect((reference: string) => wasTransferred(reference));
export const rememberTransferredFx = createEffect((reference: string) => rememberTransferred(reference));

export const getSimpleInfoFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getSimpleInfo() });
export const getReferralLinkFx = attach({ source: $deps, effect: (deps) => apiOf(deps).getRewardReferrerLink() });
export const subscribeFx = attach({ source: $deps, effect: (deps) => apiOf(deps).subscribeToEvents() });
export const sendFeedbackFx = attach({
  source: $deps,
  effect: (deps, message: string) => apiOf(deps).sendCustomerFeedback({ message }),
});
export const setTransfersFx = attach({
  source: $deps,
  effect: (deps, rows: readonly TransferDraft[]) => apiOf(deps).setTransfers({ transfers: transferPayload(rows) }),
});

// ---- Start ---------------------------------------------------------------------------------------------------------

export const orderCompletedStarted = createEvent<{
  deps: StepDeps;
  saleReference: string | null;
  tickets: readonly TicketLine[];
}>();

export const $view = createStore<OrderCompletedView>('overview');
export const viewChosen = createEvent<OrderCompletedView>();
export const $simpleInfo = createStore<SimpleInfo | null>(null);
/** '' until loaded, and when there is none or it failed (the call fails silently). */
export const $referralLink = createStore('');
/** Ticket types the buyer may transfer (unseated), in the checkout's order. */
export const $transferTypes = createStore<TransferableType[]>([]);
/** Sales whose tickets were transferred from this page: transfer is not offered again. */
export const $transferredSales = createStore<string[]>([]);
const $saleReference = createStore<string | null>(null);
export const $today = createStore<Date>(new Date(0), { serialize: 'ignore' });

sample({ clock: orderCompletedStarted, fn: ({ deps }) => deps, target: depsReceived });
$view.reset(orderCompletedStarted).on(viewChosen, (_, view) => view);
$saleReference.on(orderCompletedStarted, (_, { saleReference }) => saleReference);
$transferTypes.on(orderCompletedStarted, (_, { tickets }) => transferableTypes(tickets));
sample({ clock: orderCompletedStarted, target: [getSimpleInfoFx, getReferralLinkFx, todayFx] });
sample({ clock: viewChosen, target: todayFx });
$today.on(todayFx.doneData, (_, today) => today);
$simpleInfo.on(getSimpleInfoFx.doneData, (_, info) => info);
$referralLink.on(getReferralLinkFx.doneData, (_, link) => link.trim());

sample({
  clock: orderCompletedStarted,
  filter: ({ saleReference }) => saleReference !== null,
  fn: ({ saleReference }) => saleReference ?? '',
  target: wasTransferredFx,
});
$transferredSales.on(wasTransferredFx.done.filter({ fn: ({ result }) => result }), (sales, { params }) =>
  sales.includes(params) ? sales : [...sales, params],
);

// ---- The view open survives a reload (this tab's sessionStorage, per sale) --------------------------------------

const VIEWS: readonly OrderCompletedView[] = ['overview', 'transfer_tickets', 'find_a_place'];
const viewKeyOf = (reference: string) => `order-completed-view:${reference}`;
const asView = (value: unknown): OrderCompletedView | null => VIEWS.find((view) => view === value) ?? null;
export const recallViewFx = createEffect((reference: string) => readDraft(viewKeyOf(reference), asView));
export const keepViewFx = createEffect(({ reference, view }: { reference: string; view: OrderCompletedView }) =>
  view === 'overview' ? clearDraft(viewKeyOf(reference)) : writeDraft(viewKeyOf(reference), view),
);
sample({
  clock: orderCompletedStarted,
  filter: ({ saleReference }) => saleReference !== null,
  fn: ({ saleReference }) => saleReference ?? '',
  target: recallViewFx,
});
// The transfer view comes back only while there is something to transfer (a sent transfer kept the overview).
sample({
  clock: recallViewFx.doneData,
  source: $transferTypes,
  filter: (types, view) => view !== null && (view !== 'transfer_tickets' || types.length > 0),
  fn: (_, view) => view ?? 'overview',
  target: $view,
});
sample({
  clock: viewChosen,
  source: $saleReference,
  filter: (reference): reference is string => reference !== null,
  fn: (reference, view) => ({ reference: reference ?? '', view }),
  target: keepViewFx,
});

export const $transferred = sample({
  source: { sales: $transferredSales, reference: $saleReference },
  fn: ({ sales, reference }) => reference !== null && sales.includes(reference),
});

// ---- Subscribe to important updates --------------------------------------------------------------------------------

export const subscribeClicked = createEvent();
/** Subscribed from this page (the user record says so only after it is next loaded). */
export const $subscribedHere = createStore(false);
sample({ clock: subscribeClicked, filter: subscribeFx.pending.map((p) => !p), target: subscribeFx });
$subscribedHere.on(subscribeFx.done, () => true);
sample({
  clock: subscribeFx.done,
  fn: () => [notifySuccess(messages.subscribedToUpdates), { kind: 'refreshUser' as const }],
  target: shellCommandsSent,
});
sample({
  clock: subscribeFx.fail,
  fn: () => [notifyError(messages.subscribeFailed, NOTIFY_GROUP)],
  target: shellCommandsSent,
});

// ---- Feedback modal 'How did we do?' -------------------------------------------------------------------------------

export const feedbackOpened = createEvent();
export const feedbackClosed = createEvent();
export const feedbackChanged = createEvent<string>();
export const feedbackSent = createEvent();
export const $feedbackOpen = createStore(false);
export const $feedbackMessage = createStore('');
export const $feedbackSending = sendFeedbackFx.pending;
/** Send is disabled while sending or when the message is empty. */
export const $canSendFeedback = sample({
  source: { message: $feedbackMessage, sending: $feedbackSending },
  fn: ({ message, sending }) => !sending && message.trim() !== '',
});

$feedbackOpen.on(feedbackOpened, () => true).on(feedbackClosed, () => false);
$feedbackMessage.on(feedbackChanged, (_, message) => message);
sample({
  clock: feedbackSent,
  source: $feedbackMessage,
  filter: $canSendFeedback,
  fn: (message) => message.trim(),
  target: sendFeedbackFx,
});
// Either way the modal closes, failed or sent; a sent message is not kept.
$feedbackOpen.on(sendFeedbackFx.finally, () => false);
$feedbackMessage.reset(sendFeedbackFx.done);
sample({ clock: sendFeedbackFx.done, fn: () => [notifySuccess(messages.feedbackSent)], target: shellCommandsSent });
sample({
  clock: sendFeedbackFx.fail,
  fn: () => [notifyError(messages.sendFeedbackFailed, NOTIFY_GROUP)],
  target: shellCommandsSent,
});

// ---- Share modal ('Copied' for 2 s) --------------------------------------------------------------------------------

export const shareOpened = createEvent();
export const shareClosed = createEvent();
export const copyClicked = createEvent<{ eventId: number; text: string }>();
export const $shareOpen = createStore(false);
/** The events whose Copy button says 'Copied' right now. */
export const $copied = createStore<number[]>([]);

$shareOpen.on(shareOpened, () => true).on(shareClosed, () => false);
const copyOneFx = createEffect(async ({ eventId, text }: { eventId: number; text: string }) => {
  await copyFx(text);
  return eventId;
});
sample({ clock: copyClicked, target: copyOneFx });
$copied.on(copyOneFx.doneData, (list, eventId) => (list.includes(eventId) ? list : [...list, eventId]));
const copiedWaitFx = createEffect(async (eventId: number) => {
  await waitFx(COPIED_MS);
  return eventId;
});
sample({ clock: copyOneFx.doneData, target: copiedWaitFx });
$copied.on(copiedWaitFx.doneData, (list, eventId) => list.filter((id) => id !== eventId));
$copied.reset(shareClosed);

// ---- Transfer tickets ----------------------------------------------------------------------------------------------

export const rowAdded = createEvent<number>();
export const rowRemoved = createEvent<number>();
export const rowChanged = createEvent<{ id: number; patch: Partial<Omit<TransferDraft, 'ticket_id' | 'qty'>> }>();
export const qtyChanged = createEvent<{ id: number; qty: number }>();
export const typeToggled = createEvent<number>();
export const sendTransfersClicked = createEvent();

export const $rows = createStore<TransferRowState[]>([]);
/** The ticket types whose accordion is open. */
export const $openTypes = createStore<number[]>([]);
/** After a Send that found something missing, every row shows its messages. */
export const $showTransferErrors = createStore(false);
export const $sendingTransfers = setTransfersFx.pending;
const $nextRowId = createStore(1);

const rowsFor = (types: readonly TransferableType[], firstId: number): TransferRowState[] =>
  types.map((type, index) => ({ ...emptyTransferRow(type.ticket_id), id: firstId + index }));

// A fresh form for the types of the order: one empty row each, the first accordion open.
sample({
  clock: orderCompletedStarted,
  source: $nextRowId,
  fn: (next, { tickets }) => rowsFor(transferableTypes(tickets), next),
  target: $rows,
});
$nextRowId.on($rows, (next, rows) => Math.max(next, ...rows.map((row) => row.id + 1)));
$openTypes.on(orderCompletedStarted, (_, { tickets }) =>
  transferableTypes(tickets)
    .slice(0, 1)
    .map((type) => type.ticket_id),
);
$showTransferErrors.reset(orderCompletedStarted);

const purchasedOf = (types: readonly TransferableType[], ticketId: number) =>
  types.find((type) => type.ticket_id === ticketId)?.purchased ?? 0;

/** The plus adds a row of the type only while its rows are under the purchased quantity (the view disables it too). */
sample({
  clock: rowAdded,
  source: { rows: $rows, types: $transferTypes, next: $nextRowId },
  filter: ({ rows, types }, ticketId) =>
    rows.filter((r) => r.ticket_id === ticketId).reduce((sum, r) => sum + r.qty, 0) < purchasedOf(types, ticketId),
  fn: ({ rows, next }, ticketId) => [...rows, { ...emptyTransferRow(ticketId), id: next, qty: 1 }],
  target: $rows,
});

/** The first row of a type cannot be removed (it has no remove icon). */
$rows.on(rowRemoved, (rows, id) => {
  const row = rows.find((r) => r.id === id);
  const first = rows.find((r) => r.ticket_id === row?.ticket_id);
  return row && first && first.id !== row.id ? rows.filter((r) => r.id !== id) : rows;
});

$rows.on(rowChanged, (rows, { id, patch }) => rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));

sample({
  clock: qtyChanged,
  source: { rows: $rows, types: $transferTypes },
  fn: ({ rows, types }, { id, qty }) => {
    const index = rows.findIndex((row) => row.id === id);
    const row = rows[index];
    if (!row) return rows;
    const allowed = clampTransferQty(rows, index, qty, purchasedOf(types, row.ticket_id));
    return rows.map((r) => (r.id === id ? { ...r, qty: allowed } : r));
  },
  target: $rows,
});

$openTypes.on(typeToggled, (open, ticketId) =>
  open.includes(ticketId) ? open.filter((id) => id !== ticketId) : [...open, ticketId],
);

/** Send tickets is enabled once every row that is sent is valid (rows at 0 are skipped). */
export const $canSendTransfers = sample({
  source: { rows: $rows, types: $transferTypes, today: $today, sending: $sendingTransfers },
  fn: ({ rows, types, today, sending }) => !sending && canSendTransfers(rows, types, today),
});

const sendChecked = sample({
  clock: sendTransfersClicked,
  source: { rows: $rows, types: $transferTypes, today: $today, sending: $sendingTransfers },
  filter: ({ sending }) => !sending,
});

// On Send the first invalid ticket type opens and validation runs.
const invalidSend = sample({
  clock: sendChecked,
  filter: ({ rows, types, today }) => !canSendTransfers(rows, types, today),
  fn: ({ rows, types, today }) => firstInvalidTicketType(rows, types, today),
});
$showTransferErrors.on(invalidSend, () => true);
$openTypes.on(invalidSend, (open, ticketId) =>
  ticketId === null || open.includes(ticketId) ? open : [...open, ticketId],
);

sample({
  clock: sendChecked,
  filter: ({ rows, types, today }) => canSendTransfers(rows, types, today),
  fn: ({ rows }) => rows,
  target: setTransfersFx,
});

// Sent: the toast, back to the overview, and transfer is no longer offered.
$transferredSales.on(sample({ clock: setTransfersFx.done, source: $saleReference }), (sales, reference) =>
  reference === null || sales.includes(reference) ? sales : [...sales, reference],
);
sample({
  clock: setTransfersFx.done,
  source: $saleReference,
  filter: (reference): reference is string => reference !== null,
  target: rememberTransferredFx,
});
$view.on(setTransfersFx.done, () => 'overview');
sample({
  clock: setTransfersFx.done,
  source: $saleReference,
  filter: (reference): reference is string => reference !== null,
  fn: (reference): { reference: string; view: OrderCompletedView } => ({
    reference: reference ?? '',
    view: 'overview',
  }),
  target: keepViewFx,
});
sample({
  clock: setTransfersFx.done,
  fn: () => [notifySuccess(messages.ticketsTransferred)],
  target: shellCommandsSent,
});
// A refusal shows the server's own reason (a quantity, a time already past…); anything else the spec's sentence.
sample({
  clock: setTransfersFx.fail,
  fn: ({ error }) => [notifyError(transferFailureText(error), NOTIFY_GROUP)],
  target: shellCommandsSent,
});

// ---- The browser's Back and Forward between the overview and a view ---------------------------------------------

/** What this step adds to the history entry of a view it opened (the step's own entry, the overview, has none). */
const ENTRY_KEY = 'orderCompletedView';

/** The view a history entry holds: the overview unless the entry is one of a view opened here. */
export function viewOfEntry(entry: unknown): OrderCompletedView {
  if (typeof entry !== 'object' || entry === null || !(ENTRY_KEY in entry)) return 'overview';
  return asView((entry as Record<string, unknown>)[ENTRY_KEY]) ?? 'overview';
}

/** The browser's Back or Forward landed on an entry (popstate's `state`, whatever it holds). */
export const historyPopped = createEvent<unknown>();

/**
 * A view the buyer opens gets a history entry over the step's (a copy of it, so the shell's Back rules still read
 * order_completed from it), so the browser's Back is the overview, as the page's Back link is; going back to the
 * overview another way takes that entry off again.
 */
export const viewEntryFx = createEffect((view: OrderCompletedView) => {
  const current: unknown = window.history.state;
  const onView = viewOfEntry(current) !== 'overview';
  if (view === 'overview') {
    if (onView) window.history.back();
    return;
  }
  const entry = { ...(typeof current === 'object' && current !== null ? current : {}), [ENTRY_KEY]: view };
  if (onView) window.history.replaceState(entry, '');
  else window.history.pushState(entry, '');
});
sample({ clock: viewChosen, target: viewEntryFx });
sample({ clock: setTransfersFx.done, fn: (): OrderCompletedView => 'overview', target: viewEntryFx });

// Back or Forward onto an entry shows its view; the transfer view only while there is something to transfer.
const viewPopped = sample({
  clock: historyPopped,
  source: { types: $transferTypes, transferred: $transferred },
  fn: ({ types, transferred }, entry): OrderCompletedView => {
    const view = viewOfEntry(entry);
    return view === 'transfer_tickets' && (types.length === 0 || transferred) ? 'overview' : view;
  },
});
$view.on(viewPopped, (_, view) => view);
sample({ clock: viewPopped, target: todayFx });
sample({
  clock: viewPopped,
  source: $saleReference,
  filter: (reference): reference is string => reference !== null,
  fn: (reference, view) => ({ reference: reference ?? '', view }),
  target: keepViewFx,
});
