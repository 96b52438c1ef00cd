import { useState } from 'react';
import { canEditBasket, formatCount, formatMoney, type Checkout } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/order-summary';
import { useUnit } from 'effector-react';
import { Button, EditBasketLink, Modal, OrderSummary, OrderSummaryTotal, PriceBreakdown } from '@checkout/shared/ui';
import { $checkout, $state, $user, destroySaleFx, editBasket } from '../model';
import './order-summary.css';

const itemCount = (checkout: Checkout) =>
  checkout.tickets.reduce((sum, line) => sum + line.qty, 0) +
  checkout.gift_vouchers.reduce((sum, line) => sum + line.qty, 0);

/** The basket's refund policies, each once (the order summary's refund policy modal). */
function RefundPolicyLink({ checkout }: { checkout: Checkout }) {
  const [open, setOpen] = useState(false);
  const withPolicy = checkout.tickets.flatMap((line) =>
    line.refund_policy ? [{ line, policy: line.refund_policy }] : [],
  );
  const policies = [
    ...new Map(withPolicy.map((entry) => [`${entry.policy.title}\n${entry.policy.text}`, entry])).values(),
  ];
  if (policies.length === 0) return null;
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        {messages.refundPolicy}
      </Button>
      <Modal
        title={messages.refundPolicy}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {messages.close}
          </Button>
        }
      >
        {policies.map(({ line, policy }) => (
          <section key={line.ticket_id} className="refund-policy">
            <h3>{policy.title}</h3>
            <p>{policy.text}</p>
            <p className="refund-policy__ticket">
              {line.ticket_name}: {policy.description}
            </p>
          </section>
        ))}
      </Modal>
    </>
  );
}

/**
 * The order summary every step shows, beside the step from 768px and below it on phones: the server's
 * price breakdown, one row per component of the total, the total the payment charges, the refund policy, and from
 * the login step on the 'Edit basket' link. On a phone it folds into the expandable basket: its quantity badge,
 * a tick badge once paid, and the total, opening to the rows.
 */
export function OrderSummaryColumn() {
  const [checkout, state, user, edit, editing] = useUnit([$checkout, $state, $user, editBasket, destroySaleFx.pending]);
  const signedIn = user !== null;
  const [expanded, setExpanded] = useState(false);
  if (!checkout || (checkout.tickets.length === 0 && checkout.gift_vouchers.length === 0)) return null;
  const symbol = checkout.currency.symbol;
  const count = itemCount(checkout);
  return (
    <div className={expanded ? 'phone-basket phone-basket--open' : 'phone-basket'}>
      <button
        type="button"
        className="phone-basket__toggle"
        aria-expanded={expanded}
        aria-controls="order-summary-body"
        onClick={() => setExpanded((open) => !open)}
      >
        <span className="phone-basket__label">
          {messages.phoneBasket}
          <span className="badge">
            <span aria-hidden="true">{formatCount(count)}</span>
            <span className="sr-only">{messages.itemsInBasket(count)}</span>
          </span>
          {checkout.payment_complete ? (
            <span className="badge badge--success">
              <span aria-hidden="true">✓</span>
              <span className="sr-only">{messages.orderPaid}</span>
            </span>
          ) : null}
        </span>
        <span className="phone-basket__total">{formatMoney(checkout.basket_total, symbol)}</span>
      </button>
      <div id="order-summary-body" className="phone-basket__body">
        <OrderSummary
          title={messages.orderSummary}
          className="card"
          footer={
            <>
              <RefundPolicyLink checkout={checkout} />
              {canEditBasket(state) && !checkout.payment_complete ? (
                <EditBasketLink
                  express={checkout.express}
                  onConfirm={edit}
                  busy={editing}
                  keepsIdentity={checkout.proven_guest !== null || signedIn}
                />
              ) : null}
            </>
          }
        >
          <PriceBreakdown rows={checkout.price_breakdown} currencySymbol={symbol} />
          <OrderSummaryTotal label={messages.total} amount={checkout.basket_total} currencySymbol={symbol} />
        </OrderSummary>
      </div>
    </div>
  );
}
