export { notify, notificationDismissed, $notifications } from './notifications';
