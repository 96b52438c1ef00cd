/** How long after a step mounts its heading is waited for (a step may show a spinner before it). */
const WAIT_FOR_HEADING_MS = 10_000;

/** Nothing on the page has focus: it is on the body, as after the focused control went with the step it was in. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Focus never stays on the body after a step change: once the new step is mounted, if nothing has focus, the step's
 * first heading takes it (made focusable for that), as soon as the step renders one. While the step settles, focus
 * that is lost because what held it left the page (a heading the step rendered again as a new element, the button of
 * the step before, removed after this one mounted, a field the step focused and then rendered again) goes to the
 * step's heading then there. Focus the step or a buyer put somewhere is left alone, and so is a buyer's click on the
 * page's text (it puts focus on the body while what had it is still there). Returns the clean-up for when the step
 * goes.
 */
export function focusStepHeadingWhenLost(container: HTMLElement): () => void {
  // What last had focus: while it is on the page, focus on the body is the buyer's doing.
  let holder: Element | null = focusLost() ? null : document.activeElement;
  const focused = (event: FocusEvent) => {
    if (event.target instanceof Element) holder = event.target;
  };
  const attempt = () => {
    if (!focusLost() || holder?.isConnected) return;
    const heading = container.querySelector<HTMLElement>('h1, h2');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    holder = heading;
  };
  attempt();
  // The whole page, not the step alone: the step before is removed beside it.
  const observer = new MutationObserver(attempt);
  const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', focused);
  }
  document.addEventListener('focusin', focused);
  observer.observe(container.ownerDocument.body, { childList: true, subtree: true });
  return stop;
}
