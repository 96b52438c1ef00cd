import type { NotificationInput } from '../step';
import { cx } from './cx';

/** A notification as the shell keeps it: what a step asked for, plus an id to dismiss it by. */
export interface NotificationItem extends NotificationInput {
  id: string;
}

/** An action offered inside the notifications that name it: an optional question, then its button. */
export interface NotificationAction {
  prompt?: string;
  label: string;
  onPress: () => void;
}

export interface NotificationAreaProps {
  notifications: readonly NotificationItem[];
  onDismiss: (id: string) => void;
  /** The actions on offer now, by name (NotificationInput.action); a notification naming another shows none. */
  actions?: Readonly<Record<string, NotificationAction>>;
}

/**
 * The always-present notification area. It is a polite live region (role="log") so new notifications
 * are read out; errors and warnings are also role="alert" to interrupt. Nothing here auto-dismisses: a notification
 * goes when it is clicked or its dismiss button is pressed.
 */
export function NotificationArea({ notifications, onDismiss, actions = {} }: NotificationAreaProps) {
  return (
    <div role="log" aria-label="Notifications" className="notifications">
      {notifications.map((n) => {
        const action = n.action === undefined ? undefined : actions[n.action];
        return (
          // Clicking anywhere on a notice closes it (spec: close on click); the keyboard uses its dismiss button.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the dismiss button inside is the keyboard's way
          <div
            key={n.id}
            role={n.type === 'error' || n.type === 'warn' ? 'alert' : undefined}
            className={cx('notice', `notice--${n.type}`)}
            onClick={() => onDismiss(n.id)}
          >
            <div className="notice__text">
              {n.title ? <strong>{n.title}</strong> : null}
              <span>{n.text}</span>
              {action ? (
                <span className="notice__action">
                  {action.prompt ? <span className="notice__prompt">{action.prompt}</span> : null}
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={(event) => {
                      // Pressing the action is not a click to close the notice.
                      event.stopPropagation();
                      action.onPress();
                    }}
                  >
                    {action.label}
                  </button>
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className="notice__dismiss"
              aria-label="Dismiss notification"
              onClick={(event) => {
                event.stopPropagation();
                onDismiss(n.id);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
