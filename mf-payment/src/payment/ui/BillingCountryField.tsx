import { useUnit } from 'effector-react';
import { SelectField } from '@checkout/shared/ui';
import { copy } from '../copy';
import { $billingCountries } from '../billing-countries';

/** The billing country of a card form (its postcode rule follows it: UK postcode, US ZIP code, free text elsewhere). */
export function BillingCountryField({
  id,
  value,
  onValue,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
}) {
  const countries = useUnit($billingCountries);
  return (
    <SelectField
      id={id}
      label={copy.card.country}
      autoComplete="country-name"
      value={value}
      onValue={onValue}
      options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
    />
  );
}
