import { depsOf } from '@checkout/shared/parcel';
import { useRef, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { Button, Spinner, useEffectWhen } from '@checkout/shared/ui';
import { copy } from './copy';
import { sharedCopy } from '../copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { CheckboxField, OrganiserSignupLabel } from '@checkout/shared/ui';
import {
  $choices,
  $saving,
  continueClicked,
  eventUpdatesChanged,
  newsletterChanged,
  organiserChanged,
  preferencesReloaded,
  preferencesShown,
} from './model';
import '../account.css';

/** Marketing preferences (title Keep updated). */
export function MarketingPreferencesStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const m = useUnit({
    choices: $choices,
    saving: $saving,
    shown: preferencesShown,
    reloaded: preferencesReloaded,
    newsletterChanged,
    eventUpdatesChanged,
    organiserChanged,
    continueClicked,
  });
  const preferences = checkout?.marketing_preferences ?? null;
  const mounted = useRef(false);
  useEffectWhen([preferences], () => {
    if (!preferences) return;
    if (mounted.current) m.reloaded(preferences);
    else m.shown({ deps: depsOf(props), preferences });
    mounted.current = true;
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    m.continueClicked();
  };

  return (
    <section className="card stack account" aria-labelledby="marketing-title">
      <h1 id="marketing-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {!preferences ? (
        <Spinner label={sharedCopy.loading} />
      ) : (
        <form className="stack" onSubmit={submit}>
          <p>{copy.intro}</p>
          <fieldset>
            <legend>{copy.legend}</legend>
            <CheckboxField
              id="marketing-ct"
              label={copy.ctSubscribed}
              checked={m.choices.ct_subscribed}
              onChecked={m.newsletterChanged}
            />
            <CheckboxField
              id="marketing-events"
              label={copy.eventSubscribed}
              checked={m.choices.event_subscribed}
              onChecked={m.eventUpdatesChanged}
            />
            {/* One per organiser, named (several may sell in one basket); one without a sign-up message has no list to offer. */}
            {preferences.basket_organisers
              .filter((organiser) => organiser.marketing_signup_message.trim() !== '')
              .map((organiser) => (
                <CheckboxField
                  key={organiser.id}
                  id={`marketing-organiser-${organiser.id}`}
                  label={<OrganiserSignupLabel organiser={organiser} />}
                  checked={m.choices.organisers[organiser.id] ?? false}
                  onChecked={(subscribed) => m.organiserChanged({ id: organiser.id, subscribed })}
                />
              ))}
          </fieldset>
          <div className="actions">
            <Button data-primary-action="" type="submit" loading={m.saving}>
              {copy.continue}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
