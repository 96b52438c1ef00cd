import { cloneElement, isValidElement, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export type TooltipPlacement = 'top' | 'right' | 'bottom' | 'left';

export interface TooltipProps {
  placement?: TooltipPlacement;
  content: ReactNode;
  /**
   * The trigger. Pass a focusable element (a button or link) and it gets aria-describedby; plain text is wrapped in a
   * focusable span so keyboard users can reach it.
   */
  children: ReactNode;
}

type Describable = { 'aria-describedby'?: string };

/**
 * Shows on hover and on keyboard focus, hides on leave, blur and Escape (WCAG 1.4.13: dismissible, hoverable).
 * The bubble stays in the DOM while hidden so the trigger's description is always available to assistive technology.
 */
export function Tooltip({ placement = 'top', content, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);

  const trigger = isValidElement<Describable>(children) ? (
    cloneElement(children, {
      'aria-describedby': cx(children.props['aria-describedby'], id),
    })
  ) : (
    // Plain text with a tooltip takes focus so keyboard users can reach the description too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so the tooltip opens from the keyboard
    <span className="tooltip__trigger" tabIndex={0} aria-describedby={id}>
      {children}
    </span>
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // Escape closes the tooltip only, not a modal around it.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    // The wrapper only hears focus, hover and Escape bubbling up from its trigger, which is the interactive element.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control itself (see above)
    <span
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={onKeyDown}
    >
      {trigger}
      <span role="tooltip" id={id} className={cx('tooltip__bubble', `tooltip__bubble--${placement}`)} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
