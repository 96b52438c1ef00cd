import { depsOf } from '../shell';
import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { AlertBox, Spinner } from '@checkout/shared/ui';
import { copy } from '../copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { $error, $progress, deliveryStarted, deliveryStopped, type DeliveryProgress } from './model';
import { purchaseTracking } from './purchase';
import '../payment.css';

const ORDER: readonly DeliveryProgress[] = ['payment_complete', 'to_wallet', 'to_email', 'delivered'];

function textOf(step: DeliveryProgress, plan: boolean): string {
  const d = copy.delivery;
  switch (step) {
    case 'payment_complete':
      return plan ? d.planPaymentComplete : d.paymentComplete;
    case 'to_wallet':
      return plan ? d.planToWallet : d.toWallet;
    case 'to_email':
      return d.toEmail;
    case 'delivered':
      return plan ? d.planDelivered : d.delivered;
  }
}

/** Delivery (spec 2 'Delivery', 4 'Delivery'): tickets to the wallet, the wallet to email, then the next step. */
export function DeliveryStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const user = useUnit(props.stores.$user);
  const m = useUnit({ progress: $progress, error: $error, started: deliveryStarted, stopped: deliveryStopped });
  const plan = checkout?.payment_plan_remaining ?? false;

  useEffect(() => {
    m.started({
      deps: depsOf(props),
      hasUser: user !== null,
      tracking: checkout ? purchaseTracking(checkout) : null,
    });
    return () => m.stopped();
  }, []);

  const reached = ORDER.indexOf(m.progress);
  return (
    <section className="card stack payment" aria-labelledby="delivery-title">
      <h1 id="delivery-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.delivery.title}
      </h1>
      <ol className="progress" aria-label={copy.delivery.title}>
        {ORDER.slice(0, reached + 1).map((step, index) => (
          <li key={step} className={index === reached ? 'progress__current' : 'progress__done'} aria-current={index === reached ? 'step' : undefined}>
            {textOf(step, plan)}
          </li>
        ))}
      </ol>
      {m.error ? (
        <AlertBox type="error">{m.error}</AlertBox>
      ) : m.progress === 'delivered' ? (
        <p role="status">{textOf('delivered', plan)}</p>
      ) : (
        <Spinner label={textOf(m.progress, plan)} />
      )}
    </section>
  );
}
