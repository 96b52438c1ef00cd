import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { addTicket } from '../support/basket';
import { guestEmail } from '../pages/account';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Quiz Night is sold by an express-checkout organiser (organisers.express_checkout): no sign-in step, the account is
// made (or found) from the payment step's Account form, then the card is charged. The buyer stays a guest of the sale:
// nothing proved the email, so the session is not signed in; the tickets are in its wallet as this order's.
test('express checkout: reserve, then the account form and a sandbox card complete the purchase', async ({
  page,
  context,
}) => {
  const pay = new PaymentPage(page, context);
  await addTicket(context, ticket.expressEntry, 2);
  await page.goto('/checkout/');
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  await expect(pay.heading).toHaveText('Complete purchase', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'purchase terms and conditions' })).toHaveAttribute(
    'href',
    '/legal-information/purchase-terms-and-conditions/',
  );
  // The organiser's box is named for it, as on Keep updated.
  const organiserBox = page
    .getByRole('group', { name: 'Preferences' })
    .getByRole('checkbox', { name: 'Quick Tickets: Quiz dates from Quick Tickets' });
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(organiserBox).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`express-preferences-${width}.png`), fullPage: true });
  }
  expect(await pay.account.seriousViolations()).toEqual([]);

  await pay.fillCard('4242 4242 4242 4242');
  await pay.field('Full name').fill('Pat');
  await pay.field('Email address').fill('not-an-email');
  await pay.payButton.click();
  await expect(pay.field('Full name')).toHaveAccessibleDescription('Type both your first and last name(s)');
  await expect(pay.field('Email address')).toHaveAccessibleDescription('Type a valid email address');

  const email = guestEmail('express');
  await pay.field('Full name').fill('Pat Express');
  await expect(pay.field('Full name')).not.toHaveAccessibleDescription('Type both your first and last name(s)');
  await pay.field('Email address').fill(email);
  await page.getByRole('checkbox', { name: 'Quick Tickets: Quiz dates from Quick Tickets' }).check();
  await pay.payButton.click();
  await pay.expectDelivered();
  expect(await pay.account.serverUser()).toBeNull();
  expect((await pay.account.serverCheckout()).init_guest_email).toBe(email);
  await page.goto('/account/wallet/');
  await expect(page.getByRole('list', { name: 'Tickets' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Quiz Night (express checkout)' }).first()).toBeVisible();
});
