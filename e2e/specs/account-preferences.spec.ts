import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

test('marketing choices are saved for the user and the basket organiser', async ({ page, context }) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('dark@example.com');
  await account.reserve([{ ticketId: ticket.aquariumEarly }]);
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeVisible();

  // dark@example.com is subscribed to both lists already (seed); Lumen Live's own list is not chosen yet.
  const newsletter = page.getByRole('checkbox', { name: 'Exclusive event news and discounts (our newsletter)' });
  const events = page.getByRole('checkbox', { name: 'Important updates about the events you book' });
  const organiser = page.getByRole('checkbox', { name: 'Lumen Live news, once a month' });
  await expect(newsletter).toBeChecked();
  await expect(events).toBeChecked();
  await expect(organiser).not.toBeChecked();
  await newsletter.uncheck();
  await organiser.check();
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeHidden();

  const user = await account.serverUser();
  expect(user).toMatchObject({ subscribed: false, is_event_subscribed: true });
  const preferences = (await account.serverCheckout()).marketing_preferences as {
    basket_organisers: { organiser_subscribed: boolean }[];
  };
  expect(preferences.basket_organisers.map((o) => o.organiser_subscribed)).toEqual([true]);
});
