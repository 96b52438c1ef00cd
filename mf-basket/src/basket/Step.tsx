import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { messages, type Checkout, type StepProps } from '@checkout/shared';
import { Button, Spinner } from '@checkout/shared/ui';
import { lineKey, ticketRef, voucherRef } from './lines';
import {
  $belowMinimum,
  $drafts,
  $lineWarnings,
  $removing,
  $reserving,
  $updating,
  checkoutShown,
  quantityChanged,
  removeClicked,
  reserveClicked,
} from './model';
import { isBelowMinimum } from './quantity';
import { depsReceived } from './shell-commands';
import { BasketLine } from './ui/BasketLine';
import { BasketNotes } from './ui/BasketNotes';
import { BasketTotals } from './ui/BasketTotals';
import { EmptyBasket } from './ui/EmptyBasket';
import './basket.css';

/** The basket step (spec section 2 'Basket'): what is in it, quantities, remove, totals and 'Reserve Basket'. */
export function BasketStep(props: StepProps) {
  const { checkout, user, shellUpdating } = useUnit({
    checkout: props.stores.$checkout,
    user: props.stores.$user,
    shellUpdating: props.stores.$updatingBasket,
  });
  const onMount = useUnit(depsReceived);
  const onCheckout = useUnit(checkoutShown);
  useEffect(() => {
    onMount({ api: props.api, commands: props.commands });
  }, [onMount, props.api, props.commands]);
  useEffect(() => {
    if (checkout) onCheckout(checkout);
  }, [onCheckout, checkout]);

  const empty = !checkout || (checkout.tickets.length === 0 && checkout.gift_vouchers.length === 0);
  return (
    <section className="stack basket" aria-labelledby="basket-title">
      <h1 id="basket-title">Basket</h1>
      {checkout ? <BasketNotes checkout={checkout} /> : null}
      {!checkout ? (
        <Spinner label={messages.determiningProgress} />
      ) : empty ? (
        <EmptyBasket user={user} />
      ) : (
        <FilledBasket checkout={checkout} shellUpdating={shellUpdating} />
      )}
    </section>
  );
}

function FilledBasket({ checkout, shellUpdating }: { checkout: Checkout; shellUpdating: boolean }) {
  const m = useUnit({
    drafts: $drafts,
    warnings: $lineWarnings,
    removing: $removing,
    reserving: $reserving,
    updating: $updating,
    belowMinimum: $belowMinimum,
    quantityChanged,
    removeClicked,
    reserveClicked,
  });
  const symbol = checkout.currency.symbol;
  const qtyOf = (key: string, serverQty: number) => m.drafts[key]?.qty ?? serverQty;
  // A quantity the server holds below its minimum blocks reserving too, not only one typed here.
  const belowMinimum = m.belowMinimum || checkout.tickets.some((t) => isBelowMinimum(qtyOf(lineKey(ticketRef(t)), t.qty), t));
  const blocked = shellUpdating || m.updating || belowMinimum;

  return (
    <>
      {checkout.gift_vouchers.length > 0 ? (
        <section className="stack" aria-labelledby="basket-vouchers">
          <h2 id="basket-vouchers">Gift vouchers</h2>
          <ul className="basket-lines">
            {checkout.gift_vouchers.map((voucher) => {
              const ref = voucherRef(voucher);
              const key = lineKey(ref);
              return (
                <BasketLine
                  key={key}
                  lineId={`voucher-${voucher.id}-${voucher.value}`.replace('.', '_')}
                  name={voucher.name}
                  details={<p className="basket-line__detail">{voucher.o_name}</p>}
                  unitPrice={voucher.value}
                  currencySymbol={symbol}
                  qty={qtyOf(key, voucher.qty)}
                  canUpdateQuantity
                  warning={m.warnings[key]}
                  removing={!!m.removing[key]}
                  onQuantityChange={(requested) => m.quantityChanged({ line: ref, requested, limits: null })}
                  onRemove={() => m.removeClicked(ref)}
                />
              );
            })}
          </ul>
        </section>
      ) : null}
      {checkout.tickets.length > 0 ? (
        <section className="stack" aria-labelledby="basket-tickets">
          <h2 id="basket-tickets">Tickets</h2>
          <ul className="basket-lines">
            {checkout.tickets.map((ticket) => {
              const ref = ticketRef(ticket);
              const key = lineKey(ref);
              return (
                <BasketLine
                  key={key}
                  lineId={`ticket-${ticket.ticket_id}`}
                  name={ticket.ticket_name}
                  details={
                    <>
                      <p className="basket-line__detail">{ticket.event_name}</p>
                      <p className="basket-line__detail">{ticket.nice_date}</p>
                      {ticket.seats.length > 0 ? <p className="basket-line__detail">Seats: {ticket.seats.join(', ')}</p> : null}
                    </>
                  }
                  unitPrice={ticket.price}
                  currencySymbol={symbol}
                  qty={qtyOf(key, ticket.qty)}
                  canUpdateQuantity={ticket.can_update_quantity}
                  max={ticket.max_can_reserve}
                  warning={m.warnings[key]}
                  removing={!!m.removing[key]}
                  onQuantityChange={(requested) => m.quantityChanged({ line: ref, requested, limits: ticket })}
                  onRemove={() => m.removeClicked(ref)}
                />
              );
            })}
          </ul>
        </section>
      ) : null}
      <BasketTotals checkout={checkout} />
      <div className="basket-actions">
        <Button loading={m.reserving} disabled={blocked} onClick={() => m.reserveClicked()}>
          Reserve Basket
        </Button>
      </div>
    </>
  );
}
