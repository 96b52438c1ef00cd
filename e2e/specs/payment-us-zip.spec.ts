import { expect, test } from '@playwright/test';
import { fillSquareCard, PaymentPage } from '../pages/payment';
import { screenshots } from '../support/screenshots';
import { seed } from '../support/seed';

const { ticket } = seed.ids;

// Jazz at Sunset (Brooklyn Jazz Nights) is a square-type USD event: a US buyer in an en-US browser finds the United
// States already chosen as the billing country (the basket is in dollars) and pays with a ZIP code; the postcode rule
// follows the country (UK postcode, US ZIP code of 5 or 9 digits, free text elsewhere), on the page and the server.
test.describe('a US buyer', () => {
  test.use({ locale: 'en-US' });

  test('pays Jazz at Sunset with a ZIP code, the United States chosen for the dollar basket', async ({
    page,
    context,
  }, testInfo) => {
    const pay = new PaymentPage(page, context);
    await pay.reachPayment([{ ticketId: ticket.jazzBar }], 'us-zip');
    const billing = page.getByRole('group', { name: 'Billing address' });
    const country = billing.getByRole('combobox', { name: 'Country' });
    await expect(country).toHaveValue('2');
    await expect(country.getByRole('option', { name: 'France' })).toHaveCount(1);

    // Pay with nothing typed: the postcode says the spec's sentence.
    await pay.payButton.click();
    await expect(pay.field('Billing postcode')).toHaveAccessibleDescription('Type your postcode or zip code');
    await screenshots(page, testInfo, 'us-billing-country');

    // Always changeable: the UK and back.
    await country.selectOption({ label: 'United Kingdom' });
    await expect(country).toHaveValue('1');
    await country.selectOption({ label: 'United States' });
    await pay.field('Billing postcode').fill('1000');
    await fillSquareCard(page, '4242 4242 4242 4242');
    await pay.payButton.click();
    await expect(pay.field('Billing postcode')).toHaveAccessibleDescription(
      'Type a ZIP code of 5 or 9 digits, like 10001 or 10001-1234',
    );

    await pay.field('Billing postcode').fill('10001-1234');
    await pay.payButton.click();
    await pay.expectDelivered();
  });
});

// The sandbox card form (a stripe-type organiser without Stripe keys) has the same country choice and rule. Festival
// Europa is in euros and its organiser names no country: in a UK browser the form starts on the United Kingdom.
test('the card form: a US buyer pays with a ZIP code once the United States is chosen', async ({ page, context }) => {
  const pay = new PaymentPage(page, context);
  await pay.reachPayment([{ ticketId: ticket.europaDay }], 'us-zip-card');
  const billing = page.getByRole('group', { name: 'Billing', exact: true });
  await pay.field('Billing postcode').fill('94103');
  await pay.field('Card number').fill('4242 4242 4242 4242');
  await pay.field('Expiry date (MM/YY)').fill('12/34');
  await pay.field('Security code (CVC)').fill('123');
  await pay.payButton.click();
  await expect(pay.field('Billing postcode')).toHaveAccessibleDescription('Type a UK postcode, like SW1A 1AA');
  await billing.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
  await pay.payButton.click();
  await pay.expectDelivered();
});
