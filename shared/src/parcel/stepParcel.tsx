import * as messages from '../messages/common';
import * as React from 'react';
import { lazy, Suspense, type ComponentType, type FunctionComponent, type ReactElement } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfigObject } from 'single-spa';
import { Provider } from 'effector-react';
import { allSettled } from 'effector';
import type { StepProps } from '../step';
import type { StepFailure } from './events';
import { StepErrorBoundary } from './StepErrorBoundary';

/**
 * What the shell passes to mountRootParcel: the StepProps plus the element the step renders into, and `hydrate` when
 * that element already holds the step as the server rendered it (its markup is kept and brought to life).
 */
export type StepParcelProps = StepProps & { domElement: HTMLElement; hydrate?: boolean };

/**
 * A remote's exposed step: a single-spa parcel config taking StepProps. `serverElement` is the step's root as the
 * parcel renders it, for the server to render to HTML (react-dom/server) before the page's scripts arrive.
 */
export type StepParcel = ParcelConfigObject<StepParcelProps> & { serverElement?: (props: StepProps) => ReactElement };

/** single-spa adds its own props (name, singleSpa, mountParcel, domElement); the step sees only StepProps. */
function pickStepProps(props: StepProps): StepProps {
  const { contractVersion, state, scope, stores, commands, api, config } = props;
  return { contractVersion, state, scope, stores, commands, api, config };
}

function reportFailure(props: StepProps, failure: StepFailure): void {
  console.error(`checkout step "${failure.state}" failed:`, failure.message);
  void allSettled(props.commands.notify, {
    scope: props.scope,
    params: { type: 'error', text: messages.stepFailed, group: `step-failed:${failure.state}` },
  });
}

function rootFor(Step: ComponentType<StepProps>): FunctionComponent<StepProps> {
  function StepRoot(props: StepProps) {
    const stepProps = pickStepProps(props);
    return (
      <Provider value={stepProps.scope}>
        <StepErrorBoundary
          state={stepProps.state}
          fallbackText={messages.stepFailed}
          onFailure={(failure) => reportFailure(stepProps, failure)}
        >
          <Suspense fallback={null}>
            <Step {...stepProps} />
          </Suspense>
        </StepErrorBoundary>
      </Provider>
    );
  }
  StepRoot.displayName = `StepRoot(${Step.displayName ?? Step.name ?? 'Step'})`;
  return StepRoot;
}

/**
 * Turns a step component into the parcel a remote exposes: a React root (Preact's compat on the page),
 * effector-react's <Provider value={scope}> so the step's units run in the shell's scope, and an error boundary so a
 * crashing step cannot take the page down.
 */
export function stepParcel(Step: ComponentType<StepProps>): StepParcel {
  const Root = rootFor(Step);
  // Read by single-spa-react while it mounts, right after `mount` below sets it (one mount at a time).
  let hydrating = false;
  const lifecycles = singleSpaReact<StepParcelProps>({
    React,
    ReactDOMClient,
    renderType: () => (hydrating ? 'hydrateRoot' : 'createRoot'),
    // The per-parcel boundary lives inside the root (StepErrorBoundary), so single-spa-react's own is not needed.
    suppressComponentDidCatchWarning: true,
    domElementGetter: (props) => props.domElement,
    rootComponent: Root,
  });
  return {
    ...lifecycles,
    mount: (props) => {
      hydrating = props.hydrate === true;
      return lifecycles.mount(props);
    },
    serverElement: (props) => <Root {...props} />,
  };
}

/** A parcel whose step code is a chunk of its own; `preload` fetches it before the first mount. */
export type LazyStepParcel = StepParcel & { preload(): void };

/**
 * The same, but the step's code is fetched when the parcel first mounts (a chunk per step, not per remote), or
 * earlier through `preload`: the shell calls it when it prefetches the next step, so the click that shows the step does
 * not wait for the chunk (step changes). One fetch either way; a failed one is tried again at the next ask.
 */
export function lazyStepParcel(load: () => Promise<ComponentType<StepProps>>): LazyStepParcel {
  let pending: Promise<ComponentType<StepProps>> | null = null;
  const once = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const parcel = stepParcel(lazy(() => once().then((Step) => ({ default: Step }))));
  return Object.assign(parcel, { preload: () => void once().catch(() => undefined) });
}
