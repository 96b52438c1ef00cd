import { useCallback, useRef } from 'react';

/**
 * Keeps a controlled input showing the value it was last rendered with when a change is refused or filtered (a letter
 * typed into the one-time code field). React writes a controlled input's value back after every change; Preact, the
 * page's React (docs/decisions/0011-react-api-on-preact.md), re-renders only when state changed, so a change that
 * leaves the state as it was would stay on screen. Called from the change handler: once the change's render has had
 * its turn, an input that still differs from what was rendered is set back to it.
 */
export function useKeptValue(value: string): (input: HTMLInputElement | HTMLTextAreaElement) => void {
  const rendered = useRef(value);
  rendered.current = value;
  return useCallback((input) => {
    setTimeout(() => {
      if (input.value !== rendered.current) input.value = rendered.current;
    }, 0);
  }, []);
}
