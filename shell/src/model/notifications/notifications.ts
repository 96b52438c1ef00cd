import { createEvent, createStore, sample } from 'effector';
import type { NotificationInput } from '@checkout/shared';
import type { NotificationItem } from '@checkout/shared/ui';

/** A step or the shell asks for a notification. Never auto-dismissed on the checkout page (spec section 9). */
export const notify = createEvent<NotificationInput>();
/** Closed by a click (spec: 'close on click'). */
export const notificationDismissed = createEvent<string>();

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
  .on(notificationAdded, (list, added) => [...(added.group ? list.filter((n) => n.group !== added.group) : list), added])
  .on(notificationDismissed, (list, id) => list.filter((n) => n.id !== id));
