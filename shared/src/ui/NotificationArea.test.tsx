import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationArea, type NotificationItem } from './NotificationArea';

const notifications: NotificationItem[] = [
  { id: 'a', type: 'error', text: 'Unable to get Checkout data. Please try again later' },
  { id: 'b', type: 'success', title: 'Thanks', text: 'Your feedback has been sent. Thanks!' },
  { id: 'c', type: 'warn', text: 'Your checkout time expired.' },
  { id: 'd', type: 'default', text: 'Link copied' },
];

describe('NotificationArea', () => {
  test('is a live region listing every notification with its type styling', () => {
    render(<NotificationArea notifications={notifications} onDismiss={() => undefined} />);
    const area = screen.getByRole('log', { name: 'Notifications' });
    expect(area).toHaveTextContent('Unable to get Checkout data');
    expect(area).toHaveTextContent('ThanksYour feedback has been sent. Thanks!');
    const alerts = within(area).getAllByRole('alert');
    expect(alerts.map((el) => el.textContent)).toEqual([
      expect.stringContaining('Unable to get Checkout data'),
      expect.stringContaining('Your checkout time expired.'),
    ]);
    expect(alerts[0]).toHaveClass('notice--error');
    expect(alerts[1]).toHaveClass('notice--warn');
    expect(screen.getByText('Link copied').closest('.notice')).toHaveClass('notice--default');
  });

  test('the area is present even when empty', () => {
    render(<NotificationArea notifications={[]} onDismiss={() => undefined} />);
    expect(screen.getByRole('log', { name: 'Notifications' })).toBeEmptyDOMElement();
  });

  test('a click anywhere on a notification dismisses it, once', async () => {
    const onDismiss = jest.fn();
    render(<NotificationArea notifications={notifications} onDismiss={onDismiss} />);
    await userEvent.click(screen.getByText('Link copied'));
    expect(onDismiss).toHaveBeenCalledWith('d');
    onDismiss.mockClear();
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledWith('b');
  });

  test('nothing goes away by itself', () => {
    jest.useFakeTimers();
    try {
      const onDismiss = jest.fn();
      render(<NotificationArea notifications={notifications} onDismiss={onDismiss} />);
      jest.advanceTimersByTime(60_000);
      expect(onDismiss).not.toHaveBeenCalled();
      expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(4);
    } finally {
      jest.useRealTimers();
    }
  });
  test('an action on offer shows inside the notices that name it; pressing it does not close the notice', async () => {
    const onPress = jest.fn();
    const onDismiss = jest.fn();
    const offered: NotificationItem[] = [
      { id: 'w', type: 'default', text: 'You have 5 minutes left to complete your checkout.', action: 'extend' },
      { id: 'x', type: 'default', text: 'Link copied', action: 'elsewhere' },
    ];
    const { rerender } = render(
      <NotificationArea
        notifications={offered}
        onDismiss={onDismiss}
        actions={{ extend: { prompt: 'Need more time?', label: 'Add 5 minutes', onPress } }}
      />,
    );
    const notice = screen.getByText('You have 5 minutes left to complete your checkout.').closest('.notice');
    expect(notice).toHaveTextContent('Need more time?');
    expect(screen.getAllByRole('button', { name: 'Add 5 minutes' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add 5 minutes' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onDismiss).not.toHaveBeenCalled();
    // Once the action is no longer on offer, the notice stays without it.
    rerender(<NotificationArea notifications={offered} onDismiss={onDismiss} actions={{}} />);
    expect(screen.queryByRole('button', { name: 'Add 5 minutes' })).toBeNull();
    expect(screen.queryByText('Need more time?')).toBeNull();
  });
});
