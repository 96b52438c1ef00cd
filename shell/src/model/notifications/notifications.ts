import { createEffect, createEvent, createStore, sample } from 'effector';
import type { NotificationInput } from '@checkout/shared';
import type { NotificationItem } from '@checkout/shared/ui';

/** A step or the shell asks for a notification. Never auto-dismissed on the checkout page unless it says how long it lasts (only 'Link copied' does: 2 s). */
export const notify = createEvent<NotificationInput>();
/** Closed by a click (spec: 'close on click'). */
export const notificationDismissed = createEvent<string>();
/** Every notification of a group goes: what they say is no longer true. */
export const notificationGroupDismissed = createEvent<string>();

const $lastId = createStore(0);
export const $notifications = createStore<NotificationItem[]>([]);

const notificationAdded = sample({
  clock: notify,
  source: $lastId,
  fn: (lastId, input): NotificationItem => ({ ...input, id: `n${lastId + 1}` }),
});
$lastId.on(notificationAdded, (lastId) => lastId + 1);

// One of a group replaces the group's earlier one instead of stacking.
$notifications
  .on(notificationAdded, (list, added) => [
    ...(added.group ? list.filter((n) => n.group !== added.group) : list),
    added,
  ])
  .on(notificationDismissed, (list, id) => list.filter((n) => n.id !== id))
  .on(notificationGroupDismissed, (list, group) => list.filter((n) => n.group !== group));

/** Waits out a timed notification, then names it (tests fork this with an instant handler). */
export const notificationExpiredFx = createEffect(
  ({ id, ms }: { id: string; ms: number }) => new Promise<string>((resolve) => setTimeout(() => resolve(id), ms)),
);

sample({
  clock: notificationAdded,
  filter: (added) => added.duration !== undefined && added.duration > 0,
  fn: (added) => ({ id: added.id, ms: added.duration ?? 0 }),
  target: notificationExpiredFx,
});
sample({ clock: notificationExpiredFx.doneData, target: notificationDismissed });
