import { useCallback, useMemo } from 'react';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { type CheckoutState, type StepProps } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/common';
import { NotificationArea, Spinner, type NotificationAction } from '@checkout/shared/ui';
import * as shellMessages from '@checkout/shared/messages/shell';
import {
  $extensionOffer,
  $notifications,
  $state,
  EXTENSION_ACTION,
  extensionRequested,
  notificationDismissed,
} from '../model';
import type { StepLoader } from '../remotes/stepLoader';
import { brandOf, type Brand } from './brand';
import { Header } from './Header';
import { MobileFooter } from './MobileFooter';
import { OrderSummaryColumn } from './OrderSummaryColumn';
import { StepBoundary } from './StepBoundary';
import { StepRegion, type ServerStep } from './StepRegion';

export interface AppProps {
  scope: Scope;
  loader: StepLoader;
  stepProps: (state: CheckoutState) => StepProps;
  onStepShown?: (state: CheckoutState) => void;
  /** The marketplace's name and mark in the header; the built-in ones when absent. */
  brand?: Brand;
  /** The first step's markup as the server rendered it into the step region (StepRegion keeps it and hydrates it). */
  serverStep?: ServerStep;
}

const BUILT_IN_BRAND = brandOf({});

function Frame({ loader, stepProps, onStepShown, brand = BUILT_IN_BRAND, serverStep }: Omit<AppProps, 'scope'>) {
  const [state, notifications, dismiss, offer, extend] = useUnit([
    $state,
    $notifications,
    notificationDismissed,
    $extensionOffer,
    extensionRequested,
  ]);
  const props = useCallback((s: CheckoutState) => stepProps(s), [stepProps]);
  const actions = useMemo(
    (): Record<string, NotificationAction> =>
      offer === null
        ? {}
        : {
            [EXTENSION_ACTION]: {
              prompt: shellMessages.needMoreTime,
              label: shellMessages.addMinutes(offer),
              onPress: () => extend(),
            },
          },
    [offer, extend],
  );
  return (
    <>
      <NotificationArea notifications={notifications} onDismiss={dismiss} actions={actions} />
      <Header brand={brand} />
      <main className="container layout shell-main">
        {/* Before the step: on a phone the basket bar is at the top, as the best ticket checkouts have it (and read in
            that order); from 768 px the grid puts it in the column beside the step. */}
        <aside className="shell-summary">
          <OrderSummaryColumn />
        </aside>
        <div className="shell-step">
          {state === 'determining' ? (
            <Spinner label={messages.determiningProgress} />
          ) : (
            <StepBoundary>
              <StepRegion
                state={state}
                loader={loader}
                stepProps={props}
                {...(onStepShown ? { onStepShown } : {})}
                {...(serverStep ? { serverStep } : {})}
              />
            </StepBoundary>
          )}
        </div>
      </main>
      <MobileFooter state={state} />
    </>
  );
}

/** The page frame: notifications, the header (brand, countdown, progress), the step region and the order summary column, in the shell's scope. */
export function App({ scope, ...rest }: AppProps) {
  return (
    <Provider value={scope}>
      <Frame {...rest} />
    </Provider>
  );
}
