import { expect, test } from '@playwright/test';
import { addTicket } from '../support/basket';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;
const NOT_CONFIGURED = /payment integration has not yet been configured/;

// Brighton Folk Collective takes payments with its own stripe-type account, Lumen Live with a square-type one: the
// marketplace collects one card payment for both, and the ledger shares it (the reconcile teardown checks the shares).
test('a basket of two organisers is paid by one card payment', async ({ page, context }, testInfo) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.summerDay }, { ticketId: ticket.comedyNight }], 'mixed');
  await expect(page.getByText(NOT_CONFIGURED)).toHaveCount(0);
  await expect(pay.cardButton).toHaveAttribute('aria-pressed', 'true');
  await expect(pay.bankButton).toHaveCount(0);
  expect(await pay.account.seriousViolations()).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await testInfo.attach(`mixed basket payment ${width}px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
  // Comedy at the Pier asks for a contact number.
  await page.getByRole('textbox', { name: 'Contact number' }).fill('07700 900123');
  await pay.fillCard('4242 4242 4242 4242');
  await pay.payButton.click();
  await pay.expectDelivered();
  const checkout = await pay.account.serverCheckout();
  expect((checkout.tickets as { event_name: string }[]).map((line) => line.event_name).sort()).toEqual([
    'Comedy at the Pier',
    'Summer Fields Festival',
  ]);
});

// St Mary’s Village Hall has no payment integration: the basket says so before anything is reserved, naming only it.
test('an organiser without a payment integration is named on the basket, and Reserve Basket waits', async ({
  page,
  context,
}, testInfo) => {
  await addTicket(context, ticket.coffeeCake, 1);
  await addTicket(context, ticket.comedyNight, 1);
  await page.goto('/checkout/');
  const alert = page.getByRole('alert').filter({ hasText: NOT_CONFIGURED });
  await expect(alert).toHaveText(
    'We currently are unable to take payments for this basket as the payment integration has not yet been configured by St Mary’s Village Hall',
  );
  const reserve = page.getByRole('button', { name: 'Reserve Basket' });
  await expect(reserve).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 812 });
  await testInfo.attach('no payment integration on the basket 375px', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  // Taking that organiser's paid tickets out leaves a basket that can be paid.
  await page.getByRole('button', { name: 'Remove Coffee and cake' }).click();
  await expect(alert).toHaveCount(0);
  await expect(reserve).toBeEnabled();
});
