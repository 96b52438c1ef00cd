import { depsOf } from '@checkout/shared/parcel';
import { useUnit } from 'effector-react';
import { type StepProps } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery';
import { AlertBox, Spinner, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { $error, $progress, deliveryStarted, deliveryStopped, type DeliveryProgress } from './model';
import { purchaseTracking } from './purchase';
import '../payment.css';

const ORDER: readonly DeliveryProgress[] = ['payment_complete', 'to_wallet', 'to_email', 'delivered'];

/** How the buyer paid, for the words of the first line: a plan's first payment, a £0 claim or a payment. */
type Paid = 'plan' | 'free' | 'paid';

function textOf(step: DeliveryProgress, paid: Paid): string {
  const d = copy;
  const plan = paid === 'plan';
  switch (step) {
    case 'payment_complete':
      return plan ? d.planPaymentComplete : paid === 'free' ? messages.freeTicketsClaimed : d.paymentComplete;
    case 'to_wallet':
      return plan ? d.planToWallet : d.toWallet;
    case 'to_email':
      return d.toEmail;
    case 'delivered':
      return plan ? d.planDelivered : d.delivered;
  }
}

/** Delivery: tickets to the wallet, the wallet to email, then the next step. */
export function DeliveryStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const user = useUnit(props.stores.$user);
  const m = useUnit({ progress: $progress, error: $error, started: deliveryStarted, stopped: deliveryStopped });
  const paid: Paid = checkout?.payment_plan_remaining ? 'plan' : checkout?.basket_total === 0 ? 'free' : 'paid';

  useMountEffect(() => {
    m.started({
      deps: depsOf(props),
      hasUser: user !== null,
      tracking: checkout ? purchaseTracking(checkout) : null,
    });
    return () => m.stopped();
  });

  const reached = ORDER.indexOf(m.progress);
  // Each line once: the steps already done in the list, the current one in the status below it.
  return (
    <section className="card stack payment" aria-labelledby="delivery-title">
      <h1 id="delivery-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {reached > 0 ? (
        <ol className="progress" aria-label={copy.title}>
          {ORDER.slice(0, reached).map((step) => (
            <li key={step} className="progress__done">
              {textOf(step, paid)}
            </li>
          ))}
        </ol>
      ) : null}
      {m.error ? (
        <AlertBox type="error">{m.error}</AlertBox>
      ) : m.progress === 'delivered' ? (
        <p role="status">{textOf('delivered', paid)}</p>
      ) : (
        <Spinner label={textOf(m.progress, paid)} />
      )}
    </section>
  );
}
