import { createEffect, createEvent, createStore, sample } from 'effector';
import { isApiFailure, type ApiClient, type CheckoutState, type NotificationInput, type StepCommands } from '@checkout/shared';

/**
 * What a step of this remote gets from the shell at mount time. The models are created once at module level, so the
 * shell's commands and the API client arrive as data (kept per scope) rather than being closed over.
 */
export interface StepDeps {
  api: ApiClient;
  commands: StepCommands;
}

/** A request to the shell, as plain data: a model test reads the sequence instead of spying on events. */
export type ShellCommand =
  | { kind: 'stepCompleted' }
  | { kind: 'goTo'; state: CheckoutState }
  | { kind: 'reloadCheckout' }
  | { kind: 'refreshUser' }
  | { kind: 'notify'; notification: NotificationInput };

function run(commands: StepCommands, command: ShellCommand): void {
  switch (command.kind) {
    case 'stepCompleted':
      commands.stepCompleted();
      break;
    case 'goTo':
      commands.goTo(command.state);
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
  }
}

/** The deps of the step mounted last (every step of this remote gets the same ones from one shell). */
export const depsReceived = createEvent<StepDeps>();
export const $deps = createStore<StepDeps | null>(null, { serialize: 'ignore' }).on(depsReceived, (_, deps) => deps);

/**
 * Runs commands in order, inside the caller's scope (events called synchronously in a handler stay in its scope).
 * A test replaces the handler (fork({ handlers })) and reads the list.
 */
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
export const notifyError = (text: string, group?: string): ShellCommand => ({
  kind: 'notify',
  notification: { type: 'error', text, ...(group ? { group } : {}) },
});

/** The API client of the mounted step, for effects: a step's events only fire once its deps are set. */
export function apiOf(deps: StepDeps | null): ApiClient {
  if (!deps) throw new Error('mf-account: a step used the API before it was mounted');
  return deps.api;
}

/** The server's own sentence for a failure (its ApiErrorBody `error`), if it sent one. */
export function serverMessageOf(error: unknown): string | null {
  return isApiFailure(error) && error.serverMessage ? error.serverMessage : null;
}
