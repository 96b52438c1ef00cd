import { useUnit } from 'effector-react';
import { isTransferAllowed, orderCompletedTiles, type StepProps } from '@checkout/shared';
import { Button, useFocusOnArrival } from '@checkout/shared/ui';
import { copy } from '../copy';
import { $referralLink, $simpleInfo, $subscribedHere, $transferred, subscribeClicked } from '../model';
import { Tiles } from './Tiles';

/** The overview: the green tick, the reference, the normal or payment-plan texts, the subscribe link, the tiles. */
export function Overview({ stores }: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(stores.$checkout);
  const user = useUnit(stores.$user);
  const m = useUnit({
    info: $simpleInfo,
    link: $referralLink,
    subscribedHere: $subscribedHere,
    transferred: $transferred,
    subscribe: subscribeClicked,
  });
  const tickets = checkout?.tickets ?? [];
  const events = checkout?.events ?? [];
  const plan = checkout?.payment_plan_remaining ?? false;
  const reference = m.info?.sale_reference || checkout?.sale_reference || '';
  // Subscribed on the account, by a guest's choice on the preferences step (the checkout says), or just now.
  const subscribed =
    (user?.is_event_subscribed ?? false) ||
    (checkout?.marketing_preferences.event_subscribed ?? false) ||
    m.subscribedHere;
  const tiles = orderCompletedTiles({
    events,
    hasTickets: tickets.length > 0,
    // The server says whether a transfer can succeed (tickets issued, not all seated, no plan outstanding).
    transferAllowed: (checkout?.can_transfer ?? false) && isTransferAllowed(tickets, m.transferred),
    referralLink: m.link,
  });

  return (
    <section className="card stack order-completed__overview" aria-labelledby="order-completed-title">
      <div className="order-completed__tick" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="64" height="64" focusable="false">
          <circle cx="24" cy="24" r="24" />
          <path d="M14 25l7 7 14-15" />
        </svg>
      </div>
      <h1 id="order-completed-title" ref={heading} tabIndex={-1} className="step-heading">
        {plan ? copy.planComplete : copy.complete}
      </h1>
      {reference ? (
        // The reference in one piece: it is read out and typed back, so it never breaks at its hyphen.
        <p className="order-completed__reference">
          {copy.referenceLead} <span className="order-completed__reference-code">{reference}</span>
        </p>
      ) : null}
      {plan ? (
        <ul className="order-completed__plan">
          {copy.planInfo.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>
          {copy.walletCopySent(m.info?.sale_email || null)}
          {!subscribed ? (
            <>
              {' '}
              <Button variant="link" onClick={() => m.subscribe()}>
                {copy.subscribe}
              </Button>
            </>
          ) : null}
        </p>
      )}
      <Tiles
        tiles={tiles}
        events={events}
        plan={plan ? { lastDue: checkout?.payment_plan_last_due_text ?? null } : null}
      />
    </section>
  );
}
