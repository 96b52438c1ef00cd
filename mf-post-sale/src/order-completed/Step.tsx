import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { moreEvents, type StepProps } from '@checkout/shared';
import { depsOf } from '@checkout/shared/parcel';
import { $view, historyPopped, orderCompletedStarted, viewChosen } from './model';
import { Overview } from './ui/Overview';
import { TransferView } from './ui/TransferView';
import { FindAPlaceView } from './ui/FindAPlaceView';
import { MoreEvents } from './ui/MoreEvents';
import { copy } from './copy';
import './order-completed.css';
import { useEffectWhen } from '@checkout/shared/ui';

/**
 * Order completed: the overview, the transfer_tickets and find-a-place views (each with a Back link), and the
 * 'Browse more events' block of the organisers' other events below whichever view shows.
 */
export function OrderCompletedStep(props: StepProps) {
  const checkout = useUnit(props.stores.$checkout);
  const { view, started, choose, popped } = useUnit({
    view: $view,
    started: orderCompletedStarted,
    choose: viewChosen,
    popped: historyPopped,
  });

  // The browser's Back and Forward move between the overview and the views opened here (model: viewEntryFx).
  useEffect(() => {
    const listener = (event: PopStateEvent) => popped(event.state);
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, [popped]);

  useEffectWhen([checkout?.sale_reference], () => {
    started({ deps: depsOf(props), saleReference: checkout?.sale_reference ?? null, tickets: checkout?.tickets ?? [] });
  });

  return (
    <div className="order-completed stack">
      {view !== 'overview' ? (
        <p className="order-completed__back">
          <a
            href="#order-completed"
            onClick={(event) => {
              event.preventDefault();
              choose('overview');
            }}
          >
            <span aria-hidden="true">← </span>
            {copy.back}
          </a>
        </p>
      ) : null}
      {view === 'overview' ? (
        <Overview {...props} />
      ) : view === 'transfer_tickets' ? (
        <TransferView />
      ) : (
        <FindAPlaceView {...props} />
      )}
      <MoreEvents events={moreEvents(checkout?.organisers ?? [])} />
    </div>
  );
}
