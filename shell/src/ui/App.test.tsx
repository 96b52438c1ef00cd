import { allSettled, fork } from 'effector';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type CheckoutState } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as shellMessages from '@checkout/shared/messages/shell';
import { stepParcel } from '@checkout/shared/parcel';
import { placeholderStep } from '@checkout/shared/testing';
import { fakeStepProps, sampleCheckout } from '@checkout/shared/testing';
import { appStarted, notify } from '../model';
import { fakeServer, handlersOf } from '../model/test-handlers';
import type { StepLoader } from '../remotes/stepLoader';
import { App } from './App';

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const loader: StepLoader = {
  load: async () => ({ kind: 'ready', parcel: stepParcel(placeholderStep('basket', 'Basket')) }),
  prefetch: () => undefined,
};
const props = (state: CheckoutState) => fakeStepProps({ state });

describe('App frame', () => {
  afterEach(async () => {
    cleanup();
    await settle();
  });

  test("says 'Determining checkout progress' until the first load answers, then shows the step and the summary", async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'basket' }) });
    const scope = fork({ handlers: handlersOf(server) });
    render(<App scope={scope} loader={loader} stepProps={props} />);
    expect(screen.getByRole('status')).toHaveTextContent(commonMessages.determiningProgress);
    await act(() => allSettled(appStarted, { scope }));
    await settle();
    expect(await screen.findByRole('heading', { name: 'Basket' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total£86.25');
  });

  test('notifications show in the always-present area and stay until dismissed', async () => {
    const scope = fork();
    render(<App scope={scope} loader={loader} stepProps={props} />);
    await act(() => allSettled(notify, { scope, params: { type: 'error', text: shellMessages.getCheckoutFailed } }));
    expect(screen.getByRole('log', { name: 'Notifications' })).toHaveTextContent(shellMessages.getCheckoutFailed);
    await act(async () => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.getByRole('log', { name: 'Notifications' })).not.toHaveTextContent(shellMessages.getCheckoutFailed);
  });
});
