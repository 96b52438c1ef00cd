import { test } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Village Coffee Morning's organiser has no payment integration, yet a zero total still claims (a paid basket of it:
// payment-mixed-organisers.spec.ts).
test('a free ticket is claimed without a payment method and delivered', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.account.reserve([{ ticketId: ticket.coffeeFree }]);
  await pay.account.signInAsGuest(`free.${Date.now().toString(36)}@example.com`, 'Fran Free');
  await pay.account.keepPreferences();
  await pay.expectDelivered();
});
