import { useCallback } from 'react';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { messages, type CheckoutState, type StepProps } from '@checkout/shared';
import { NotificationArea, Spinner } from '@checkout/shared/ui';
import { $notifications, $state, notificationDismissed } from '../model';
import type { StepLoader } from '../remotes/stepLoader';
import { Countdown } from './Countdown';
import { OrderSummaryColumn } from './OrderSummaryColumn';
import { StepBoundary } from './StepBoundary';
import { StepRegion } from './StepRegion';

export interface AppProps {
  scope: Scope;
  loader: StepLoader;
  stepProps: (state: CheckoutState) => StepProps;
  onStepShown?: (state: CheckoutState) => void;
}

function Frame({ loader, stepProps, onStepShown }: Omit<AppProps, 'scope'>) {
  const [state, notifications, dismiss] = useUnit([$state, $notifications, notificationDismissed]);
  const props = useCallback((s: CheckoutState) => stepProps(s), [stepProps]);
  return (
    <>
      <NotificationArea notifications={notifications} onDismiss={dismiss} />
      <header className="shell-header">
        <div className="container shell-header__inner">
          <Countdown />
        </div>
      </header>
      <main className="container layout shell-main">
        <div className="shell-step">
          {state === 'determining' ? (
            <Spinner label={messages.determiningProgress} />
          ) : (
            <StepBoundary>
              <StepRegion state={state} loader={loader} stepProps={props} {...(onStepShown ? { onStepShown } : {})} />
            </StepBoundary>
          )}
        </div>
        <aside className="shell-summary">
          <OrderSummaryColumn />
        </aside>
      </main>
    </>
  );
}

/** The page frame: notifications, countdown, the step region and the order summary column, in the shell's scope. */
export function App({ scope, ...rest }: AppProps) {
  return (
    <Provider value={scope}>
      <Frame {...rest} />
    </Provider>
  );
}
