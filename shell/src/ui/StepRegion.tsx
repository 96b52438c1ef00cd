import * as messages from '@checkout/shared/messages/shell';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { remoteForState, type CheckoutState, type StepProps } from '@checkout/shared';
import { Button } from '@checkout/shared/ui';
import type { StepLoader } from '../remotes/stepLoader';
import { focusStepHeadingWhenLost } from './focus-guard';

export interface StepRegionProps {
  state: CheckoutState;
  loader: StepLoader;
  /** StepProps for a step mounted for `state`. */
  stepProps: (state: CheckoutState) => StepProps;
  /** The step is on screen (used to prefetch the next one and to start error reporting). */
  onStepShown?: (state: CheckoutState) => void;
  /** The first step as the server rendered it into this region, when it did. */
  serverStep?: ServerStep;
}

/** A step the server rendered: its state and the region's inner markup (the parcel's element with the step in it). */
export interface ServerStep {
  state: CheckoutState;
  html: string;
}

/** 'server': the server's markup is shown while the step's remote loads; the parcel then hydrates it. */
type Status = 'server' | 'loading' | 'ready' | 'failed';

/**
 * Shows the step of the current state: loads its remote module, mounts the parcel into its own element and unmounts
 * it when the state changes. A remote that will not load (or speaks another contract version) gets an alert with
 * Retry; the checkout model lives in the shell, so nothing of the buyer's checkout is lost meanwhile.
 */
export function StepRegion({ state, loader, stepProps, onStepShown, serverStep }: StepRegionProps) {
  const host = useRef<HTMLDivElement>(null);
  // Rendered as the server rendered it, and left alone by React after (the parcels own what is inside the host).
  const [serverMarkup] = useState(() => (serverStep?.state === state ? serverStep.html : null));
  // The server's parcel element, taken by the first load only: a retry or another step renders afresh.
  const serverElement = useRef<HTMLElement | null | undefined>(undefined);
  const [status, setStatus] = useState<Status>(serverMarkup === null ? 'loading' : 'server');
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
    let stopGuard: () => void = () => undefined;
    if (serverElement.current === undefined)
      serverElement.current =
        serverMarkup === null ? null : container.querySelector<HTMLElement>(':scope > .step-parcel');
    const fromServer = serverElement.current;
    serverElement.current = null;
    const element = fromServer ?? document.createElement('div');
    if (!fromServer) {
      element.className = 'step-parcel';
      setStatus('loading');
    }

    void loader.load(location, { fresh: attempt > 0 }).then(async (result) => {
      if (cancelled) return;
      if (result.kind === 'failed') {
        // The server's markup goes too: a step that cannot be brought to life must not look usable.
        element.remove();
        setStatus('failed');
        return;
      }
      if (!fromServer) container.appendChild(element);
      parcel = mountRootParcel(result.parcel, {
        ...propsFor.current(state),
        domElement: element,
        hydrate: fromServer !== null,
      });
      try {
        await parcel.mountPromise;
        if (cancelled) return;
        setStatus('ready');
        stopGuard = focusStepHeadingWhenLost(element);
        shown.current?.(state);
      } catch (error) {
        console.error(`checkout: the ${state} step failed to mount`, error);
        if (!cancelled) setStatus('failed');
      }
    });

    return () => {
      cancelled = true;
      stopGuard();
      const mounted = parcel;
      const remove = () => element.remove();
      if (!mounted) {
        remove();
        return;
      }
      // A parcel still mounting is unmounted once it is up; either way its element goes.
      void mounted.mountPromise.then(() => mounted.unmount()).then(remove, remove);
    };
    // serverMarkup never changes (a state, read once).
  }, [state, attempt, loader, serverMarkup]);

  return (
    <section
      className={status === 'server' ? 'step-region step-region--from-server' : 'step-region'}
      aria-busy={status === 'loading' || status === 'server'}
      // The server's markup is in the page before its scripts run: until it is hydrated it takes neither clicks nor
      // focus, so a keyboard or a screen reader cannot reach a control that would do nothing. The renderer (Preact's
      // compat, as React 18 did) passes an attribute it does not know through as written.
      {...(status === 'server' ? { inert: '' } : {})}
    >
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
      <div
        ref={host}
        className="step-region__host"
        hidden={status === 'failed'}
        {...(serverMarkup === null ? {} : { dangerouslySetInnerHTML: { __html: serverMarkup } })}
      />
    </section>
  );
}
