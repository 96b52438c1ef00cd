import type { StepLocation } from '@checkout/shared';
import type { RemoteLoadFallback } from './failure';
import type { Federation } from './federation';
import { createStepLoader } from './stepLoader';

const basket: StepLocation = { remote: 'mf_basket', module: './basket' };
const parcel = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };
const good = { contractVersion: 1, basket: parcel };
const down: RemoteLoadFallback = { __remoteLoadFailed: true, id: 'mf_basket/basket', message: 'Failed to fetch' };

function fakeFederation(answers: unknown[]) {
  const federation = {
    load: jest.fn(async () => {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next;
    }),
    forget: jest.fn(),
  } satisfies Federation;
  return federation;
}

const noWait = jest.fn(async () => undefined);

describe('step loader', () => {
  beforeEach(() => noWait.mockClear());

  test("returns the state's parcel from the exposed module", async () => {
    const loader = createStepLoader({ federation: fakeFederation([good]), contractVersion: 1, sleep: noWait });
    await expect(loader.load(basket)).resolves.toEqual({ kind: 'ready', parcel });
  });

  test("prefetch loads the module and the step's own chunk (a lazy parcel's preload), without mounting it", async () => {
    const preload = jest.fn();
    const loader = createStepLoader({
      federation: fakeFederation([{ contractVersion: 1, basket: { ...parcel, preload } }]),
      contractVersion: 1,
      sleep: noWait,
    });
    loader.prefetch(basket);
    await expect(loader.load(basket)).resolves.toMatchObject({ kind: 'ready' });
    expect(preload).toHaveBeenCalledTimes(1);
  });

  test('tries again with growing waits, forgetting the failed remote each time', async () => {
    const federation = fakeFederation([down, new Error('boom'), good]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait, backoffMs: 100 });
    await expect(loader.load(basket)).resolves.toMatchObject({ kind: 'ready' });
    expect(federation.load).toHaveBeenCalledTimes(3);
    expect(noWait.mock.calls).toEqual([[100], [300]]);
    expect(federation.forget).toHaveBeenCalledWith('mf_basket');
  });

  test('gives up after the last try with plain data saying why', async () => {
    const onFailure = jest.fn();
    const federation = fakeFederation([down]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait, attempts: 3, onFailure });
    await expect(loader.load(basket)).resolves.toEqual({
      kind: 'failed',
      failure: { kind: 'unavailable', remote: 'mf_basket', module: './basket', message: 'Failed to fetch' },
    });
    expect(federation.load).toHaveBeenCalledTimes(3);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  test('refuses a remote built against another contract version, without retrying', async () => {
    const federation = fakeFederation([{ ...good, contractVersion: 2 }]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait });
    const result = await loader.load(basket);
    expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'contract' } });
    expect(federation.load).toHaveBeenCalledTimes(1);
  });

  test('refuses a module without the parcel for its state', async () => {
    const loader = createStepLoader({
      federation: fakeFederation([{ contractVersion: 1, captcha: parcel }]),
      contractVersion: 1,
      sleep: noWait,
    });
    await expect(loader.load(basket)).resolves.toMatchObject({ kind: 'failed', failure: { kind: 'contract' } });
  });

  test('Retry after a failure forgets the remote and loads again', async () => {
    const federation = fakeFederation([down, down, good]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait, attempts: 2 });
    await expect(loader.load(basket)).resolves.toMatchObject({ kind: 'failed' });
    federation.forget.mockClear();
    await expect(loader.load(basket, { fresh: true })).resolves.toMatchObject({ kind: 'ready' });
    expect(federation.forget).toHaveBeenCalledWith('mf_basket');
  });

  test('Retry after a parcel that loaded but failed to mount forgets the remote too (it may have been redeployed)', async () => {
    const federation = fakeFederation([good]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait });
    await expect(loader.load(basket)).resolves.toMatchObject({ kind: 'ready' });
    expect(federation.forget).not.toHaveBeenCalled();
    await expect(loader.load(basket, { fresh: true })).resolves.toMatchObject({ kind: 'ready' });
    expect(federation.forget).toHaveBeenCalledWith('mf_basket');
    expect(federation.load).toHaveBeenCalledTimes(2);
  });

  test('a successful load is reused (prefetch then show costs one load)', async () => {
    const federation = fakeFederation([good]);
    const loader = createStepLoader({ federation, contractVersion: 1, sleep: noWait });
    loader.prefetch(basket);
    await loader.load(basket);
    await loader.load(basket);
    expect(federation.load).toHaveBeenCalledTimes(1);
  });
});
