// The shell's renderer for the server (built by tooling/webpack-server.cjs into dist/server/render.js, loaded by the
// api): the page's frame with its first step, from the same model and components as the page, so that the page can
// hydrate what it receives.
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { fork } from 'effector';
import {
  calls,
  CONTRACT_VERSION,
  createApiClient,
  withFirstAnswers,
  type CheckoutState,
  type FirstAnswers,
  type HttpRequester,
  type StepLocation,
  type StepProps,
} from '@checkout/shared';
import type { ShellConfig } from '../config/runtime';
import { $state, apiHandlers, applyThemeFx, pageViewFx, startedIn } from '../model';
import type { StepLoader } from '../remotes/stepLoader';
import { stepPropsFactory } from '../steps/stepProps';
import { App } from '../ui/App';
import { brandOf } from '../ui/brand';
import { SERVER_RENDERED_STATE, serverEntryOf, serverRenderedStep } from './first-step';
import { createStepRemote, type ServerBuildPin, type StepRemoteOptions } from './step-remote';

export interface FirstStepInput {
  /** The answers of the page's first calls, as inlined in the page (the page starts from the same). */
  answers: FirstAnswers;
  /** The runtime configuration the page reads from /remotes.json. */
  config: ShellConfig;
  /** The remotes in force: each one's browser manifest URL, as the server reaches it. */
  remotes: Readonly<Record<string, string>>;
  /**
   * What each remote's server build is trusted as: its pin (`{ integrity: 'sha384-…' }`, checked against the fetched
   * bytes before they run), or `{ unpinned: true }` where the operator opted out. A remote without one is not loaded.
   */
  serverBuilds?: Readonly<Record<string, ServerBuildPin>>;
}

/** `refused`: the remote's server build is not the pinned one; none of it ran. */
export type FirstStepResult =
  | { kind: 'rendered'; state: CheckoutState; html: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'refused'; reason: string };

/**
 * Says to the api that this renderer checks a remote's server build against its pin before running it: a renderer
 * built before it did is not used, since it would run any bytes the remote's URL serves.
 */
export const verifiesServerBuilds = true;

/** The server has the first answers and nothing else: any other call would be a bug, and fails. */
const offline: HttpRequester = {
  request: (request) => Promise.reject(new Error(`${request.url}: no calls while rendering on the server`)),
};

/** Steps are not loaded while rendering: the first one is rendered beside, and StepRegion shows it. */
const noLoader: StepLoader = { load: () => new Promise(() => undefined), prefetch: () => undefined };

type ServerElement = (props: StepProps) => ReactElement;

/** The step's server element from its remote's module, checked as the page's loader checks the parcel. */
function serverElementOf(module: unknown, location: StepLocation): ServerElement | string {
  const exports = (typeof module === 'object' && module !== null ? module : {}) as Record<string, unknown>;
  if (exports.contractVersion !== CONTRACT_VERSION)
    return `built against contract ${String(exports.contractVersion)}, the shell speaks ${CONTRACT_VERSION}`;
  const parcel = exports[location.module.replace(/^\.\//, '')] as { serverElement?: unknown } | undefined;
  if (typeof parcel?.serverElement !== 'function') return 'its parcel cannot render on the server';
  return parcel.serverElement as ServerElement;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The step's HTML once all of it has rendered, or the first error it met: renderToString would instead leave a
 * failing part for the browser to render (an empty boundary), and a page that arrives without its step is no better
 * than the page rendered as without the server.
 */
function renderComplete(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    sink.on('finish', () => (failure === null ? resolve(chunks.join('')) : reject(failure)));
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // Preact's renderer stops at the first error (React's goes on to the end): either way the first one is the answer.
      onError: (error) => {
        failure ??= error;
        reject(failure);
      },
    });
  });
}

/**
 * The page's #root as the shell renders it once the first answers are in: header, countdown, order summary, and the
 * step inside its region, rendered by the step's remote (its server build). Only the first step is rendered here;
 * for any other state, or when the remote cannot be loaded, nothing is, and the page renders as it does without.
 */
export function createFirstStepRenderer(options: StepRemoteOptions = {}) {
  const loadStep = createStepRemote(options);
  return async function renderFirstStep(input: FirstStepInput): Promise<FirstStepResult> {
    // Most pages are of another step: those do not start the model at all (nor its timers, the countdown's one).
    const answered = input.answers[calls.getCheckout.path] as { state?: unknown } | undefined;
    const answeredState = answered?.state === 'determining' ? SERVER_RENDERED_STATE : answered?.state;
    if (answeredState !== SERVER_RENDERED_STATE)
      return { kind: 'skipped', reason: `the checkout is on ${String(answeredState)}` };
    const api = createApiClient(withFirstAnswers(offline, input.answers));
    const scope = fork({
      handlers: [...apiHandlers(api), [pageViewFx, () => undefined], [applyThemeFx, () => undefined]],
    });
    await startedIn(scope);
    const state = scope.getState($state);
    const location = serverRenderedStep(state);
    if (!location) return { kind: 'skipped', reason: `the checkout is on ${state}` };
    const manifest = input.remotes[location.remote];
    if (!manifest) return { kind: 'skipped', reason: `${location.remote} is not configured` };
    const pin = input.serverBuilds?.[location.remote];
    if (!pin) return { kind: 'failed', reason: `${location.remote} has no pinned server build` };
    const loaded = await loadStep(location, serverEntryOf(manifest), pin);
    if (loaded.kind !== 'loaded') return loaded;
    const element = serverElementOf(loaded.module, location);
    if (typeof element === 'string') return { kind: 'failed', reason: `${location.remote}: ${element}` };
    try {
      const stepProps = stepPropsFactory(scope, api, input.config);
      const step = `<div class="step-parcel">${await renderComplete(element(stepProps(state)))}</div>`;
      const html = renderToString(
        <App
          scope={scope}
          loader={noLoader}
          stepProps={stepProps}
          brand={brandOf(input.config)}
          serverStep={{ state, html: step }}
        />,
      );
      return { kind: 'rendered', state, html };
    } catch (error) {
      return { kind: 'failed', reason: `${location.remote} ${location.module} did not render: ${describe(error)}` };
    }
  };
}
