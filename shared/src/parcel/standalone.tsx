import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { allSettled } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { mountRootParcel, type Parcel } from 'single-spa';
import type { CheckoutState } from '../contract/states';
import { fakeStepProps, type FakeStepProps } from '../testing';
import type { StepParcel } from './stepParcel';

/** A remote's exposed module: contractVersion plus one parcel per state, named after the state. */
export type RemoteModule = Record<string, unknown>;

function parcelOf(remote: RemoteModule, state: CheckoutState): StepParcel | null {
  const parcel = remote[state];
  return typeof parcel === 'object' && parcel !== null && 'mount' in parcel ? (parcel as StepParcel) : null;
}

function StepHost({ remote, props }: { remote: RemoteModule; props: FakeStepProps }) {
  const state = useUnit(props.stores.$state);
  const host = useRef<HTMLDivElement>(null);
  const parcel = parcelOf(remote, state);

  useEffect(() => {
    if (!parcel || !host.current) return undefined;
    const element = document.createElement('div');
    host.current.appendChild(element);
    const mounted: Parcel = mountRootParcel(parcel, { ...props, state, domElement: element });
    return () => {
      void mounted.mountPromise.then(() => mounted.unmount()).finally(() => element.remove());
    };
  }, [parcel, props, state]);

  return parcel ? <div ref={host} /> : <p>The shell would now show the {state} step (another remote).</p>;
}

function Harness({
  remote,
  states,
  props,
}: {
  remote: RemoteModule;
  states: readonly CheckoutState[];
  props: FakeStepProps;
}) {
  // $checkout too, so the call log below refreshes as the step works.
  const [state] = useUnit([props.stores.$state, props.stores.$checkout]);
  const goTo = useUnit(props.commands.goTo);
  return (
    <div className="container stack">
      <nav className="cluster" aria-label="Standalone steps">
        {states.map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn--secondary"
            aria-pressed={s === state}
            onClick={() => goTo(s)}
          >
            {s}
          </button>
        ))}
      </nav>
      <StepHost remote={remote} props={props} />
      <details>
        <summary>Notifications and API calls</summary>
        <pre>
          {JSON.stringify({ notifications: props.notifications(), calls: props.api.log.map((c) => c.name) }, null, 2)}
        </pre>
      </details>
    </div>
  );
}

/**
 * Runs a remote's steps without the shell (`npm run dev -w mf-payment`): fake StepProps from the testing helpers, a
 * button per state the remote owns, and the flow walked with the real next-step rules.
 */
export function runStandalone(
  remote: RemoteModule,
  states: readonly CheckoutState[],
  element = document.getElementById('root'),
): void {
  if (!element) throw new Error('standalone: #root is missing');
  const first = states[0] ?? 'basket';
  const props = fakeStepProps({ state: first });
  void allSettled(props.commands.goTo, { scope: props.scope, params: first });
  createRoot(element).render(
    <Provider value={props.scope}>
      <Harness remote={remote} states={states} props={props} />
    </Provider>,
  );
}
