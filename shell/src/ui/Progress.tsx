import { type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { cx } from '@checkout/shared/ui';
import { stageStatuses, type Stage } from './progress';

const LABEL: Record<Stage, string> = {
  basket: messages.stageBasket,
  details: messages.stageDetails,
  payment: messages.stagePayment,
  tickets: messages.stageTickets,
};

/**
 * Where the buyer is: Basket · Details · Payment · Tickets, the current stage marked with aria-current="step". Shown
 * from the first paint (no stage is current while the checkout is determined), so the header never changes height.
 */
export function Progress({ state }: { state: CheckoutState }) {
  return (
    <ol className="checkout-progress" aria-label={messages.checkoutProgress}>
      {stageStatuses(state).map(({ stage, status }, index) => (
        <li
          key={stage}
          className={cx('checkout-progress__stage', `checkout-progress__stage--${status}`)}
          aria-current={status === 'current' ? 'step' : undefined}
        >
          <span className="checkout-progress__marker" aria-hidden="true">
            {status === 'done' ? '✓' : index + 1}
          </span>
          <span className="checkout-progress__label">{LABEL[stage]}</span>
        </li>
      ))}
    </ol>
  );
}
