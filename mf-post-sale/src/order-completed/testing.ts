import { fork, type Scope } from 'effector';
import { shellCommandsFx, type ShellCommand, type StepDeps } from '@checkout/shared/parcel';
import { createFakeApi, fakeStepProps, type FakeApi, type FakeApiHandlers } from '@checkout/shared/testing';
import {
  copyFx,
  rememberTransferredFx,
  todayFx,
  viewEntryFx,
  waitFx,
  wasTransferredFx,
  type OrderCompletedView,
} from './model';

/** Model tests: a scope whose shell commands, waits and copies are recorded, with a fake API and a fixed today. */
export interface ModelSetup {
  scope: Scope;
  api: FakeApi;
  deps: StepDeps;
  sent: ShellCommand[];
  waits: number[];
  copies: string[];
  /** The views given a history entry ('overview': the view's entry taken off again), in order. */
  entries: OrderCompletedView[];
}

export const TODAY = new Date(2030, 0, 15, 14, 20);

export function modelScope(
  api: Partial<FakeApiHandlers> = {},
  options: {
    copy?: (text: string) => Promise<void>;
    wait?: (ms: number) => Promise<void>;
    transferredBefore?: string[];
  } = {},
): ModelSetup {
  // The tab's memory of transfers made, per test.
  const remembered = new Set(options.transferredBefore ?? []);
  const fake = createFakeApi({ handlers: api });
  const sent: ShellCommand[] = [];
  const waits: number[] = [];
  const copies: string[] = [];
  const entries: OrderCompletedView[] = [];
  const scope = fork({
    handlers: [
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      [waitFx, options.wait ?? (async (ms: number) => void waits.push(ms))],
      [copyFx, options.copy ?? (async (text: string) => void copies.push(text))],
      [todayFx, () => TODAY],
      [wasTransferredFx, (reference: string) => remembered.has(reference)],
      [rememberTransferredFx, (reference: string) => void remembered.add(reference)],
      [viewEntryFx, (view: OrderCompletedView) => void entries.push(view)],
    ],
  });
  return {
    scope,
    api: fake,
    deps: { api: fake, commands: fakeStepProps().commands, config: { apiBase: '' } },
    sent,
    waits,
    copies,
    entries,
  };
}
