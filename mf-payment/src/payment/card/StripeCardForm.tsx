import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { loadStripe, type StripeCardElement } from '@stripe/stripe-js';
import * as messages from '@checkout/shared/messages/payment';
import { AlertBox, Button, Spinner } from '@checkout/shared/ui';
import { copy } from '../copy';
import { payClicked } from '../model';
import { setStripeConfirm } from './model';

/**
 * The card form with real Stripe keys: Stripe Elements (loaded only here, its own chunk), themed after the user's
 * dark-mode preference. The PaymentIntent comes from get_token; 3-D Secure is Stripe's own modal.
 */
export default function StripeCardForm({
  publishableKey,
  dark,
  paying,
  payLabel,
}: {
  publishableKey: string;
  dark: boolean;
  paying: boolean;
  payLabel: string;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const pay = useUnit(payClicked);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mount.current) return;
        const elements = stripe.elements({ appearance: { theme: dark ? 'night' : 'stripe' } });
        const element = elements.create('card', { hidePostalCode: false });
        card = element;
        element.mount(mount.current);
        element.on('ready', () => setReady(true));
        setStripeConfirm(async (clientSecret) => {
          const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element } });
          if (result.error) return { kind: 'refused', message: result.error.message ?? messages.stripeRedirectFailed };
          return result.paymentIntent?.status === 'succeeded'
            ? { kind: 'succeeded' }
            : { kind: 'refused', message: messages.stripeRedirectFailed };
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      setStripeConfirm(null);
      card?.destroy();
    };
  }, [publishableKey, dark]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay('card');
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={copy.payment.card}>
      <fieldset>
        <legend>{copy.card.cardLegend}</legend>
        {failed ? <AlertBox type="error">{copy.card.stripeLoadFailed}</AlertBox> : null}
        {!ready && !failed ? <Spinner label={copy.square.loading} /> : null}
        <div ref={mount} />
      </fieldset>
      <div className="actions">
        <Button data-primary-action="" type="submit" loading={paying} disabled={!ready}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
