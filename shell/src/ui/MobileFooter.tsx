import { useEffect, useState } from 'react';
import type { CheckoutState } from '@checkout/shared';
import './mobile-footer.css';

/** The attribute a step puts on its primary button (Reserve Basket, Continue, Pay…) for the phone footer to carry. */
export const PRIMARY_ACTION = 'data-primary-action';

/** Controls a buyer types into (a phone then shows its keyboard): not buttons, checkboxes, radios or ranges. */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);
export function isTypedInto(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable === true;
}

/**
 * Whether the buyer is typing in a field: the footer then steps aside, since with an on-screen keyboard it would sit
 * over the field being typed in (WCAG 2.4.11, focus not obscured); it is back once the field is left.
 */
function useTyping(): boolean {
  const [typing, setTyping] = useState(() => typeof document !== 'undefined' && isTypedInto(document.activeElement));
  useEffect(() => {
    const update = () => setTyping(isTypedInto(document.activeElement));
    // focusout fires before the next element has focus: read the new one once it has it.
    const left = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', left);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', left);
    };
  }, []);
  return typing;
}

/**
 * The mobile footer button: below 768 px, the step's primary action at the bottom of the screen,
 * shown only while the step's own button is out of view, so two identical buttons are never in view. It presses the
 * step's own button, so validation, loading and disabled states are the step's (the shell knows no step's logic). It
 * steps aside while the buyer types in a field.
 */
export function MobileFooter({ state }: { state: CheckoutState }) {
  const [target, setTarget] = useState<HTMLButtonElement | null>(null);
  const [inView, setInView] = useState(true);
  const [, setRevision] = useState(0);
  const typing = useTyping();

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

  if (!target || inView || typing) return null;
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
