import { fork, type Scope } from 'effector';
import { createFakeApi, fakeStepProps, type FakeApi, type FakeApiHandlers } from '@checkout/shared/testing';
import { shellCommandsFx, type ShellCommand, type StepDeps } from '@checkout/shared/parcel';
import { navigateFx, newIdempotencyKeyFx, waitFx } from './browser-effects';

export interface ModelSetup {
  scope: Scope;
  api: FakeApi;
  deps: StepDeps;
  /** Shell commands in the order the model sent them. */
  sent: ShellCommand[];
  /** Every wait the model asked for, in ms (they resolve at once). */
  waits: number[];
  /** URLs the browser was sent to. */
  navigated: string[];
}

/** A scope whose shell commands, waits and navigations are recorded, with a fake API (tests only). */
export function modelScope(
  api: Partial<FakeApiHandlers> = {},
  extra: { handlers?: [unknown, unknown][] } = {},
): ModelSetup {
  const fake = createFakeApi({ handlers: api });
  const sent: ShellCommand[] = [];
  const waits: number[] = [];
  const navigated: string[] = [];
  let keys = 0;
  const scope = fork({
    handlers: [
      [shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)],
      [waitFx, async (ms: number) => void waits.push(ms)],
      [navigateFx, (url: string) => void navigated.push(url)],
      [newIdempotencyKeyFx, () => `test-key-${String(++keys).padStart(8, '0')}`],
      ...((extra.handlers ?? []) as never[]),
    ],
  });
  return {
    scope,
    api: fake,
    deps: { api: fake, commands: fakeStepProps().commands, config: { apiBase: '' } },
    sent,
    waits,
    navigated,
  };
}
