import { allSettled, fork } from 'effector';
import {
  $notifications,
  notificationDismissed,
  notificationExpiredFx,
  notificationGroupDismissed,
  notify,
} from './notifications';

describe('notifications', () => {
  test('stack in order and stay until dismissed', async () => {
    const scope = fork();
    await allSettled(notify, { scope, params: { type: 'error', text: 'First' } });
    await allSettled(notify, { scope, params: { type: 'success', text: 'Second' } });
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['First', 'Second']);

    const first = scope.getState($notifications)[0];
    await allSettled(notificationDismissed, { scope, params: first?.id ?? '' });
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['Second']);
  });

  test('one of a group replaces the earlier one of that group', async () => {
    const scope = fork();
    await allSettled(notify, { scope, params: { type: 'warn', text: 'Old', group: 'g' } });
    await allSettled(notify, { scope, params: { type: 'default', text: 'Other' } });
    await allSettled(notify, { scope, params: { type: 'warn', text: 'New', group: 'g' } });
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['Other', 'New']);
  });

  test('a group is dismissed whole; the others stay', async () => {
    const scope = fork();
    await allSettled(notify, { scope, params: { type: 'default', text: 'Said of a step', group: 'g' } });
    await allSettled(notify, { scope, params: { type: 'default', text: 'Other' } });
    await allSettled(notify, { scope, params: { type: 'default', text: 'Another group', group: 'h' } });
    await allSettled(notificationGroupDismissed, { scope, params: 'g' });
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['Other', 'Another group']);
  });

  test('each notification gets its own id', async () => {
    const scope = fork();
    await allSettled(notify, { scope, params: { type: 'default', text: 'A' } });
    await allSettled(notify, { scope, params: { type: 'default', text: 'A' } });
    const ids = scope.getState($notifications).map((n) => n.id);
    expect(new Set(ids).size).toBe(2);
  });

  test('a timed one closes itself after its duration; the others stay', async () => {
    const waits: number[] = [];
    const scope = fork({
      handlers: [[notificationExpiredFx, async ({ id, ms }: { id: string; ms: number }) => (waits.push(ms), id)]],
    });
    await allSettled(notify, { scope, params: { type: 'error', text: 'Stays' } });
    await allSettled(notify, { scope, params: { type: 'success', text: 'Link copied', duration: 2000 } });
    expect(waits).toEqual([2000]);
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['Stays']);
  });
});
