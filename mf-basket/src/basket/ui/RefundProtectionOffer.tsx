import { formatMoney, type RefundProtectionOffer as Offer } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';

export interface RefundProtectionOfferProps {
  offer: Offer;
  /** The buyer's choice not yet replaced by a reloaded checkout; null shows the server's. */
  draft: boolean | null;
  currencySymbol: string;
  onChoose: (chosen: boolean) => void;
}

/**
 * The refund protection offer: cover for the whole booking cost at a stated fee, yes or
 * no, and the basket's events it cannot cover listed as not covered.
 */
export function RefundProtectionOffer({ offer, draft, currencySymbol, onChoose }: RefundProtectionOfferProps) {
  const chosen = draft ?? offer.chosen;
  const cost = formatMoney(offer.cost, currencySymbol);
  return (
    <section className="card stack refund-protection" aria-labelledby="refund-protection-title">
      <h2 id="refund-protection-title">Refund protection</h2>
      <p id="refund-protection-what">
        Get the whole cost of your booking back if you cannot attend for a covered reason, such as illness, injury or
        travel disruption. A change of mind is not covered, and booking fees are generally non-refundable.{' '}
        <a href="/refund-policy/">Refund policy</a>
      </p>
      <fieldset className="choices" aria-describedby="refund-protection-what">
        <legend>Protect your booking for {cost}?</legend>
        <label className="choice">
          <input type="radio" name="refund-protection" value="yes" checked={chosen} onChange={() => onChoose(true)} />
          <span>Yes, protect my booking for {cost}</span>
        </label>
        <label className="choice">
          <input type="radio" name="refund-protection" value="no" checked={!chosen} onChange={() => onChoose(false)} />
          <span>No, I don’t want refund protection</span>
        </label>
      </fieldset>
      {offer.notCovered.length > 0 ? (
        <div>
          <h3 id="refund-protection-not-covered" className="refund-protection__not-covered">
            {messages.refundProtectionNotCovered}
          </h3>
          <ul aria-labelledby="refund-protection-not-covered">
            {offer.notCovered.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
