import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { guestEmail } from '../pages/account';
import { addTicket } from '../support/basket';
import { serveBrokenRemote } from '../support/broken-remote';
import { seed } from '../support/seed';
import { remoteOrigin } from '../support/stack';

const { ticket } = seed.ids;
const couldNotLoad = 'This step could not be loaded. Nothing in your checkout has been lost: please try again.';

// Faults: a remote that fails to load in any of the ways a deployment can go wrong is refused with the
// fallback and Retry; the other remotes' steps keep working, and the buyer finishes once it is back.

test('the payment remote answers 500: basket and account work, the fallback offers Retry, then the buyer pays', async ({
  page,
  context,
}) => {
  const failing = `${remoteOrigin('mf_payment')}/**`;
  await page.route(failing, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  const pay = new PaymentPage(page, context);
  await pay.account.reserve([{ ticketId: ticket.europaDay }]);
  await pay.account.signInAsGuest(guestEmail('remote-500'), 'Pat Payer');
  await pay.account.keepPreferences();

  await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toBeVisible({ timeout: 20_000 });
  await expect(pay.heading).toHaveCount(0);
  await expect(page.getByText('Tickets reserved for')).toBeVisible();

  await page.unroute(failing);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pay.heading).toBeVisible();
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
});

for (const fault of ['wrong-contract', 'throws-on-mount'] as const) {
  test(`a deployed account remote that is broken (${fault}) is refused with Retry; the real one then mounts`, async ({
    page,
    context,
  }) => {
    await serveBrokenRemote(page, 'mf_account', fault);
    await addTicket(context, seed.standardTicket.id, 1);
    await page.goto('/checkout/');
    await page.getByRole('button', { name: 'Reserve Basket' }).click();

    await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toHaveCount(0);
    await expect(page.getByText('Tickets reserved for')).toBeVisible();

    await page.unroute(`${remoteOrigin('mf_account')}/remoteEntry.js`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: couldNotLoad })).toHaveCount(0);
  });
}
