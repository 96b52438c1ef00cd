import { allSettled, createWatch, fork } from 'effector';
import { Provider } from 'effector-react';
import { act, render, screen } from '@testing-library/react';
import * as messages from '@checkout/shared/messages/shell';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, $notifications, $secondsRemaining, $state, $tickMs, reservationStarted } from '../model';
import { Countdown } from './Countdown';

function renderIn(config: NonNullable<Parameters<typeof fork>[1]>) {
  const scope = fork(config);
  render(
    <Provider value={scope}>
      <Countdown />
    </Provider>,
  );
  return scope;
}

afterEach(() => {
  jest.useRealTimers();
});

describe('Countdown', () => {
  test("shows 'Tickets reserved for' with the time in words and as a clock", () => {
    renderIn({
      values: [
        [$state, 'payment'],
        [$secondsRemaining, 845],
        [$checkout, sampleCheckout()],
      ],
    });
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(messages.ticketsReservedFor);
    expect(timer).toHaveTextContent('14 minutes 5 seconds');
    expect(timer).toHaveTextContent('14:05');
    expect(timer).not.toHaveClass('countdown--urgent');
  });

  test('is not shown on the basket or without a reservation', () => {
    renderIn({
      values: [
        [$state, 'basket'],
        [$secondsRemaining, 845],
      ],
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  test('is not shown once paid', () => {
    renderIn({
      values: [
        [$state, 'deliver_tickets'],
        [$secondsRemaining, 100],
        [$checkout, sampleCheckout({ payment_complete: true })],
      ],
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  test.each([
    [60, false],
    [59, true],
    [0, true],
  ])('at %p seconds left, urgent: %p', (seconds, urgent) => {
    renderIn({
      values: [
        [$state, 'order_completed'],
        [$secondsRemaining, seconds],
        [$checkout, sampleCheckout()],
      ],
    });
    expect(screen.getByRole('timer').classList.contains('countdown--urgent')).toBe(urgent);
  });

  test('says once each, in the notification area, when five minutes and one minute are left', async () => {
    jest.useFakeTimers();
    // On order_completed the countdown runs to zero and stays, so the whole run can be watched here.
    const scope = renderIn({
      values: [
        [$state, 'order_completed'],
        [$checkout, sampleCheckout()],
        [$tickMs, 1000],
      ],
    });
    const said: string[] = [];
    const shown = () => scope.getState($notifications).map((n) => `${n.type}: ${n.text}`);
    const watch = createWatch({ unit: $notifications, scope, fn: (list) => said.push(...list.map((n) => n.text)) });

    let run: Promise<unknown> = Promise.resolve();
    act(() => {
      run = allSettled(reservationStarted, { scope, params: 302 });
    });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(shown()).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(shown()).toEqual(['default: You have 5 minutes left to complete your checkout.']);
    await act(() => jest.advanceTimersByTimeAsync(240_000));
    // The one-minute warning takes the five-minute one's place, and interrupts.
    expect(shown()).toEqual(['warn: You have 1 minute left to complete your checkout.']);
    expect(screen.getByRole('timer')).not.toHaveClass('countdown--urgent');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveClass('countdown--urgent');
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    await run;
    watch.unsubscribe();
    // Two notices in 302 seconds of ticking, not one a second.
    expect([...new Set(said)]).toEqual([
      'You have 5 minutes left to complete your checkout.',
      'You have 1 minute left to complete your checkout.',
    ]);
  });
});
