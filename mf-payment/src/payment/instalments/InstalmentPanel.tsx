import { type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import {
  formatMoney,
  instalmentKeys,
  NEW_PAYMENT_METHOD,
  type PaymentPlanScheduleOption,
  type SavedPaymentMethod,
} from '@checkout/shared';
import { Button, useMountEffect } from '@checkout/shared/ui';
import { copy } from '../copy';
import { CheckboxField, Radio, SelectField, TextField } from '@checkout/shared/ui';
import { focusFirstError } from '@checkout/shared/ui';
import { $contact, $paying } from '../model';
import { validateCard } from '../card/fields';
import {
  $cardChoice,
  $makeDefault,
  $mobile,
  $mobileError,
  $months,
  $usesContactNumber,
  $newCard,
  $newCardErrors,
  cardChosen,
  instalmentPayClicked,
  instalmentPhone,
  instalmentPhoneError,
  instalmentsShown,
  makeDefaultChanged,
  mobileChanged,
  monthsChosen,
  newCardFieldChanged,
} from './model';

const BRAND: Record<SavedPaymentMethod['card_type'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Card',
};

/** The schedule table: due date and amount; the first row says what it covers. */
export function ScheduleTable({
  option,
  currencySymbol,
}: {
  option: PaymentPlanScheduleOption;
  currencySymbol: string;
}) {
  return (
    <table className="schedule">
      <caption className="sr-only">{copy.instalments.scheduleCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{copy.instalments.dueDate}</th>
          <th scope="col">{copy.instalments.amount}</th>
        </tr>
      </thead>
      <tbody>
        {option.schedule.map((entry, index) => (
          <tr key={`${entry.uk_due}-${index}`}>
            <td>
              {entry.uk_due}
              {index === 0 ? <span className="schedule__note">{copy.instalments.firstRowNote}</span> : null}
            </td>
            <td>{formatMoney(entry.value, currencySymbol)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The plan's phone number: its own field, or a note that the contact number above is the one. */
function PlanPhone() {
  const m = useUnit({
    mobile: $mobile,
    mobileError: $mobileError,
    usesContact: $usesContactNumber,
    mobileChanged,
  });
  return m.usesContact ? (
    <p className="muted">{copy.instalments.contactNumberNote}</p>
  ) : (
    <TextField
      id="instalment-mobile"
      label={copy.instalments.mobile}
      hint={copy.instalments.mobileNote}
      type="tel"
      autoComplete="tel"
      value={m.mobile}
      onValue={m.mobileChanged}
      error={m.mobileError}
    />
  );
}

/** A new card's number, expiry and CVC, and whether it becomes the default (when there are saved cards). */
function NewCardFields({ hasSavedCards }: { hasSavedCards: boolean }) {
  const m = useUnit({
    card: $newCard,
    cardErrors: $newCardErrors,
    makeDefault: $makeDefault,
    cardChanged: newCardFieldChanged,
    makeDefaultChanged,
  });
  const cardField = (name: 'number' | 'expiry' | 'cvc') => ({
    value: m.card[name],
    onValue: (value: string) => m.cardChanged({ field: name, value }),
    error: m.cardErrors[name] ?? null,
  });
  return (
    <>
      <TextField
        id="instalment-card-number"
        label={copy.card.number}
        inputMode="numeric"
        autoComplete="cc-number"
        {...cardField('number')}
      />
      <div className="fields-row">
        <TextField
          id="instalment-card-expiry"
          label={copy.card.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...cardField('expiry')}
        />
        <TextField
          id="instalment-card-cvc"
          label={copy.card.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          {...cardField('cvc')}
        />
      </div>
      {hasSavedCards ? (
        <CheckboxField
          id="instalment-make-default"
          label={copy.instalments.makeDefault}
          checked={m.makeDefault}
          onChecked={m.makeDefaultChanged}
        />
      ) : null}
    </>
  );
}

/** The card the plan takes its payments from: a saved one, or a new one. */
function PlanCard({ savedCards }: { savedCards: SavedPaymentMethod[] }) {
  const m = useUnit({ choice: $cardChoice, cardChosen });
  return (
    <fieldset>
      <legend>{copy.instalments.cardsLegend}</legend>
      {savedCards.map((card) => (
        <Radio
          key={card.payment_method_id}
          id={`saved-card-${card.payment_method_id}`}
          name="instalment-card"
          label={copy.instalments.savedCard(BRAND[card.card_type], card.last4digits, card.expiry)}
          checked={m.choice === card.payment_method_id}
          onSelect={() => m.cardChosen(card.payment_method_id)}
        />
      ))}
      <Radio
        id="saved-card-new"
        name="instalment-card"
        label={copy.instalments.newCard}
        checked={m.choice === NEW_PAYMENT_METHOD}
        onSelect={() => m.cardChosen(NEW_PAYMENT_METHOD)}
      />
      {m.choice === NEW_PAYMENT_METHOD ? <NewCardFields hasSavedCards={savedCards.length > 0} /> : null}
    </fieldset>
  );
}

/** Pay: the model checks the plan; focus goes to the first field it marks. */
function usePlanSubmit() {
  const m = useUnit({
    mobile: $mobile,
    contact: $contact,
    usesContact: $usesContactNumber,
    choice: $cardChoice,
    card: $newCard,
    pay: instalmentPayClicked,
  });
  return (event: FormEvent) => {
    event.preventDefault();
    m.pay();
    // The same checks the model makes, to put focus on the first field it marks.
    const cardErrors = m.choice === NEW_PAYMENT_METHOD ? validateCard(m.card, { withPostcode: false }) : {};
    const phoneError = instalmentPhoneError(m.usesContact, instalmentPhone(m.usesContact, m.contact, m.mobile));
    focusFirstError({ mobile: phoneError, ...cardErrors }, [
      // With a contact number on the page, that field is the plan's one phone number.
      ['mobile', m.usesContact ? 'contact-number' : 'instalment-mobile'],
      ['number', 'instalment-card-number'],
      ['expiry', 'instalment-card-expiry'],
      ['cvc', 'instalment-card-cvc'],
    ]);
  };
}

export function InstalmentPanel({
  options,
  savedCards,
  cardholder,
  currencySymbol,
}: {
  options: Record<string, PaymentPlanScheduleOption>;
  savedCards: SavedPaymentMethod[];
  cardholder: string;
  currencySymbol: string;
}) {
  const m = useUnit({ months: $months, paying: $paying, shown: instalmentsShown, monthsChosen });
  useMountEffect(() => {
    m.shown({ planKeys: Object.keys(options), savedCards, cardholder });
  });
  const submit = usePlanSubmit();

  const keys = instalmentKeys(Object.keys(options));
  const option = m.months ? options[m.months] : undefined;
  const first = option?.schedule[0]?.value;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={copy.instalments.legend}>
      <SelectField
        id="instalment-months"
        label={copy.instalments.months}
        value={m.months ?? ''}
        onValue={m.monthsChosen}
        options={keys.map((key) => ({ value: key, label: options[key]?.label ?? key }))}
      />
      {option ? <ScheduleTable option={option} currencySymbol={currencySymbol} /> : null}
      <PlanPhone />
      <PlanCard savedCards={savedCards} />
      <div className="actions">
        <Button data-primary-action="" type="submit" loading={m.paying}>
          {first !== undefined ? copy.payment.payAmount(formatMoney(first, currencySymbol)) : copy.payment.pay}
        </Button>
      </div>
    </form>
  );
}
