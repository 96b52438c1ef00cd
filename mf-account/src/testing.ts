import { fork, type Scope } from 'effector';
import { createFakeApi, fakeStepProps, type FakeApi, type FakeApiHandlers } from '@checkout/shared/testing';
import { shellCommandsFx, type ShellCommand, type StepDeps } from '@checkout/shared/parcel';

/** A scope whose shell commands are recorded in order, and deps with a fake API (tests only). */
export function modelScope(api: Partial<FakeApiHandlers> = {}): {
  scope: Scope;
  api: FakeApi;
  deps: StepDeps;
  sent: ShellCommand[];
} {
  const fake = createFakeApi({ handlers: api });
  const sent: ShellCommand[] = [];
  const scope = fork({
    handlers: [[shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)]],
  });
  return { scope, api: fake, deps: { api: fake, commands: fakeStepProps().commands, config: { apiBase: '' } }, sent };
}
