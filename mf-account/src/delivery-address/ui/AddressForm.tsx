import type { Country, CountryState } from '@checkout/shared';
import { copy } from '../copy';
import { SelectField, TextField } from '@checkout/shared/ui';
import type { AddressForm as Form, DeliveryErrors } from '../model';

export interface AddressFormProps {
  form: Form;
  errors: DeliveryErrors;
  countries: Country[];
  /** The chosen country's states; the State field shows only when the country needs one. */
  states: CountryState[];
  needsState: boolean;
  onChange: (change: Partial<Form>) => void;
}

/** The 'new' address: every field the spec's rule names, with its message beside it. */
export function AddressForm({ form, errors, countries, states, needsState, onChange }: AddressFormProps) {
  return (
    <div className="stack">
      <div className="fields-row">
        <TextField
          id="delivery-first-name"
          label={copy.firstName}
          autoComplete="given-name"
          value={form.first_name}
          onValue={(first_name) => onChange({ first_name })}
          error={errors.first_name}
        />
        <TextField
          id="delivery-last-name"
          label={copy.lastName}
          autoComplete="family-name"
          value={form.last_name}
          onValue={(last_name) => onChange({ last_name })}
          error={errors.last_name}
        />
      </div>
      <TextField
        id="delivery-address-1"
        label={copy.address1}
        autoComplete="address-line1"
        value={form.address_1}
        onValue={(address_1) => onChange({ address_1 })}
        error={errors.address_1}
      />
      <TextField
        id="delivery-address-2"
        label={copy.address2}
        autoComplete="address-line2"
        optional
        value={form.address_2}
        onValue={(address_2) => onChange({ address_2 })}
      />
      <div className="fields-row">
        <TextField
          id="delivery-town"
          label={copy.town}
          autoComplete="address-level2"
          value={form.town}
          onValue={(town) => onChange({ town })}
          error={errors.town}
        />
        <TextField
          id="delivery-postcode"
          label={copy.postcode}
          autoComplete="postal-code"
          value={form.postcode}
          onValue={(postcode) => onChange({ postcode })}
          error={errors.postcode}
        />
      </div>
      <SelectField
        id="delivery-country"
        label={copy.country}
        autoComplete="country-name"
        value={form.country}
        onValue={(country) => onChange({ country })}
        options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
        placeholder={copy.choose}
        error={errors.country}
      />
      {needsState ? (
        <SelectField
          id="delivery-state"
          label={copy.state}
          autoComplete="address-level1"
          value={form.state}
          onValue={(state) => onChange({ state })}
          options={states.map((s) => ({ value: String(s.id), label: s.name }))}
          placeholder={copy.choose}
          error={errors.state}
        />
      ) : null}
    </div>
  );
}
