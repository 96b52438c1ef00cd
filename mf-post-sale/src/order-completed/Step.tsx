import { useUnit } from 'effector-react';
import { moreEvents, type StepProps } from '@checkout/shared';
import { depsOf } from '@checkout/shared/parcel';
import { $view, orderCompletedStarted, viewChosen } from './model';
import { Overview } from './ui/Overview';
import { TransferView } from './ui/TransferView';
import { FindAPlaceView } from './ui/FindAPlaceView';
import { MoreEvents } from './ui/MoreEvents';
import { copy } from './copy';
import './order-completed.css';
import { useEffectWhen } from '@checkout/shared/ui';

/**
 * Order completed (spec 2): the overview, the transfer_tickets and find-a-place views (each with a Back link), and the
 * 'Browse more events' block of the organisers' other events below whichever view shows.
 */
export function OrderCompletedStep(props: StepProps) {
  const checkout = useUnit(props.stores.$checkout);
  const { view, started, choose } = useUnit({ view: $view, started: orderCompletedStarted, choose: viewChosen });

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
