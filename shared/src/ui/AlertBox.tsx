import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertType = 'info' | 'success' | 'warning' | 'error';

export interface AlertBoxProps {
  type: AlertType;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A boxed message. Warnings and errors interrupt a screen reader (role="alert"); the rest are polite (role="status"). */
export function AlertBox({ type, title, children, className }: AlertBoxProps) {
  const urgent = type === 'warning' || type === 'error';
  return (
    <div role={urgent ? 'alert' : 'status'} className={cx('alert', `alert--${type}`, className)}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      <div>{children}</div>
    </div>
  );
}
