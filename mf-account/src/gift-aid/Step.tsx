import { depsOf } from '@checkout/shared/parcel';
import { useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import {
  formatMoney,
  GIFT_AID_ADDRESS_THRESHOLD,
  giftAidAddressRequired,
  giftAidUplift,
  type Checkout,
  type StepProps,
} from '@checkout/shared';
import { AlertBox, Button, useEffectWhen, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { focusFirstError } from '@checkout/shared/ui';
import { CheckboxField, FieldError, Radio, TextField } from '@checkout/shared/ui';
import {
  $amount,
  $errors,
  $form,
  $refusals,
  $saveError,
  $saving,
  continueClicked,
  formChanged,
  giftAidShown,
} from './model';
import '../account.css';

const ERROR_FIELDS = [
  ['confirm', 'gift-aid-taxpayer'],
  ['address1', 'gift-aid-address1'],
  ['postcode', 'gift-aid-postcode'],
] as const;

/** The three confirmations a Gift Aid declaration needs. */
function Confirmations() {
  const m = useUnit({ form: $form, errors: $errors, change: formChanged });
  return (
    <fieldset aria-describedby={m.errors.confirm ? 'gift-aid-confirm-error' : undefined}>
      <legend>{copy.confirmLegend}</legend>
      <CheckboxField
        id="gift-aid-taxpayer"
        label={copy.confirmTaxpayer}
        checked={m.form.taxpayer}
        onChecked={(taxpayer) => m.change({ taxpayer })}
        required
      />
      <CheckboxField
        id="gift-aid-own-money"
        label={copy.confirmOwnMoney}
        checked={m.form.ownMoney}
        onChecked={(ownMoney) => m.change({ ownMoney })}
        required
      />
      <CheckboxField
        id="gift-aid-not-gambling"
        label={copy.confirmNotGambling}
        checked={m.form.notGambling}
        onChecked={(notGambling) => m.change({ notGambling })}
        required
      />
      <FieldError id="gift-aid-confirm" error={m.errors.confirm} />
    </fieldset>
  );
}

function Residence() {
  const m = useUnit({ form: $form, change: formChanged });
  return (
    <fieldset>
      <legend>{copy.residenceLegend}</legend>
      <Radio
        id="gift-aid-uk"
        name="gift-aid-residence"
        label={copy.ukResident}
        checked={m.form.ukResident}
        onSelect={() => m.change({ ukResident: true })}
      />
      <Radio
        id="gift-aid-overseas"
        name="gift-aid-residence"
        label={copy.overseas}
        checked={!m.form.ukResident}
        onSelect={() => m.change({ ukResident: false })}
      />
    </fieldset>
  );
}

/** The taxpayer's address, asked for at the threshold or more; its postcode only in the UK. */
function TaxpayerAddress({ symbol }: { symbol: string }) {
  const m = useUnit({ amount: $amount, form: $form, errors: $errors, change: formChanged });
  const required = giftAidAddressRequired(m.amount, m.form.ukResident);
  if (!required.address1) return null;
  return (
    <div className="stack">
      <p className="muted">{copy.addressIntro(formatMoney(GIFT_AID_ADDRESS_THRESHOLD, symbol))}</p>
      <TextField
        id="gift-aid-address1"
        label={m.form.ukResident ? copy.address1 : copy.overseasAddress}
        autoComplete={m.form.ukResident ? 'address-line1' : 'street-address'}
        value={m.form.address1}
        onValue={(address1) => m.change({ address1 })}
        error={m.errors.address1}
      />
      {required.postcode ? (
        <TextField
          id="gift-aid-postcode"
          className="field--postcode"
          label={copy.postcode}
          autoComplete="postal-code"
          value={m.form.postcode}
          onValue={(postcode) => m.change({ postcode })}
          error={m.errors.postcode}
        />
      ) : null}
    </div>
  );
}

/** Tells the model the step is shown, with the donation the checkout holds; true once it has. */
function useGiftAidShown(props: StepProps, checkout: Checkout | null): boolean {
  const shown = useUnit(giftAidShown);
  const [ready, setReady] = useState(false);
  useMountEffect(() => {
    const donation = checkout?.donation;
    shown({
      deps: depsOf(props),
      amount: donation?.amount_before_booking_fee ?? checkout?.donation_amount ?? 0,
      isGiftAid: donation?.is_gift_aid ?? checkout?.is_gift_aid ?? false,
    });
    setReady(true);
  });
  return ready;
}

/** Gift Aid: opt in, confirm, where the taxpayer lives, the address at 20 or more. */
export function GiftAidStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const m = useUnit({
    amount: $amount,
    form: $form,
    errors: $errors,
    saveError: $saveError,
    refusals: $refusals,
    saving: $saving,
    change: formChanged,
    continueClicked,
  });
  const ready = useGiftAidShown(props, checkout);
  useEffectWhen([m.refusals], () => {
    if (m.refusals > 0) focusFirstError(m.errors, ERROR_FIELDS);
  });

  const symbol = checkout?.currency.symbol ?? '£';
  const charityName = checkout?.charity?.name ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    m.continueClicked();
  };

  return (
    <section className="card stack account gift-aid" aria-labelledby="gift-aid-title">
      <h1 id="gift-aid-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {ready && m.amount > 0 ? (
        <p>{copy.uplift(formatMoney(m.amount, symbol), formatMoney(giftAidUplift(m.amount), symbol))}</p>
      ) : null}
      <form className="stack" noValidate onSubmit={submit}>
        <CheckboxField
          id="gift-aid-opt-in"
          label={copy.optIn}
          checked={m.form.optedIn}
          onChecked={(optedIn) => m.change({ optedIn })}
        />
        {m.form.optedIn ? (
          <>
            <Confirmations />
            <Residence />
            <TaxpayerAddress symbol={symbol} />
          </>
        ) : null}
        {charityName ? (
          <CheckboxField
            id="gift-aid-subscribe"
            label={copy.subscribe(charityName)}
            checked={m.form.subscribe}
            onChecked={(subscribe) => m.change({ subscribe })}
          />
        ) : null}
        {m.saveError ? <AlertBox type="error">{m.saveError}</AlertBox> : null}
        <div className="actions">
          <Button data-primary-action="" type="submit" loading={m.saving}>
            {copy.continue}
          </Button>
        </div>
      </form>
    </section>
  );
}
