/** How long after a step mounts its heading is waited for (a step may show a spinner before it). */
const WAIT_FOR_HEADING_MS = 10_000;

/** Nothing on the page has focus: it is on the body, as after the focused control went with the step it was in. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Focus never stays on the body after a step change: once the new step is mounted, if nothing has focus, the step's
 * first heading takes it (made focusable for that), as soon as the step renders one. A step that put focus somewhere
 * itself, or a buyer who did, is left alone. Returns the clean-up for when the step goes.
 */
export function focusStepHeadingWhenLost(container: HTMLElement): () => void {
  const attempt = (): boolean => {
    if (!focusLost()) return true;
    const heading = container.querySelector<HTMLElement>('h1, h2');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
