import * as messages from '@checkout/shared/messages/shell';
import { TextEncoder } from 'node:util';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stepParcel } from '@checkout/shared/parcel';
import { placeholderStep } from '@checkout/shared/testing';
import { fakeStepProps } from '@checkout/shared/testing';
import type { CheckoutState, StepLocation } from '@checkout/shared';
import type { StepLoader, StepLoadResult } from '../remotes/stepLoader';
import { StepRegion } from './StepRegion';

const parcels = {
  basket: stepParcel(placeholderStep('basket', 'Basket')),
  reserve: stepParcel(placeholderStep('reserve', 'Checkout')),
};

function fakeLoader(results: StepLoadResult[]) {
  const loader = {
    load: jest.fn(async (location: StepLocation, _options?: { fresh?: boolean }) => {
      const next = results.length > 1 ? results.shift() : results[0];
      if (next) return next;
      const parcel = parcels[location.module === './reserve' ? 'reserve' : 'basket'];
      return { kind: 'ready' as const, parcel };
    }),
    prefetch: jest.fn(),
  } satisfies StepLoader;
  return loader;
}

/** The parcel root renders asynchronously (single-spa); let it inside act(). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const failed: StepLoadResult = {
  kind: 'failed',
  failure: { kind: 'unavailable', remote: 'mf_basket', module: './basket', message: 'offline' },
};
const props = (state: CheckoutState) => fakeStepProps({ state });

describe('StepRegion', () => {
  // Unmounting the region unmounts its parcel asynchronously: do it here, inside act(), not in RTL's own cleanup.
  afterEach(async () => {
    cleanup();
    await settle();
  });

  test('mounts the step of the state and reports it shown', async () => {
    const shown = jest.fn();
    render(<StepRegion state="basket" loader={fakeLoader([])} stepProps={props} onStepShown={shown} />);
    await settle();
    expect(await screen.findByRole('heading', { name: 'Basket' })).toBeInTheDocument();
    await waitFor(() => expect(shown).toHaveBeenCalledWith('basket'));
  });

  test('a remote that will not load shows the fallback; Retry loads it afresh', async () => {
    const loader = fakeLoader([failed, { kind: 'ready', parcel: parcels.basket }]);
    render(<StepRegion state="basket" loader={loader} stepProps={props} />);
    await settle();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: messages.retry }));
    await settle();
    expect(await screen.findByRole('heading', { name: 'Basket' })).toBeInTheDocument();
    expect(loader.load).toHaveBeenLastCalledWith({ remote: 'mf_basket', module: './basket' }, { fresh: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a new state unmounts the old step and mounts the new one', async () => {
    const loader = fakeLoader([]);
    const view = render(<StepRegion state="basket" loader={loader} stepProps={props} />);
    await settle();
    await screen.findByRole('heading', { name: 'Basket' });
    view.rerender(<StepRegion state="reserve" loader={loader} stepProps={props} />);
    await settle();
    expect(await screen.findByText('reserve step: not built yet')).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('heading', { name: 'Basket' })).not.toBeInTheDocument();
  });
  describe('a step the server rendered', () => {
    // What the server sends (react-dom/server, which wants the TextEncoder jsdom lacks).
    const serverHtml = async () => {
      Object.assign(globalThis, { TextEncoder });
      const { renderToString } = await import('react-dom/server');
      const element = parcels.basket.serverElement?.(props('basket'));
      if (!element) throw new Error('stepParcel gives a server element');
      return `<div class="step-parcel">${renderToString(element)}</div>`;
    };

    test('stays on screen while its remote loads, then is hydrated in place (the same elements, now alive)', async () => {
      let ready: (result: StepLoadResult) => void = () => undefined;
      const loader = fakeLoader([]);
      loader.load.mockImplementationOnce(() => new Promise<StepLoadResult>((resolve) => (ready = resolve)));
      const { container } = render(
        <StepRegion
          state="basket"
          loader={loader}
          stepProps={props}
          serverStep={{ state: 'basket', html: await serverHtml() }}
        />,
      );
      const heading = screen.getByRole('heading', { name: 'Basket' });
      expect(container.querySelector('.step-region')).toHaveAttribute('aria-busy', 'true');
      expect(container.querySelector('.step-region')).toHaveAttribute('inert', '');
      expect(container.querySelector('.step-region--from-server')).not.toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
      ready({ kind: 'ready', parcel: parcels.basket });
      await settle();
      await waitFor(() => expect(container.querySelector('.step-region')).toHaveAttribute('aria-busy', 'false'));
      expect(container.querySelector('.step-region')).not.toHaveAttribute('inert');
      expect(screen.getByRole('heading', { name: 'Basket' })).toBe(heading);
      expect(container.querySelectorAll('.step-parcel')).toHaveLength(1);
    });

    test('goes when its remote will not load: the fallback with Retry instead, nothing that looks usable', async () => {
      render(
        <StepRegion
          state="basket"
          loader={fakeLoader([failed])}
          stepProps={props}
          serverStep={{ state: 'basket', html: await serverHtml() }}
        />,
      );
      await settle();
      expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
      expect(screen.getByRole('button', { name: messages.retry })).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Basket' })).toBeNull();
    });
  });
});
