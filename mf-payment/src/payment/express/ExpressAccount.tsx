import { useUnit } from 'effector-react';
import type { BasketOrganiser } from '@checkout/shared';
import { copy } from '../copy';
import { CheckboxField, OrganiserSignupLabel, TextField } from '@checkout/shared/ui';
import { $contact, $contactError, contactChanged } from '../model';
import {
  $account,
  $accountErrors,
  $preferences,
  accountFieldChanged,
  newsletterChanged,
  organiserPreferenceChanged,
} from './model';

/** Where the express note links: the purchase terms (section 4.10 says whose account the tickets go to). */
export const PURCHASE_TERMS_URL = '/legal-information/purchase-terms-and-conditions/';

/**
 * The express checkout's Account form, purchase-terms note and Preferences: the buyer's
 * account is made from these on Pay (express/model.ts), so there is no sign-in step.
 */
export function ExpressAccount({
  requirePhone,
  organisers,
}: {
  requirePhone: boolean;
  organisers: readonly BasketOrganiser[];
}) {
  const m = useUnit({
    account: $account,
    errors: $accountErrors,
    preferences: $preferences,
    contact: $contact,
    contactError: $contactError,
    changed: accountFieldChanged,
    contactChanged,
    newsletterChanged,
    organiserChanged: organiserPreferenceChanged,
  });
  return (
    <>
      <fieldset>
        <legend>{copy.express.accountLegend}</legend>
        <TextField
          id="express-fullname"
          label={copy.express.fullName}
          autoComplete="name"
          value={m.account.fullname}
          onValue={(value) => m.changed({ field: 'fullname', value })}
          error={m.errors.fullname ?? null}
        />
        <TextField
          id="express-email"
          label={copy.express.email}
          type="email"
          autoComplete="email"
          value={m.account.email}
          onValue={(value) => m.changed({ field: 'email', value })}
          error={m.errors.email ?? null}
        />
        {requirePhone ? (
          <TextField
            id="contact-number"
            label={copy.payment.contactNumber}
            type="tel"
            autoComplete="tel"
            value={m.contact}
            onValue={m.contactChanged}
            error={m.contactError}
          />
        ) : null}
        <p className="field__hint">
          {copy.express.termsNote} <a href={PURCHASE_TERMS_URL}>{copy.express.termsLink}</a>.
        </p>
      </fieldset>
      <fieldset>
        <legend>{copy.express.preferencesLegend}</legend>
        {/* An organiser without a signup message has nothing to ask (and a checkbox needs its label). */}
        {organisers
          .filter((organiser) => organiser.marketing_signup_message.trim() !== '')
          .map((organiser) => (
            <CheckboxField
              key={organiser.id}
              id={`express-organiser-${organiser.id}`}
              label={<OrganiserSignupLabel organiser={organiser} />}
              checked={m.preferences.organisers[String(organiser.id)] ?? false}
              onChecked={(checked) => m.organiserChanged({ id: organiser.id, checked })}
            />
          ))}
        <CheckboxField
          id="express-newsletter"
          label={copy.express.newsletter}
          checked={m.preferences.ct_subscribed}
          onChecked={m.newsletterChanged}
        />
      </fieldset>
    </>
  );
}
