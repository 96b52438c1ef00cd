import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import {
  namesList,
  organisersWithoutPayments,
  refundProtectionOffer,
  type Checkout,
  type StepProps,
  type User,
} from '@checkout/shared';
import * as basketMessages from '@checkout/shared/messages/basket';
import * as commonMessages from '@checkout/shared/messages/common';
import { AlertBox, Button, Spinner } from '@checkout/shared/ui';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { lineKey, ticketRef, voucherRef } from './lines';
import {
  $drafts,
  $lineWarnings,
  $missingCompanions,
  $refundProtectionDraft,
  $removing,
  $reserveBlock,
  $reserving,
  checkoutShown,
  quantityChanged,
  refundProtectionChosen,
  removeClicked,
  reserveClicked,
  shellUpdatingChanged,
} from './model';
import { isBelowMinimum } from './quantity';
import { depsReceived } from '@checkout/shared/parcel';
import { BasketLine } from './ui/BasketLine';
import { BasketNotes } from './ui/BasketNotes';
import { BasketTotals } from './ui/BasketTotals';
import { CodeBox } from './ui/CodeBox';
import { ContinueShopping } from './ui/ContinueShopping';
import { EmptyBasket } from './ui/EmptyBasket';
import { RefundProtectionOffer } from './ui/RefundProtectionOffer';
import { RequiredTickets } from './ui/RequiredTickets';
import '../ui/step.css';
import './basket.css';

/**
 * The basket step: what is in it, quantities, remove, refund protection, codes, totals,
 * 'Reserve Basket' and more events from the same organisers.
 */
export function BasketStep(props: StepProps) {
  const { checkout, user, expired, shellUpdating } = useUnit({
    checkout: props.stores.$checkout,
    user: props.stores.$user,
    expired: props.stores.$expired,
    shellUpdating: props.stores.$updatingBasket,
  });
  const onDeps = useUnit(depsReceived);
  const onCheckout = useUnit(checkoutShown);
  const onShellUpdating = useUnit(shellUpdatingChanged);
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { api, commands, config } = props;
  useEffect(() => {
    onDeps({ api, commands, config });
  }, [onDeps, api, commands, config]);
  useEffect(() => {
    if (checkout) onCheckout(checkout);
  }, [onCheckout, checkout]);
  useEffect(() => {
    onShellUpdating(shellUpdating);
  }, [onShellUpdating, shellUpdating]);

  const empty = !checkout || (checkout.tickets.length === 0 && checkout.gift_vouchers.length === 0);
  return (
    <section className="stack basket" aria-labelledby="basket-title">
      <h1 id="basket-title" ref={heading} tabIndex={-1} className="step-heading">
        Basket
      </h1>
      {checkout ? <BasketNotes checkout={checkout} expired={expired} /> : null}
      {!checkout ? (
        <Spinner label={commonMessages.determiningProgress} />
      ) : empty ? (
        <EmptyBasket user={user} />
      ) : (
        <FilledBasket checkout={checkout} user={user} />
      )}
    </section>
  );
}

/**
 * What one ticket costs the buyer, as the order summary's row says: a fee the organiser absorbs or the event hides is
 * inside the price (the server sends `price` net of it), so the line does not show less than the summary beside it.
 */
const unitCost = (ticket: Checkout['tickets'][number]): number =>
  ticket.absorb_fee || ticket.event_hide_booking_fee
    ? Math.round((ticket.price + ticket.booking_fee) * 100) / 100
    : ticket.price;

/** A line's quantity: the one being typed, else the server's. */
function useQtyOf() {
  const drafts = useUnit($drafts);
  return (key: string, serverQty: number) => drafts[key]?.qty ?? serverQty;
}

function VoucherLines({ checkout }: { checkout: Checkout }) {
  const m = useUnit({ warnings: $lineWarnings, removing: $removing, quantityChanged, removeClicked });
  const qtyOf = useQtyOf();
  return (
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
              currencySymbol={checkout.currency.symbol}
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
  );
}

function TicketLines({ checkout, user }: { checkout: Checkout; user: User | null }) {
  const m = useUnit({
    warnings: $lineWarnings,
    removing: $removing,
    missingCompanions: $missingCompanions,
    quantityChanged,
    removeClicked,
  });
  const qtyOf = useQtyOf();
  return (
    <section className="stack" aria-labelledby="basket-tickets">
      <h2 id="basket-tickets">Tickets</h2>
      <ul className="basket-lines">
        {checkout.tickets.map((ticket) => {
          const ref = ticketRef(ticket);
          const key = lineKey(ref);
          const qty = qtyOf(key, ticket.qty);
          // A quantity the server holds below the minimum says why reserving is blocked, as a typed one does.
          const warning =
            m.warnings[key] ??
            (isBelowMinimum(qty, ticket) ? basketMessages.minimumPurchase(ticket.min_per_customer) : undefined);
          return (
            <BasketLine
              key={key}
              lineId={`ticket-${ticket.ticket_id}`}
              name={ticket.ticket_name}
              details={
                <>
                  <p className="basket-line__detail">{ticket.event_name}</p>
                  <p className="basket-line__detail">{ticket.nice_date}</p>
                  {ticket.seats.length > 0 ? (
                    <p className="basket-line__detail">Seats: {ticket.seats.join(', ')}</p>
                  ) : null}
                </>
              }
              unitPrice={unitCost(ticket)}
              currencySymbol={checkout.currency.symbol}
              qty={qty}
              canUpdateQuantity={ticket.can_update_quantity}
              max={ticket.max_can_reserve}
              warning={warning}
              removing={!!m.removing[key]}
              onQuantityChange={(requested) => m.quantityChanged({ line: ref, requested, limits: ticket })}
              onRemove={() => m.removeClicked(ref)}
            />
          );
        })}
      </ul>
      <RequiredTickets titles={m.missingCompanions} guest={user === null} />
    </section>
  );
}

function FilledBasket({ checkout, user }: { checkout: Checkout; user: User | null }) {
  const m = useUnit({
    reserving: $reserving,
    block: $reserveBlock,
    refundProtectionDraft: $refundProtectionDraft,
    refundProtectionChosen,
    reserveClicked,
  });
  const symbol = checkout.currency.symbol;
  const offer = refundProtectionOffer(checkout);

  return (
    <>
      {checkout.gift_vouchers.length > 0 ? <VoucherLines checkout={checkout} /> : null}
      {checkout.tickets.length > 0 ? <TicketLines checkout={checkout} user={user} /> : null}
      {offer ? (
        <RefundProtectionOffer
          offer={offer}
          draft={m.refundProtectionDraft}
          currencySymbol={symbol}
          onChoose={m.refundProtectionChosen}
        />
      ) : null}
      <CodeBox applied={checkout.applied_codes} currencySymbol={symbol} />
      <BasketTotals checkout={checkout} />
      {m.block === 'noPaymentIntegration' ? (
        <AlertBox type="error">
          {commonMessages.noPaymentIntegration(namesList(organisersWithoutPayments(checkout.organisers)))}
        </AlertBox>
      ) : null}
      <div className="basket-actions">
        <Button
          data-primary-action=""
          loading={m.reserving}
          disabled={m.block !== null}
          onClick={() => m.reserveClicked()}
        >
          Reserve Basket
        </Button>
      </div>
      <ContinueShopping organisers={checkout.organisers} />
    </>
  );
}
