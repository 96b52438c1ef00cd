import { expect, test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Village Coffee Morning's organiser has no payment integration, yet a zero total still claims.
test('a free ticket is claimed without a payment method and delivered', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.account.reserve([{ ticketId: ticket.coffeeFree }]);
  await pay.account.signInAsGuest(`free.${Date.now().toString(36)}@example.com`, 'Fran Free');
  await pay.account.keepPreferences();
  await pay.expectDelivered();
});

test('a paid basket from an organiser with no payment integration: the box with its name', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.coffeeCake }], 'no-integration');
  await expect(page.getByRole('alert')).toContainText(
    'We currently are unable to take payments for this basket as the payment integration has not yet been configured by St Mary’s Village Hall',
  );
  await expect(pay.methods).toHaveCount(0);
  expect(await pay.account.seriousViolations()).toEqual([]);
});
