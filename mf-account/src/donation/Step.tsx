import { depsOf } from '@checkout/shared/parcel';
import { useRef, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { donationFee, donationFeeNotice, formatMoney, type Charity, type StepProps } from '@checkout/shared';
import { Button, SafeHtml, useEffectWhen, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { FieldError, TextField } from '@checkout/shared/ui';
import {
  $amount,
  $charity,
  $custom,
  $error,
  $preset,
  $refusals,
  $saving,
  amountError,
  checkoutArrived,
  customChanged,
  donateClicked,
  donationShown,
  presetChosen,
  reloadSettled,
  skipClicked,
} from './model';
import '../account.css';

/** The donation step: the charity, preset or custom amount, the fee, or Skip donation. */
export function DonationStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { checkout, updating } = useUnit({ checkout: props.stores.$checkout, updating: props.stores.$updatingBasket });
  const m = useUnit({ charity: $charity, shown: donationShown, arrived: checkoutArrived, settled: reloadSettled });
  const [ready, setReady] = useState(false);
  useMountEffect(() => {
    m.shown({ deps: depsOf(props), charity: checkout?.charity ?? null, saved: checkout?.donation ?? null });
    setReady(true);
  });
  // The model waits for the reloaded checkout before moving on; these effects tell it (arrival first).
  const firstCheckout = useRef(checkout);
  useEffectWhen([checkout], () => {
    if (checkout !== firstCheckout.current) m.arrived();
  });
  useEffectWhen([updating], () => {
    if (!updating) m.settled();
  });

  const charity = ready ? m.charity : null;
  return (
    <section className="card stack account donation" aria-labelledby="donation-title">
      <h1 id="donation-title" ref={heading} tabIndex={-1} className="step-heading">
        {charity?.donation_checkout_title || copy.fallbackTitle}
      </h1>
      {charity ? <CharityIntro charity={charity} /> : null}
      <DonationForm charity={charity} currencySymbol={checkout?.currency.symbol ?? '£'} />
    </section>
  );
}

function CharityIntro({ charity }: { charity: Charity }) {
  return (
    <>
      <div className="donation__charity">
        {charity.logo ? <img className="donation__logo" src={charity.logo} alt={copy.logoAlt(charity.name)} /> : null}
        <h2>{charity.name}</h2>
      </div>
      <SafeHtml className="donation__description" html={charity.description_html} />
    </>
  );
}

function DonationForm({ charity, currencySymbol }: { charity: Charity | null; currencySymbol: string }) {
  const m = useUnit({
    preset: $preset,
    custom: $custom,
    amount: $amount,
    error: $error,
    refusals: $refusals,
    saving: $saving,
    presetChosen,
    customChanged,
    donateClicked,
    skipClicked,
  });
  useEffectWhen([m.refusals], () => {
    if (m.refusals === 0) return;
    const first = document.querySelector<HTMLInputElement>(
      '.donation input[name="donation-amount"]:checked, .donation input[name="donation-amount"]',
    );
    (m.preset === null && m.custom.trim() !== '' ? document.getElementById('donation-custom') : first)?.focus();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    m.donateClicked();
  };
  const notice = charity ? donationFeeNotice(charity) : null;
  // A typed amount that is refused is the custom field's error; anything else belongs to the whole choice.
  const customAtFault = m.preset === null && m.custom.trim() !== '';
  const valid = m.amount !== null && amountError(m.amount) === null;
  const fee = charity && valid && m.amount !== null ? donationFee(charity, m.amount) : null;
  const money = (amount: number) => formatMoney(amount, currencySymbol);

  return (
    <form className="stack" noValidate onSubmit={submit}>
      {charity ? (
        <fieldset aria-describedby={m.error && !customAtFault ? 'donation-error' : undefined}>
          <legend>{copy.amountLegend}</legend>
          <div className="amounts">
            {charity.donation_options.map((amount) => (
              <div className="amount" key={amount}>
                <input
                  type="radio"
                  id={`donation-amount-${amount}`}
                  name="donation-amount"
                  value={amount}
                  checked={m.preset === amount}
                  onChange={() => m.presetChosen(amount)}
                />
                <label htmlFor={`donation-amount-${amount}`}>{money(amount)}</label>
              </div>
            ))}
          </div>
          <TextField
            id="donation-custom"
            className="field--amount"
            label={copy.otherAmount}
            type="number"
            inputMode="decimal"
            min={1}
            step={0.01}
            required={false}
            value={m.custom}
            onValue={m.customChanged}
            error={customAtFault ? m.error : null}
            aria-describedby="donation-fee"
          />
          {customAtFault ? null : <FieldError id="donation" error={m.error} />}
        </fieldset>
      ) : null}
      {notice ? (
        <p className="muted" id="donation-fee">
          {copy.feeNotice(String(notice.percent), String(notice.pence))}
        </p>
      ) : null}
      {fee !== null && m.amount !== null ? (
        <p aria-live="polite">
          {copy.summary(money(m.amount), money(fee), money(Math.round((m.amount + fee) * 100) / 100))}
        </p>
      ) : null}
      <div className="actions">
        {charity ? (
          <Button data-primary-action="" type="submit" loading={m.saving}>
            {copy.donate}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => m.skipClicked()} disabled={m.saving}>
          {copy.skip}
        </Button>
      </div>
    </form>
  );
}
