import { allSettled, fork } from 'effector';
import { shellCommandsFx, type ShellCommand, type StepDeps } from '@checkout/shared/parcel';
import { createFakeApi, fakeStepProps } from '@checkout/shared/testing';
import { copy } from './copy';
import { continueClicked, messagesShown } from './model';

test.each([
  [1, 'Organiser message'],
  [2, 'Organiser messages'],
  [5, 'Organiser messages'],
])('%i message(s): %s', (count, heading) => {
  expect(copy.heading(count)).toBe(heading);
});

test.each([
  ['Saturday 5 December 2026', '9:00am', 'Saturday 5 December 2026 at 9:00am'],
  ['Saturday 5 December 2026', '', 'Saturday 5 December 2026'],
])('%s + %s', (date, time, expected) => {
  expect(copy.when(date, time)).toBe(expected);
});

test('Continue completes the step, once per click', async () => {
  const sent: ShellCommand[] = [];
  const scope = fork({
    handlers: [[shellCommandsFx, ({ list }: { list: ShellCommand[] }) => void sent.push(...list)]],
  });
  const deps: StepDeps = { api: createFakeApi(), commands: fakeStepProps().commands, config: { apiBase: '' } };
  await allSettled(messagesShown, { scope, params: { deps } });
  expect(sent).toEqual([]);
  await allSettled(continueClicked, { scope });
  expect(sent).toEqual([{ kind: 'stepCompleted' }]);
});
