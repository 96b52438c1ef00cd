import { depsOf } from '@checkout/shared/parcel';
import { useRef, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import {
  basketProvider,
  formatMoney,
  organisersWithoutPayments,
  PAYMENT_METHODS,
  paymentTitle,
  type Checkout,
  type PaymentMethod,
  type StepProps,
  type User,
} from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as paymentMessages from '@checkout/shared/messages/payment';
import { AlertBox, Spinner, useEffectWhen } from '@checkout/shared/ui';
import { copy } from './copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { expressPrefilled } from './express/model';
import { $choice, $contactError, $error, $paying, contextChanged, paymentShown, type PaymentContext } from './model';
import { CONTACT_FIELD_ID, PaymentMethods } from './PaymentMethods';
import { InAppBrowserNotice, isIncompatibleInAppBrowser } from './ui/InAppBrowserNotice';
import '../payment.css';

/**
 * The ways of paying the server takes now. A shell built before the contract carried them drops the field when it
 * reads the checkout: then every method is offered, and the server still refuses one that is off.
 */
export function availableMethodsOf(checkout: Checkout): readonly PaymentMethod[] {
  const value: unknown = (checkout as Partial<Checkout>).available_payment_methods;
  return Array.isArray(value) ? (value as PaymentMethod[]) : PAYMENT_METHODS;
}

export function contextOf(checkout: Checkout, user: User | null): PaymentContext {
  return {
    basketTotal: checkout.basket_total,
    currencyCode: checkout.currency.code,
    express: checkout.express,
    provider: basketProvider(checkout.opoa, checkout.organisers),
    organisersWithoutPayments: organisersWithoutPayments(checkout.organisers),
    planKeys: Object.keys(checkout.payment_plan_schedule_options),
    requirePhone: checkout.has_require_phone_number,
    email: user?.email ?? checkout.init_guest_email,
    availableMethods: availableMethodsOf(checkout),
    paid: checkout.payment_complete,
    billingCountry: checkout.billing_country,
    browserLanguage: typeof navigator === 'undefined' ? null : navigator.language,
  };
}

/** The express form starts from what is known: a signed-in buyer's name and email, the checkout's preferences. */
export function expressPrefill(checkout: Checkout, user: User | null) {
  const preferences = checkout.marketing_preferences;
  return {
    fullname: user?.full_name ?? '',
    email: user?.email ?? checkout.init_guest_email ?? '',
    ct_subscribed: preferences.ct_subscribed,
    organisers: Object.fromEntries(preferences.basket_organisers.map((o) => [String(o.id), o.organiser_subscribed])),
  };
}

/** Tells the model the step is shown, and again whenever what it was told of the checkout changes. */
function usePaymentContext(props: StepProps, checkout: Checkout | null, user: User | null) {
  const m = useUnit({ shown: paymentShown, contextChanged, prefill: expressPrefilled });
  useEffectWhen([checkout === null], () => {
    if (!checkout) return;
    m.shown({ deps: depsOf(props), context: contextOf(checkout, user) });
    if (checkout.express) m.prefill(expressPrefill(checkout, user));
  });
  const context = checkout ? contextOf(checkout, user) : null;
  const contextKey = JSON.stringify(context);
  const mounted = useRef(false);
  useEffectWhen([contextKey], () => {
    if (!context) return;
    if (mounted.current) m.contextChanged(context);
    mounted.current = true;
  });
}

/**
 * A payment that failed says why where the buyer is looking: the error box takes focus, which brings it into view
 * (on a phone it is above the form the buyer just pressed Pay in). Returns the error box's ref.
 */
function useFocusOnProblems(error: string | null, contactError: string | null) {
  const errorBox = useRef<HTMLDivElement>(null);
  useEffectWhen([error], () => {
    if (error) errorBox.current?.focus();
  });
  // A contact number refused on Pay: its field, above the payment form, takes focus the same way.
  useEffectWhen([contactError], () => {
    if (contactError) document.getElementById(CONTACT_FIELD_ID)?.focus();
  });
  return errorBox;
}

/** Payment: the method choice and the chosen method's form. */
export function PaymentStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const user = useUnit(props.stores.$user);
  const m = useUnit({ choice: $choice, paying: $paying, error: $error, contactError: $contactError });
  usePaymentContext(props, checkout, user);
  const errorBox = useFocusOnProblems(m.error, m.contactError);

  if (!checkout || !m.choice) {
    // The heading is there from the first render: it takes focus on arrival (useFocusOnArrival runs once).
    return (
      <section className="card stack payment" aria-labelledby="payment-title">
        <h1 id="payment-title" ref={heading} tabIndex={-1} className="step-heading">
          {paymentTitle({
            freeClaim: checkout?.basket_total === 0,
            paying: false,
            express: checkout?.express ?? false,
          })}
        </h1>
        <Spinner label={copy.payment.loadingMethods} />
      </section>
    );
  }

  const payLabel = copy.payment.payAmount(formatMoney(checkout.basket_total, checkout.currency.symbol));
  const freeClaim = m.choice.kind === 'free_claim';
  const title = paymentTitle({ freeClaim, paying: m.paying, express: checkout.express });

  let body: ReactNode;
  if (m.choice.kind === 'free_claim') {
    body = m.error ? null : <Spinner label={paymentMessages.freeTicketsBeingClaimed} />;
  } else if (m.choice.kind === 'no_integration') {
    body = <AlertBox type="error">{commonMessages.noPaymentIntegration(m.choice.organiserNames)}</AlertBox>;
  } else if (m.choice.kind === 'no_methods') {
    body = <AlertBox type="error">{paymentMessages.noPaymentMethodAvailable}</AlertBox>;
  } else {
    body = (
      <PaymentMethods
        methods={m.choice.methods}
        cardProvider={m.choice.cardProvider}
        checkout={checkout}
        user={user}
        config={props.config}
        payLabel={payLabel}
      />
    );
  }

  return (
    <section className="card stack payment" aria-labelledby="payment-title">
      <h1 id="payment-title" ref={heading} tabIndex={-1} className="step-heading">
        {title}
      </h1>
      <InAppBrowserNotice incompatible={isIncompatibleInAppBrowser(navigator.userAgent)} url={window.location.href} />
      {m.error ? (
        <div ref={errorBox} tabIndex={-1} className="payment__error">
          <AlertBox type="error" title={copy.payment.paymentErrorTitle}>
            {m.error}
          </AlertBox>
        </div>
      ) : null}
      {body}
    </section>
  );
}
