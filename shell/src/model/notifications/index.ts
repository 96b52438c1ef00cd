export { notify, notificationDismissed, notificationGroupDismissed, $notifications } from './notifications';
