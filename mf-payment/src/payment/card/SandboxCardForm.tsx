import type { FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { Button } from '@checkout/shared/ui';
import { copy } from '../copy';
import { TextField } from '@checkout/shared/ui';
import { focusFirstError } from '@checkout/shared/ui';
import { BillingCountryField } from '../ui/BillingCountryField';
import { validateCard, type CardField } from './fields';
import { $card, $cardErrors, cardFieldChanged, cardPayClicked } from './model';

const ORDER: readonly (readonly [CardField, string])[] = [
  ['postcode', 'card-postcode'],
  ['number', 'card-number'],
  ['expiry', 'card-expiry'],
  ['cvc', 'card-cvc'],
];

/** The offline sandbox card form (no Stripe key configured): Billing + Card details, plain labelled fields. */
export function SandboxCardForm({ paying, payLabel }: { paying: boolean; payLabel: string }) {
  const m = useUnit({ card: $card, errors: $cardErrors, changed: cardFieldChanged, pay: cardPayClicked });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateCard(m.card);
    m.pay();
    focusFirstError(errors, ORDER);
  };
  const field = (name: CardField) => ({
    value: m.card[name],
    onValue: (value: string) => m.changed({ field: name, value }),
    error: m.errors[name] ?? null,
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={copy.payment.card}>
      <fieldset>
        <legend>{copy.card.billingLegend}</legend>
        <BillingCountryField
          id="card-country"
          value={m.card.country}
          onValue={(value) => m.changed({ field: 'country', value })}
        />
        <TextField id="card-postcode" label={copy.card.postcode} autoComplete="postal-code" {...field('postcode')} />
      </fieldset>
      <fieldset>
        <legend>{copy.card.cardLegend}</legend>
        <p className="field__hint">{copy.card.sandboxNote}</p>
        <TextField
          id="card-number"
          label={copy.card.number}
          inputMode="numeric"
          autoComplete="cc-number"
          {...field('number')}
        />
        <div className="fields-row">
          <TextField
            id="card-expiry"
            label={copy.card.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...field('expiry')}
          />
          <TextField id="card-cvc" label={copy.card.cvc} inputMode="numeric" autoComplete="cc-csc" {...field('cvc')} />
        </div>
      </fieldset>
      <div className="actions">
        <Button data-primary-action="" type="submit" loading={paying}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
