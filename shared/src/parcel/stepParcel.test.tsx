import * as messages from '../messages/common';
import { useUnit } from 'effector-react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { act, screen } from '@testing-library/react';
import type { StepProps } from '../step';
import { fakeStepProps } from '../testing';
import { lazyStepParcel, stepParcel, type StepParcel } from './stepParcel';

/** single-spa mounts and unmounts asynchronously; act() lets React flush what it schedules meanwhile. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function mount(parcelConfig: StepParcel, props: StepProps): Promise<Parcel> {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const parcel = mountRootParcel(parcelConfig, { ...props, domElement });
  await settle();
  await parcel.mountPromise;
  return parcel;
}

async function unmount(parcel: Parcel) {
  const done = parcel.unmount();
  await settle();
  await done;
}

function ShowsState({ stores }: StepProps) {
  const state = useUnit(stores.$state);
  return <p>state is {state}</p>;
}

function Boom(): never {
  throw new Error('kaboom');
}

describe('stepParcel', () => {
  test("renders the step with the shell's scope (stores read inside the scope)", async () => {
    const props = fakeStepProps({ state: 'payment' });
    const parcel = await mount(stepParcel(ShowsState), props);
    expect(screen.getByText('state is payment')).toBeInTheDocument();
    await unmount(parcel);
    expect(screen.queryByText('state is payment')).not.toBeInTheDocument();
  });

  test('passes StepProps through, without single-spa extras', async () => {
    const seen: string[][] = [];
    const Spy = (p: StepProps) => {
      seen.push(Object.keys(p).sort());
      return null;
    };
    const parcel = await mount(stepParcel(Spy), fakeStepProps());
    expect(seen[0]).toEqual(['api', 'commands', 'config', 'contractVersion', 'scope', 'state', 'stores']);
    await unmount(parcel);
  });

  test('a step that throws shows a clear message and reports it through notify', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const props = fakeStepProps({ state: 'login' });
    const parcel = await mount(stepParcel(Boom), props);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.stepFailed);
    await settle();
    expect(props.notifications()).toEqual([{ type: 'error', text: messages.stepFailed, group: 'step-failed:login' }]);
    await unmount(parcel);
    error.mockRestore();
  });

  test('lazyStepParcel fetches the step when it first mounts', async () => {
    const load = jest.fn(async () => ShowsState);
    const lazy = lazyStepParcel(load);
    expect(load).not.toHaveBeenCalled();
    const parcel = await mount(lazy, fakeStepProps({ state: 'waiver' }));
    expect(await screen.findByText('state is waiver')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await unmount(parcel);
  });

  test('lazyStepParcel.preload fetches the step before it mounts, once, and again after a failure', async () => {
    const load = jest
      .fn<Promise<typeof ShowsState>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(ShowsState);
    const lazy = lazyStepParcel(load);
    lazy.preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    lazy.preload();
    lazy.preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    const parcel = await mount(lazy, fakeStepProps({ state: 'waiver' }));
    expect(await screen.findByText('state is waiver')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await unmount(parcel);
  });
});
