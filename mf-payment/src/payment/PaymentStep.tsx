import { depsOf } from '@checkout/shared/parcel';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import {
  basketProvider,
  formatMoney,
  organisersWithoutPayments,
  PAYMENT_METHODS,
  paymentTitle,
  type Checkout,
  type PaymentMethod,
  type SavedPaymentMethod,
  type StepProps,
  type User,
} from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as paymentMessages from '@checkout/shared/messages/payment';
import { AlertBox, Button, pageIsDark, Spinner, useEffectWhen } from '@checkout/shared/ui';
import { copy } from '../copy';
import { TextField } from '@checkout/shared/ui';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { SandboxCardForm } from './card/SandboxCardForm';
import { ExpressAccount } from './express/ExpressAccount';
import { expressPrefilled } from './express/model';
import { InstalmentPanel } from './instalments/InstalmentPanel';
import {
  $bankPreparing,
  $choice,
  $claiming,
  $contact,
  $contactError,
  $error,
  $method,
  $paying,
  contactChanged,
  contextChanged,
  methodChosen,
  payClicked,
  paymentShown,
  type PaymentContext,
} from './model';
import { SquareCardPanel } from './square/SquareCardPanel';
import { squarePayClicked } from './square/model';
import { InAppBrowserNotice, isIncompatibleInAppBrowser } from './ui/InAppBrowserNotice';
import '../payment.css';

const StripeCardForm = lazy(() => import(/* webpackChunkName: "stripe-card" */ './card/StripeCardForm'));

/** Saved cards for instalments (protocol: checkout.saved_payment_methods, [] until the contract carries it). */
export function savedCardsOf(checkout: Checkout): SavedPaymentMethod[] {
  const value: unknown = (checkout as Checkout & { saved_payment_methods?: unknown }).saved_payment_methods;
  return Array.isArray(value) ? (value as SavedPaymentMethod[]) : [];
}

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

const METHOD_LABEL: Record<PaymentMethod, string> = {
  bank_transfer: copy.payment.bankTransfer,
  card: copy.payment.card,
  square: copy.payment.card,
  instalment: copy.payment.instalments,
};

const CONTACT_FIELD_ID = 'contact-number';

/** Payment: the method choice and the chosen method's form. */
export function PaymentStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const user = useUnit(props.stores.$user);
  const m = useUnit({
    choice: $choice,
    method: $method,
    paying: $paying,
    claiming: $claiming,
    error: $error,
    contact: $contact,
    contactError: $contactError,
    bankPreparing: $bankPreparing,
    shown: paymentShown,
    contextChanged,
    chosen: methodChosen,
    contactChanged,
    pay: payClicked,
    prefill: expressPrefilled,
    squarePay: squarePayClicked,
  });

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
  // A payment that failed says why where the buyer is looking: the error box takes focus, which brings it into view
  // (on a phone it is above the form the buyer just pressed Pay in).
  const errorBox = useRef<HTMLDivElement>(null);
  useEffectWhen([m.error], () => {
    if (m.error) errorBox.current?.focus();
  });
  // A contact number refused on Pay: its field, above the payment form, takes focus the same way.
  useEffectWhen([m.contactError], () => {
    if (m.contactError) document.getElementById(CONTACT_FIELD_ID)?.focus();
  });

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

  const symbol = checkout.currency.symbol;
  const total = formatMoney(checkout.basket_total, symbol);
  const payLabel = copy.payment.payAmount(total);
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
    const { methods, cardProvider } = m.choice;
    const method = m.method;
    body = (
      <>
        {checkout.express ? (
          <ExpressAccount
            requirePhone={checkout.has_require_phone_number}
            organisers={checkout.marketing_preferences.basket_organisers}
          />
        ) : null}
        {checkout.has_require_phone_number && !checkout.express ? (
          <fieldset>
            <legend>{copy.payment.contactLegend}</legend>
            <TextField
              id={CONTACT_FIELD_ID}
              label={copy.payment.contactNumber}
              type="tel"
              autoComplete="tel"
              value={m.contact}
              onValue={m.contactChanged}
              error={m.contactError}
            />
          </fieldset>
        ) : null}
        <fieldset>
          <legend>{copy.payment.chooseMethod}</legend>
          <div className="methods">
            {methods.map((item) => (
              <Button
                key={item}
                variant="secondary"
                className="method"
                aria-pressed={method === item}
                disabled={m.paying || (item === 'bank_transfer' && m.bankPreparing)}
                onClick={() => m.chosen(item)}
              >
                {METHOD_LABEL[item]}
              </Button>
            ))}
          </div>
        </fieldset>
        {method === 'bank_transfer' ? (
          <section className="panel" aria-label={copy.payment.bankTransfer}>
            <p>{copy.payment.bankIntro}</p>
            <div className="actions">
              <Button data-primary-action="" loading={m.paying} onClick={() => m.pay('bank_transfer')}>
                {payLabel}
              </Button>
            </div>
          </section>
        ) : null}
        {method === 'card' && cardProvider === 'stripe' ? (
          <section className="panel" aria-label={copy.payment.card}>
            {props.config.stripePublishableKey ? (
              <Suspense fallback={<Spinner label={copy.square.loading} />}>
                <StripeCardForm
                  publishableKey={props.config.stripePublishableKey}
                  dark={pageIsDark(user?.is_dark_mode)}
                  paying={m.paying}
                  payLabel={payLabel}
                />
              </Suspense>
            ) : (
              <SandboxCardForm paying={m.paying} payLabel={payLabel} />
            )}
          </section>
        ) : null}
        {method === 'square' || (method === 'card' && cardProvider === 'square') ? (
          <section className="panel" aria-label={copy.payment.card}>
            <SquareCardPanel paying={m.paying} payLabel={payLabel} />
          </section>
        ) : null}
        {method === 'instalment' ? (
          <section className="panel" aria-label={copy.instalments.legend}>
            <InstalmentPanel
              options={checkout.payment_plan_schedule_options}
              savedCards={savedCardsOf(checkout)}
              cardholder={user?.full_name ?? ''}
              currencySymbol={symbol}
            />
          </section>
        ) : null}
      </>
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
