import type { BasketOrganiser } from '../contract/entities';

/**
 * The label of a basket organiser's marketing checkbox (the preferences step and express checkout's Preferences): the
 * organiser's name, then its marketing_signup_message in its own words, so a buyer with several organisers in the
 * basket knows whose list each box signs them up to. A shell parsing the checkout with a contract from before `name`
 * hands a remote none: the message alone is still a label.
 */
export function OrganiserSignupLabel({
  organiser,
}: {
  organiser: Pick<BasketOrganiser, 'name' | 'marketing_signup_message'>;
}) {
  const name = organiser.name?.trim();
  if (!name) return <>{organiser.marketing_signup_message}</>;
  return (
    <>
      <strong className="check__organiser">{name}:</strong> {organiser.marketing_signup_message}
    </>
  );
}
