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
  // The organiser's box says whose list it is, before the organiser's own words.
  const organiser = page.getByRole('checkbox', { name: 'Lumen Live: Lumen Live news, once a month' });
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

test('two organisers in the basket: one box each, each named for its organiser, at a phone and a desktop', async ({
  page,
  context,
}, testInfo) => {
  const account = new AccountPage(page, context);
  await account.signInBeforeCheckout('dark@example.com');
  await account.reserve([{ ticketId: ticket.aquariumEarly }, { ticketId: ticket.folkStalls }]);
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeVisible();

  const lumen = page.getByRole('checkbox', { name: 'Lumen Live: Lumen Live news, once a month' });
  const folk = page.getByRole('checkbox', {
    name: 'Brighton Folk Collective: Get first dibs on Folk Collective tickets',
  });
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(lumen).toBeVisible();
    await expect(folk).toBeVisible();
    // The name is on screen, beside the message it owns, not only read out.
    await expect(page.locator('label', { has: page.getByText('Brighton Folk Collective:') })).toHaveText(
      'Brighton Folk Collective: Get first dibs on Folk Collective tickets',
    );
    await page.screenshot({ path: testInfo.outputPath(`keep-updated-two-organisers-${width}.png`), fullPage: true });
  }
  await lumen.check();
  await folk.uncheck();
  await account.continueButton.click();
  await expect(account.keepUpdatedHeading).toBeHidden();
  const preferences = (await account.serverCheckout()).marketing_preferences as {
    basket_organisers: { name: string; organiser_subscribed: boolean }[];
  };
  expect(preferences.basket_organisers.map((o) => [o.name, o.organiser_subscribed])).toEqual([
    ['Brighton Folk Collective', false],
    ['Lumen Live', true],
  ]);
});
