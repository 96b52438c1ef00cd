import { createEffect, createEvent, createStore, sample } from 'effector';
import { isApiFailure, type ApiClient, type CheckoutState, type NotificationInput, type RuntimeConfig, type StepCommands } from '@checkout/shared';

/**
 * What a step of this remote gets from the shell at mount time. The models are created once at module level, so the
 * shell's commands, the API client and the runtime config arrive as data (kept per scope) rather than closed over.
 */
export interface StepDeps {
  api: ApiClient;
  commands: StepCommands;
  config: RuntimeConfig;
}

/** A request to the shell, as plain data: a model test reads the sequence instead of spying on events. */
export type ShellCommand =
  | { kind: 'stepCompleted' }
  | { kind: 'goTo'; state: CheckoutState }
  | { kind: 'editBasket' }
  | { kind: 'reloadCheckout' }
  | { kind: 'refreshUser' }
  | { kind: 'reservationStarted'; seconds: number }
  | { kind: 'notify'; notification: NotificationInput };

function run(commands: StepCommands, command: ShellCommand): void {
  switch (command.kind) {
    case 'stepCompleted':
      commands.stepCompleted();
      break;
    case 'goTo':
      commands.goTo(command.state);
      break;
    case 'editBasket':
      commands.editBasket();
      break;
    case 'reloadCheckout':
      commands.reloadCheckout();
      break;
    case 'refreshUser':
      commands.refreshUser();
      break;
    case 'reservationStarted':
      commands.reservationStarted(command.seconds);
      break;
    case 'notify':
      commands.notify(command.notification);
      break;
  }
}

/** The deps of the step mounted last (every step of this remote gets the same ones from one shell). */
export const depsReceived = createEvent<StepDeps>();
export const $deps = createStore<StepDeps | null>(null, { serialize: 'ignore' }).on(depsReceived, (_, deps) => deps);

/** Runs commands in order inside the caller's scope. A test replaces the handler (fork({ handlers })) and reads the list. */
export const shellCommandsFx = createEffect(({ commands, list }: { commands: StepCommands; list: ShellCommand[] }) => {
  for (const command of list) run(commands, command);
});

/** Ask the shell for one or more things, in this order. */
export const shellCommandsSent = createEvent<ShellCommand[]>();

sample({
  clock: shellCommandsSent,
  source: $deps,
  filter: (deps: StepDeps | null, list: ShellCommand[]): deps is StepDeps => deps !== null && list.length > 0,
  fn: (deps, list) => ({ commands: deps.commands, list }),
  target: shellCommandsFx,
});

export const stepCompleted: ShellCommand = { kind: 'stepCompleted' };
export const goTo = (state: CheckoutState): ShellCommand => ({ kind: 'goTo', state });
export const notifyError = (text: string, group?: string): ShellCommand => ({
  kind: 'notify',
  notification: { type: 'error', text, ...(group ? { group } : {}) },
});

/** The API client of the mounted step, for effects: a step's events only fire once its deps are set. */
export function apiOf(deps: StepDeps | null): ApiClient {
  if (!deps) throw new Error('mf-payment: a step used the API before it was mounted');
  return deps.api;
}

/** The server's own sentence for a failure (its ApiErrorBody `error`), if it sent one. */
export function serverMessageOf(error: unknown): string | null {
  return isApiFailure(error) && error.serverMessage ? error.serverMessage : null;
}

/** The field errors a 4xx carried (ApiErrorBody `errors`), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiFailure(error) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Time is an effect, so model tests replace it with an instant one (fork handlers) instead of faking timers. */
export const waitFx = createEffect((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** The browser leaves the checkout (bank portal, 3-D Secure page, instalment redirect). */
export const navigateFx = createEffect((url: string) => {
  window.location.assign(url);
});

/** One key per Pay attempt (protocol: the server charges once per key); reused when the same attempt is retried. */
export const newIdempotencyKeyFx = createEffect(() => crypto.randomUUID());
