import { type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { Button, Spinner, useMountEffect } from '@checkout/shared/ui';
import { copy } from '../copy';
import { TextField } from '@checkout/shared/ui';
import { focusFirstError } from '@checkout/shared/ui';
import { BillingCountryField } from '../ui/BillingCountryField';
import {
  $billing,
  $billingErrors,
  $squareReady,
  billingChanged,
  squareBillingErrors,
  squarePanelHidden,
  squarePanelShown,
  squarePayClicked,
  SQUARE_CARD_SELECTOR,
  type BillingField,
} from './model';

/** The square-type card panel: Billing address, then Secure Payment (the provider's own card widget draws there). */
export function SquareCardPanel({ paying, payLabel }: { paying: boolean; payLabel: string }) {
  const m = useUnit({
    billing: $billing,
    errors: $billingErrors,
    ready: $squareReady,
    changed: billingChanged,
    pay: squarePayClicked,
    shown: squarePanelShown,
    hidden: squarePanelHidden,
  });
  useMountEffect(() => {
    m.shown();
    return () => m.hidden();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    m.pay();
    focusFirstError(squareBillingErrors(m.billing), [['postcode', 'square-postcode']]);
  };
  const field = (name: BillingField) => ({
    value: m.billing[name],
    onValue: (value: string) => m.changed({ field: name, value }),
    error: m.errors[name] ?? null,
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={copy.payment.card}>
      <fieldset>
        <legend>{copy.square.billingLegend}</legend>
        <TextField
          id="square-address-1"
          label={copy.square.address1}
          autoComplete="address-line1"
          optional
          {...field('address_1')}
        />
        <TextField
          id="square-town"
          label={copy.square.town}
          autoComplete="address-level2"
          optional
          {...field('town')}
        />
        <TextField id="square-postcode" label={copy.card.postcode} autoComplete="postal-code" {...field('postcode')} />
        <BillingCountryField
          id="square-country"
          value={m.billing.country}
          onValue={(value) => m.changed({ field: 'country', value })}
        />
      </fieldset>
      <fieldset>
        <legend>{copy.square.secureLegend}</legend>
        {m.ready ? null : <Spinner label={copy.square.loading} />}
        <div id={SQUARE_CARD_SELECTOR.slice(1)} />
      </fieldset>
      <div className="actions">
        <Button data-primary-action="" type="submit" loading={paying} disabled={!m.ready}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
