import { allSettled, fork } from 'effector';
import { mountRootParcel } from 'single-spa';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUnit } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { stepParcel } from '@checkout/shared/parcel';
import { createFakeApi, sampleCheckout } from '@checkout/shared/testing';
import { $state, appStarted } from '../model';
import { fakeServer, handlersOf } from '../model/test-handlers';
import { stepPropsFactory } from './stepProps';

/** A step as a remote writes one (the shell never imports a remote's source): it finishes through the shell's command. */
function ContinueStep({ commands }: StepProps) {
  const stepCompleted = useUnit(commands.stepCompleted);
  return (
    <button type="button" onClick={() => stepCompleted()}>
      Continue
    </button>
  );
}
const remoteStep = stepParcel(ContinueStep);

/**
 * One effector instance across the boundary: a step wrapped by stepParcel (the remotes' wrapper), mounted the way the
 * shell mounts it, fires a command from its own React tree and the shell model's store changes in the shell's scope.
 */
test("a command fired inside a remote's parcel changes the shell's store in the shell's scope", async () => {
  const server = fakeServer({ checkout: sampleCheckout({ state: 'login' }), secondsRemaining: null });
  const scope = fork({ handlers: handlersOf(server) });
  await allSettled(appStarted, { scope });
  expect(scope.getState($state)).toBe('login');

  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const props = stepPropsFactory(scope, createFakeApi(), { apiBase: '' })('login');
  const parcel = mountRootParcel(remoteStep, { ...props, domElement });
  // single-spa mounts asynchronously; act() lets React flush the render it schedules meanwhile.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await parcel.mountPromise;

  await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

  await waitFor(() => expect(scope.getState($state)).toBe('marketing_preferences'));
  expect(server.updateBasketState).toHaveBeenCalledWith(expect.objectContaining({ state: 'marketing_preferences' }));
  const unmounted = parcel.unmount();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await unmounted;
  domElement.remove();
});
