import { useEffect, useState } from 'react';
import type { CheckoutState } from '@checkout/shared';
import './mobile-footer.css';

/** The attribute a step puts on its primary button (Reserve Basket, Continue, Pay…) for the phone footer to carry. */
export const PRIMARY_ACTION = 'data-primary-action';

/**
 * The mobile footer button of spec section 2: below 768 px, the step's primary action at the bottom of the screen,
 * shown only while the step's own button is out of view, so two identical buttons are never in view. It presses the
 * step's own button, so validation, loading and disabled states are the step's (the shell knows no step's logic).
 */
export function MobileFooter({ state }: { state: CheckoutState }) {
  const [target, setTarget] = useState<HTMLButtonElement | null>(null);
  const [inView, setInView] = useState(true);
  const [, setRevision] = useState(0);

  // The step's primary button: found again whenever the step's DOM changes (a remote renders after the shell).
  useEffect(() => {
    const root = document.querySelector('.shell-step');
    if (!root) return undefined;
    const find = () => {
      setTarget(root.querySelector<HTMLButtonElement>(`[${PRIMARY_ACTION}]`));
      setRevision((n) => n + 1);
    };
    find();
    const observer = new MutationObserver(find);
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: [PRIMARY_ACTION, 'disabled', 'aria-busy'],
    });
    return () => observer.disconnect();
  }, [state]);

  useEffect(() => {
    if (!target || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(target);
    return () => observer.disconnect();
  }, [target]);

  if (!target || inView) return null;
  const label = target.getAttribute('aria-label') ?? target.textContent?.trim() ?? '';
  return (
    <div className="mobile-footer">
      {/* A second way to press the step's own button, for the eye: hidden from assistive technology and the tab order,
          which reach the step's button itself. */}
      <button
        type="button"
        className="btn btn--primary mobile-footer__button"
        aria-hidden="true"
        tabIndex={-1}
        // The step's own button is dead while its step is still the server's markup (busy, not yet hydrated).
        disabled={target.disabled || target.closest('[aria-busy="true"]') !== null}
        onClick={() => target.click()}
      >
        {label}
      </button>
    </div>
  );
}
