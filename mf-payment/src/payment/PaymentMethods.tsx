import { lazy, Suspense } from 'react';
import { useUnit } from 'effector-react';
import { type Checkout, type PaymentMethod, type StepProps, type User } from '@checkout/shared';
import { Button, pageIsDark, Spinner, TextField } from '@checkout/shared/ui';
import { copy } from './copy';
import { SandboxCardForm } from './card/SandboxCardForm';
import { ExpressAccount } from './express/ExpressAccount';
import { InstalmentPanel } from './instalments/InstalmentPanel';
import {
  $bankPreparing,
  $contact,
  $contactError,
  $method,
  $paying,
  contactChanged,
  methodChosen,
  payClicked,
} from './model';
import { savedCardsOf } from './saved-cards';
import { SquareCardPanel } from './square/SquareCardPanel';

const StripeCardForm = lazy(() => import(/* webpackChunkName: "stripe-card" */ './card/StripeCardForm'));

const METHOD_LABEL: Record<PaymentMethod, string> = {
  bank_transfer: copy.payment.bankTransfer,
  card: copy.payment.card,
  square: copy.payment.card,
  instalment: copy.payment.instalments,
};

export const CONTACT_FIELD_ID = 'contact-number';

/** The contact number the organisers ask for, when the express account form does not take it. */
function ContactNumberField() {
  const m = useUnit({ contact: $contact, contactError: $contactError, contactChanged });
  return (
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
  );
}

function MethodChoice({ methods }: { methods: readonly PaymentMethod[] }) {
  const m = useUnit({ method: $method, paying: $paying, bankPreparing: $bankPreparing, chosen: methodChosen });
  return (
    <fieldset>
      <legend>{copy.payment.chooseMethod}</legend>
      <div className="methods">
        {methods.map((item) => (
          <Button
            key={item}
            variant="secondary"
            className="method"
            aria-pressed={m.method === item}
            disabled={m.paying || (item === 'bank_transfer' && m.bankPreparing)}
            onClick={() => m.chosen(item)}
          >
            {METHOD_LABEL[item]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

interface ChosenMethodProps {
  checkout: Checkout;
  user: User | null;
  config: StepProps['config'];
  cardProvider: 'stripe' | 'square';
  payLabel: string;
}

/** The chosen method's form. */
function ChosenMethod({ checkout, user, config, cardProvider, payLabel }: ChosenMethodProps) {
  const m = useUnit({ method: $method, paying: $paying, pay: payClicked });
  const method = m.method;
  return (
    <>
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
          {config.stripePublishableKey ? (
            <Suspense fallback={<Spinner label={copy.square.loading} />}>
              <StripeCardForm
                publishableKey={config.stripePublishableKey}
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
            currencySymbol={checkout.currency.symbol}
          />
        </section>
      ) : null}
    </>
  );
}

export interface PaymentMethodsProps extends ChosenMethodProps {
  methods: readonly PaymentMethod[];
}

/** The ways of paying offered, and the chosen one's form (with the express account and contact number first). */
export function PaymentMethods({ methods, ...chosen }: PaymentMethodsProps) {
  const { checkout } = chosen;
  return (
    <>
      {checkout.express ? (
        <ExpressAccount
          requirePhone={checkout.has_require_phone_number}
          organisers={checkout.marketing_preferences.basket_organisers}
        />
      ) : null}
      {checkout.has_require_phone_number && !checkout.express ? <ContactNumberField /> : null}
      <MethodChoice methods={methods} />
      <ChosenMethod {...chosen} />
    </>
  );
}
