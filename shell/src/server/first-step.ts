import { remoteForState, type CheckoutState, type StepLocation } from '@checkout/shared';

/**
 * The one step the server renders: the one most visits start on. Every other step renders in the browser, from its
 * remote, as before.
 */
export const SERVER_RENDERED_STATE: CheckoutState = 'basket';

/** Where the server finds the step's remote built for Node: `server/remoteEntry.js` beside its browser manifest. */
export function serverEntryOf(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}

/** The step to render on the server for a checkout in this state, or null: the page then renders as without. */
export function serverRenderedStep(state: CheckoutState): StepLocation | null {
  return state === SERVER_RENDERED_STATE ? (remoteForState(state) ?? null) : null;
}
