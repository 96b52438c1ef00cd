import { render, screen } from '@testing-library/react';
import type { BasketOrganiser } from '../contract/entities';
import { CheckboxField } from './Field';
import { OrganiserSignupLabel } from './OrganiserSignupLabel';

function box(organiser: Pick<BasketOrganiser, 'name' | 'marketing_signup_message'>) {
  render(
    <CheckboxField
      id="organiser"
      label={<OrganiserSignupLabel organiser={organiser} />}
      checked={false}
      onChecked={() => undefined}
    />,
  );
  return screen.getByRole('checkbox');
}

test("the box is named for its organiser, then the organiser's own words", () => {
  expect(box({ name: 'Lumen Live', marketing_signup_message: 'News, once a month' })).toHaveAccessibleName(
    'Lumen Live: News, once a month',
  );
  expect(screen.getByText('Lumen Live:').tagName).toBe('STRONG');
});

test('without a name (a shell on an older contract): the message alone', () => {
  const missing = { marketing_signup_message: 'News, once a month' } as BasketOrganiser;
  expect(box(missing)).toHaveAccessibleName('News, once a month');
});
