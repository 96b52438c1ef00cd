import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to a step's heading when the step replaces another one, so the new screen is
 * announced and Tab starts from it. Focus the buyer has put somewhere else on the page is left alone.
 */
export function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    ref.current?.focus({ preventScroll: false });
  }, []);
  return ref;
}
