import { nextStep, remoteForState, type Checkout, type CheckoutState, type StepLocation } from '@checkout/shared';

/**
 * The steps the buyer is likely to see next, as far as the rules can tell now: the next state and the one after it
 * (basket -> reserve lives in the same remote, so looking one further finds the remote worth fetching).
 */
export function likelyNextSteps(state: CheckoutState, checkout: Checkout): StepLocation[] {
  const first = nextStep(state, checkout);
  const second = nextStep(first, checkout);
  const here = remoteForState(state);
  const seen = new Set<string>(here ? [`${here.remote}/${here.module}`] : []);
  const result: StepLocation[] = [];
  for (const next of [first, second]) {
    const location = remoteForState(next);
    if (!location) continue;
    const key = `${location.remote}/${location.module}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(location);
  }
  return result;
}
