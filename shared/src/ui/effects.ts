import { useEffect, type DependencyList, type EffectCallback } from 'react';

/**
 * Runs once when the component mounts, with that render's values. A step tells its model it was shown with the
 * checkout as the buyer arrived; later changes reach the model through events of their own, and running this again
 * would reset the step (or, on the reserve step, reserve twice).
 */
export function useMountEffect(effect: EffectCallback): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount is the point (see above)
  useEffect(effect, []);
}

/**
 * Runs when one of `keys` changes, reading every other value as it is at that render. A refusal moves focus to the
 * first field in error; typing, which changes the errors, must not move it again.
 */
export function useEffectWhen(keys: DependencyList, effect: EffectCallback): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `keys` say when; the effect of that render reads the rest
  useEffect(effect, keys);
}
