import { createEffect, createEvent, createStore, sample } from 'effector';
import { isApiFailure } from '../api/failure';
import type { ApiClient } from '../api/client';
import type { CheckoutState } from '../contract/states';
import type { NotificationInput, StepProps } from '../step';

/**
 * How a remote's models reach the shell. The models are created once at module level (never at run time), so the
 * shell's commands, the API client and the runtime config arrive as data when a step mounts and are kept per scope.
 * Each remote bundles its own copy of this module, so each remote has its own units.
 */
export type StepDeps = Pick<StepProps, 'api' | 'commands' | 'config'>;

export function depsOf(props: StepProps): StepDeps {
  return { api: props.api, commands: props.commands, config: props.config };
}

/** A request to the shell, as plain data: a model test reads the sequence instead of spying on events. */
export type ShellCommand =
  | { kind: 'stepCompleted' }
  | { kind: 'goTo'; state: CheckoutState }
  | { kind: 'editBasket' }
  | { kind: 'reloadCheckout' }
  | { kind: 'refreshUser' }
  | { kind: 'notify'; notification: NotificationInput }
  | { kind: 'reservationStarted'; seconds: number };

export function runShellCommand(commands: StepProps['commands'], command: ShellCommand): void {
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
    case 'notify':
      commands.notify(command.notification);
      break;
    case 'reservationStarted':
      commands.reservationStarted(command.seconds);
      break;
  }
}

/** The deps of the step mounted last (every step of a remote gets the same ones from one shell). */
export const depsReceived = createEvent<StepDeps>();
export const $deps = createStore<StepDeps | null>(null, { serialize: 'ignore' }).on(depsReceived, (_, deps) => deps);

/**
 * Runs commands in order, inside the caller's scope (events called synchronously in a handler stay in its scope).
 * A test replaces the handler (fork({ handlers })) and reads the list.
 */
export const shellCommandsFx = createEffect(
  ({ commands, list }: { commands: StepProps['commands']; list: ShellCommand[] }) => {
    for (const command of list) runShellCommand(commands, command);
  },
);

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
  if (!deps) throw new Error('checkout: a step used the API before it was mounted');
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
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
