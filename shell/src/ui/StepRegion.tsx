import * as messages from '@checkout/shared/messages/shell';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { remoteForState, type CheckoutState, type StepProps } from '@checkout/shared';
import { Button } from '@checkout/shared/ui';
import type { StepLoader } from '../remotes/stepLoader';

export interface StepRegionProps {
  state: CheckoutState;
  loader: StepLoader;
  /** StepProps for a step mounted for `state`. */
  stepProps: (state: CheckoutState) => StepProps;
  /** The step is on screen (used to prefetch the next one and to start error reporting). */
  onStepShown?: (state: CheckoutState) => void;
}

type Status = 'loading' | 'ready' | 'failed';

/**
 * Shows the step of the current state: loads its remote module, mounts the parcel into its own element and unmounts
 * it when the state changes. A remote that will not load (or speaks another contract version) gets an alert with
 * Retry; the checkout model lives in the shell, so nothing of the buyer's checkout is lost meanwhile.
 */
export function StepRegion({ state, loader, stepProps, onStepShown }: StepRegionProps) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  // Read through refs so a new callback identity does not remount the step.
  const propsFor = useRef(stepProps);
  propsFor.current = stepProps;
  const shown = useRef(onStepShown);
  shown.current = onStepShown;

  useEffect(() => {
    const location = remoteForState(state);
    const container = host.current;
    if (!location || !container) return undefined;
    let cancelled = false;
    let parcel: Parcel | null = null;
    const element = document.createElement('div');
    element.className = 'step-parcel';
    setStatus('loading');

    void loader.load(location, { fresh: attempt > 0 }).then(async (result) => {
      if (cancelled) return;
      if (result.kind === 'failed') {
        setStatus('failed');
        return;
      }
      container.appendChild(element);
      parcel = mountRootParcel(result.parcel, { ...propsFor.current(state), domElement: element });
      try {
        await parcel.mountPromise;
        if (cancelled) return;
        setStatus('ready');
        shown.current?.(state);
      } catch (error) {
        console.error(`checkout: the ${state} step failed to mount`, error);
        if (!cancelled) setStatus('failed');
      }
    });

    return () => {
      cancelled = true;
      const mounted = parcel;
      if (!mounted) return;
      const remove = () => element.remove();
      // A parcel still mounting is unmounted once it is up; either way its element goes.
      void mounted.mountPromise.then(() => mounted.unmount()).then(remove, remove);
    };
  }, [state, attempt, loader]);

  return (
    <section className="step-region" aria-busy={status === 'loading'}>
      {status === 'loading' ? (
        <div className="step-region__loading" role="status">
          <span className="spinner spinner--lg" aria-hidden="true" />
          <span className="sr-only">{messages.stepLoading}</span>
        </div>
      ) : null}
      {status === 'failed' ? (
        <div role="alert" className="alert alert--error step-region__failed">
          <p>{messages.stepCouldNotLoad}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{messages.retry}</Button>
        </div>
      ) : null}
      <div ref={host} className="step-region__host" hidden={status === 'failed'} />
    </section>
  );
}
