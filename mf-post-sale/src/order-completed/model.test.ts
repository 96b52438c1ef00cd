import { allSettled } from 'effector';
import { type TicketLine, type TransferDraft } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-completed';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import {
  $canSendFeedback,
  $canSendTransfers,
  $copied,
  $feedbackMessage,
  $feedbackOpen,
  $openTypes,
  $referralLink,
  $rows,
  $showTransferErrors,
  $simpleInfo,
  $subscribedHere,
  $transferred,
  $transferTypes,
  $view,
  copyClicked,
  feedbackChanged,
  feedbackOpened,
  feedbackSent,
  orderCompletedStarted,
  qtyChanged,
  rowAdded,
  rowChanged,
  rowRemoved,
  sendTransfersClicked,
  shareClosed,
  subscribeClicked,
  viewChosen,
  viewEntryFx,
  viewOfEntry,
  historyPopped,
  type TransferRowState,
} from './model';
import { modelScope, type ModelSetup } from './testing';

const checkout = sampleCheckout({ state: 'order_completed' });
const seated = (line: TicketLine): TicketLine => ({
  ...line,
  seats: Array.from({ length: line.qty }, (_, i) => `Row A, Seat ${i + 1}`),
});

async function started(
  s: ModelSetup,
  tickets: readonly TicketLine[] = checkout.tickets,
  saleReference: string | null = 'RVL-7K2Q9D',
) {
  await allSettled(orderCompletedStarted, { scope: s.scope, params: { deps: s.deps, saleReference, tickets } });
}

const rows = (s: ModelSetup) => s.scope.getState($rows);
const fill = (s: ModelSetup, id: number, patch: Partial<TransferDraft>) =>
  allSettled(rowChanged, { scope: s.scope, params: { id, patch } });
const qty = (s: ModelSetup, id: number, value: number) =>
  allSettled(qtyChanged, { scope: s.scope, params: { id, qty: value } });

describe('start', () => {
  test('loads the simple info and the referral link; the overview shows', async () => {
    const s = modelScope();
    await started(s);
    expect(s.api.log.map((c) => c.name).sort()).toEqual(['getRewardReferrerLink', 'getSimpleInfo']);
    expect(s.scope.getState($simpleInfo)).toEqual({
      sale_email: 'alex.morgan@example.com',
      sale_reference: 'RVL-7K2Q9D',
    });
    expect(s.scope.getState($referralLink)).toBe('http://localhost:8080/r/alex-morgan');
    expect(s.scope.getState($view)).toBe('overview');
  });

  test('either load failing is silent: no toast, nothing shown', async () => {
    const s = modelScope({
      getSimpleInfo: failWith(apiFailure('getSimpleInfo')),
      getRewardReferrerLink: failWith(apiFailure('getRewardReferrerLink')),
    });
    await started(s);
    expect(s.sent).toEqual([]);
    expect(s.scope.getState($simpleInfo)).toBeNull();
    expect(s.scope.getState($referralLink)).toBe('');
  });

  test('one transfer form row per unseated ticket type, at 0, the first type open', async () => {
    const s = modelScope();
    const [adult, child] = checkout.tickets as [TicketLine, TicketLine];
    await started(s, [adult, seated(child)]);
    expect(s.scope.getState($transferTypes)).toEqual([
      { ticket_id: 11, title: 'Winter Gala at the Riverside - Adult', purchased: 2 },
    ]);
    expect(rows(s).map((r) => [r.ticket_id, r.qty])).toEqual([[11, 0]]);
    expect(s.scope.getState($openTypes)).toEqual([11]);
  });
});

describe('the open view after a reload', () => {
  beforeEach(() => window.sessionStorage.clear());

  test('the transfer view stays open for the same sale; Back to the overview forgets it', async () => {
    const before = modelScope();
    await started(before);
    await allSettled(viewChosen, { scope: before.scope, params: 'transfer_tickets' });

    const reloaded = modelScope();
    await started(reloaded);
    expect(reloaded.scope.getState($view)).toBe('transfer_tickets');
    const otherSale = modelScope();
    await started(otherSale, checkout.tickets, 'RVL-OTHER');
    expect(otherSale.scope.getState($view)).toBe('overview');

    await allSettled(viewChosen, { scope: reloaded.scope, params: 'overview' });
    const again = modelScope();
    await started(again);
    expect(again.scope.getState($view)).toBe('overview');
  });

  test('nothing left to transfer (every ticket seated): the overview, not an empty transfer view', async () => {
    const before = modelScope();
    await started(before);
    await allSettled(viewChosen, { scope: before.scope, params: 'transfer_tickets' });
    const reloaded = modelScope();
    await started(reloaded, checkout.tickets.map(seated));
    expect(reloaded.scope.getState($view)).toBe('overview');
  });
});

describe("the browser's Back and Forward between the overview and a view", () => {
  beforeEach(() => window.sessionStorage.clear());
  const step = { checkoutStep: 'order_completed' };

  test('a view opened gets an entry; the page’s Back takes it off again', async () => {
    const s = modelScope();
    await started(s);
    await allSettled(viewChosen, { scope: s.scope, params: 'transfer_tickets' });
    await allSettled(viewChosen, { scope: s.scope, params: 'overview' });
    expect(s.entries).toEqual(['transfer_tickets', 'overview']);
  });

  test('Back onto the step’s own entry is the overview, Forward the view again', async () => {
    const s = modelScope();
    await started(s);
    await allSettled(viewChosen, { scope: s.scope, params: 'find_a_place' });
    await allSettled(historyPopped, { scope: s.scope, params: step });
    expect(s.scope.getState($view)).toBe('overview');
    await allSettled(historyPopped, { scope: s.scope, params: { ...step, orderCompletedView: 'find_a_place' } });
    expect(s.scope.getState($view)).toBe('find_a_place');
    // Popped views are the browser's own moves: no entry is added for them.
    expect(s.entries).toEqual(['find_a_place']);
  });

  test('Forward onto the transfer view after the tickets were sent is the overview', async () => {
    const s = modelScope({}, { transferredBefore: ['RVL-7K2Q9D'] });
    await started(s);
    await allSettled(historyPopped, { scope: s.scope, params: { ...step, orderCompletedView: 'transfer_tickets' } });
    expect(s.scope.getState($view)).toBe('overview');
  });

  test.each<[unknown, string]>([
    [null, 'overview'],
    [{ checkoutStep: 'order_completed' }, 'overview'],
    [{ checkoutStep: 'order_completed', orderCompletedView: 'transfer_tickets' }, 'transfer_tickets'],
    [{ orderCompletedView: 'find_a_place' }, 'find_a_place'],
    [{ orderCompletedView: 'elsewhere' }, 'overview'],
    ['transfer_tickets', 'overview'],
  ])('the view of the entry %j is %s', (entry, view) => {
    expect(viewOfEntry(entry)).toBe(view);
  });
});

describe('a view’s history entry (window.history)', () => {
  beforeEach(() => window.history.replaceState({ checkoutStep: 'order_completed' }, ''));

  test('opening a view pushes a copy of the step’s entry naming it; a second view replaces it', async () => {
    const length = window.history.length;
    await viewEntryFx('transfer_tickets');
    expect(window.history.state).toEqual({ checkoutStep: 'order_completed', orderCompletedView: 'transfer_tickets' });
    expect(window.history.length).toBe(length + 1);
    await viewEntryFx('find_a_place');
    expect(window.history.state).toEqual({ checkoutStep: 'order_completed', orderCompletedView: 'find_a_place' });
    expect(window.history.length).toBe(length + 1);
  });

  test('the overview on the step’s own entry adds nothing and goes nowhere', async () => {
    const back = jest.spyOn(window.history, 'back');
    await viewEntryFx('overview');
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });
});

describe('subscribe to important updates', () => {
  test('subscribes, says so and reloads the user', async () => {
    const s = modelScope();
    await started(s);
    await allSettled(subscribeClicked, { scope: s.scope });
    expect(s.api.log.at(-1)?.name).toBe('subscribeToEvents');
    expect(s.scope.getState($subscribedHere)).toBe(true);
    expect(s.sent).toEqual([
      {
        kind: 'notify',
        notification: { type: 'success', text: messages.subscribedToUpdates, group: 'order_completed' },
      },
      { kind: 'refreshUser' },
    ]);
  });

  test('a failure: the spec message, still not subscribed', async () => {
    const s = modelScope({ subscribeToEvents: failWith(apiFailure('subscribeToEvents')) });
    await started(s);
    await allSettled(subscribeClicked, { scope: s.scope });
    expect(s.scope.getState($subscribedHere)).toBe(false);
    expect(s.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: messages.subscribeFailed, group: 'order_completed' } },
    ]);
  });
});

describe('feedback', () => {
  test('Send is possible only with a message; sent: toast, modal closed, message cleared', async () => {
    const s = modelScope();
    await started(s);
    await allSettled(feedbackOpened, { scope: s.scope });
    expect(s.scope.getState($canSendFeedback)).toBe(false);
    await allSettled(feedbackChanged, { scope: s.scope, params: '   ' });
    expect(s.scope.getState($canSendFeedback)).toBe(false);
    await allSettled(feedbackSent, { scope: s.scope });
    expect(s.api.log.map((c) => c.name)).not.toContain('sendCustomerFeedback');
    await allSettled(feedbackChanged, { scope: s.scope, params: ' Smooth checkout! ' });
    expect(s.scope.getState($canSendFeedback)).toBe(true);
    await allSettled(feedbackSent, { scope: s.scope });
    expect(s.api.log.at(-1)).toEqual({ name: 'sendCustomerFeedback', payload: { message: 'Smooth checkout!' } });
    expect(s.scope.getState($feedbackOpen)).toBe(false);
    expect(s.scope.getState($feedbackMessage)).toBe('');
    expect(s.sent).toEqual([
      { kind: 'notify', notification: { type: 'success', text: messages.feedbackSent, group: 'order_completed' } },
    ]);
  });

  test('Send is disabled while sending', async () => {
    let release = () => {};
    const s = modelScope({
      sendCustomerFeedback: () => new Promise((resolve) => (release = () => resolve({ success: true }))),
    });
    await started(s);
    await allSettled(feedbackOpened, { scope: s.scope });
    await allSettled(feedbackChanged, { scope: s.scope, params: 'Great' });
    const sending = allSettled(feedbackSent, { scope: s.scope });
    await Promise.resolve();
    expect(s.scope.getState($canSendFeedback)).toBe(false);
    release();
    await sending;
    expect(s.api.log.filter((c) => c.name === 'sendCustomerFeedback')).toHaveLength(1);
  });

  test('a failure: the spec message and the modal closes', async () => {
    const s = modelScope({ sendCustomerFeedback: failWith(apiFailure('sendCustomerFeedback')) });
    await started(s);
    await allSettled(feedbackOpened, { scope: s.scope });
    await allSettled(feedbackChanged, { scope: s.scope, params: 'Great' });
    await allSettled(feedbackSent, { scope: s.scope });
    expect(s.scope.getState($feedbackOpen)).toBe(false);
    expect(s.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: messages.sendFeedbackFailed, group: 'order_completed' } },
    ]);
  });
});

describe('share', () => {
  test("Copy copies the event's text and says 'Copied' for 2 s", async () => {
    const s = modelScope();
    await started(s);
    await allSettled(copyClicked, { scope: s.scope, params: { eventId: 101, text: 'Come along!' } });
    expect(s.copies).toEqual(['Come along!']);
    expect(s.waits).toEqual([2000]);
    // The wait resolved at once in the test, so the label is back to Copy.
    expect(s.scope.getState($copied)).toEqual([]);
  });

  test("'Copied' while the 2 s run, and only for the event copied", async () => {
    let elapse = () => {};
    const s = modelScope({}, { wait: () => new Promise<void>((resolve) => (elapse = resolve)) });
    await started(s);
    const copying = allSettled(copyClicked, { scope: s.scope, params: { eventId: 101, text: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.scope.getState($copied)).toEqual([101]);
    elapse();
    await copying;
    expect(s.scope.getState($copied)).toEqual([]);
  });

  test("a copy that failed never says 'Copied'", async () => {
    const s = modelScope({}, { copy: () => Promise.reject(new Error('denied')) });
    await started(s);
    await allSettled(copyClicked, { scope: s.scope, params: { eventId: 101, text: 'x' } });
    expect(s.scope.getState($copied)).toEqual([]);
    expect(s.waits).toEqual([]);
    await allSettled(shareClosed, { scope: s.scope });
  });
});

describe('transfer form', () => {
  test('the stepper stays within the purchased quantity across rows and never below 0; the plus adds a row only under the limit', async () => {
    const s = modelScope();
    await started(s);
    const [adult, child] = rows(s) as [TransferRowState, TransferRowState];
    await qty(s, adult.id, -1);
    expect(rows(s)[0]?.qty).toBe(0);
    await qty(s, adult.id, 1);
    await allSettled(rowAdded, { scope: s.scope, params: 11 });
    expect(
      rows(s)
        .filter((r) => r.ticket_id === 11)
        .map((r) => r.qty),
    ).toEqual([1, 1]);
    // Adult was bought twice: no third row, and no row may take more.
    await allSettled(rowAdded, { scope: s.scope, params: 11 });
    expect(rows(s).filter((r) => r.ticket_id === 11)).toHaveLength(2);
    await qty(s, adult.id, 2);
    expect(rows(s)[0]?.qty).toBe(1);
    // The child type is separate.
    await qty(s, child.id, 5);
    expect(rows(s).find((r) => r.id === child.id)?.qty).toBe(1);
  });

  test('the first row of a type cannot be removed; another can', async () => {
    const s = modelScope();
    await started(s);
    const first = rows(s)[0]?.id as number;
    await qty(s, first, 1);
    await allSettled(rowAdded, { scope: s.scope, params: 11 });
    const second = rows(s).at(-1)?.id as number;
    await allSettled(rowRemoved, { scope: s.scope, params: first });
    expect(rows(s).map((r) => r.id)).toContain(first);
    await allSettled(rowRemoved, { scope: s.scope, params: second });
    expect(rows(s).map((r) => r.id)).not.toContain(second);
  });

  test('Send with something missing: nothing sent, the first invalid type opens and the messages show', async () => {
    const s = modelScope();
    await started(s);
    const [adult, child] = rows(s) as [TransferRowState, TransferRowState];
    await qty(s, adult.id, 1);
    await fill(s, adult.id, { name: 'Rae Recipient', email: 'rae@example.com' });
    await qty(s, child.id, 1);
    expect(s.scope.getState($canSendTransfers)).toBe(false);
    expect(s.scope.getState($openTypes)).toEqual([11]);
    await allSettled(sendTransfersClicked, { scope: s.scope });
    expect(s.api.log.map((c) => c.name)).not.toContain('setTransfers');
    expect(s.scope.getState($openTypes)).toEqual([11, 12]);
    expect(s.scope.getState($showTransferErrors)).toBe(true);
  });

  test('sent: rows at 0 skipped, the toast, back to the overview, transfer no longer offered', async () => {
    const s = modelScope();
    await started(s);
    const [adult] = rows(s) as [TransferRowState];
    await allSettled(viewChosen, { scope: s.scope, params: 'transfer_tickets' });
    await qty(s, adult.id, 2);
    await fill(s, adult.id, {
      name: ' Rae Recipient ',
      email: 'rae@example.com',
      is_gift: true,
      send_gift: 'Schedule',
      delivery_date: '16/01/2030',
      delivery_time: '09:30',
      message: 'Enjoy!',
    });
    expect(s.scope.getState($canSendTransfers)).toBe(true);
    await allSettled(sendTransfersClicked, { scope: s.scope });
    expect(s.api.log.at(-1)).toEqual({
      name: 'setTransfers',
      payload: {
        transfers: [
          {
            ticket_id: 11,
            name: 'Rae Recipient',
            email: 'rae@example.com',
            qty: 2,
            is_gift: true,
            send_gift: 'Schedule',
            delivery_date: '16/01/2030',
            delivery_time: '09:30',
            message: 'Enjoy!',
          },
        ],
      },
    });
    expect(s.sent).toEqual([
      {
        kind: 'notify',
        notification: { type: 'success', text: messages.ticketsTransferred, group: 'order_completed' },
      },
    ]);
    expect(s.scope.getState($view)).toBe('overview');
    // The transfer view's history entry goes with it: Back from the overview does not reopen it.
    expect(s.entries).toEqual(['transfer_tickets', 'overview']);
    expect(s.scope.getState($transferred)).toBe(true);
    // Mounting the step again for the same sale (the shell re-rendering) does not offer it again.
    await started(s);
    expect(s.scope.getState($transferred)).toBe(true);
  });

  test('a page reloaded after a transfer (a new scope, the tab remembers): not offered; another sale: offered', async () => {
    const again = modelScope({}, { transferredBefore: ['RVL-7K2Q9D'] });
    await started(again);
    expect(again.scope.getState($transferred)).toBe(true);
    const other = modelScope({}, { transferredBefore: ['OTHER-SALE'] });
    await started(other);
    expect(other.scope.getState($transferred)).toBe(false);
  });

  test('a failure: the spec message, the form kept, transfer still offered', async () => {
    const s = modelScope({ setTransfers: failWith(apiFailure('setTransfers', { status: 400 })) });
    await started(s);
    const [adult] = rows(s) as [TransferRowState];
    await allSettled(viewChosen, { scope: s.scope, params: 'transfer_tickets' });
    await qty(s, adult.id, 1);
    await fill(s, adult.id, { name: 'Rae', email: 'rae@example.com' });
    await allSettled(sendTransfersClicked, { scope: s.scope });
    expect(s.sent).toEqual([
      { kind: 'notify', notification: { type: 'error', text: messages.sendTransfersFailed, group: 'order_completed' } },
    ]);
    expect(s.scope.getState($view)).toBe('transfer_tickets');
    expect(rows(s)[0]?.name).toBe('Rae');
    expect(s.scope.getState($transferred)).toBe(false);
  });
});
