import { expect, test } from '@playwright/test';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const EXPIRED = 'The captcha challenge has expired. Please complete the challenge again.';
const NOT_VERIFIED = 'The challenge could not be verified.';

// Festival Europa asks for a captcha on every reservation (captcha_required); the stack runs the sandbox challenge.
test('a captcha-protected event: the sandbox challenge must be passed before the reservation goes through', async ({
  page,
  context,
}) => {
  await addTicket(context, seed.ids.ticket.europaDay, 1);
  const basket = new BasketPage(page);
  await basket.open();
  await basket.reserveButton.click();

  await expect(basket.checkoutHeading).toBeVisible();
  await expect(basket.captchaPrompt).toBeVisible();
  await expect(basket.orderSummary).toContainText('Day ticket');
  await expect(basket.countdown).toHaveCount(0);
  await expect(basket.continueButton).toBeDisabled();

  // A failed challenge: not passed, with the provider's own words; nothing expired, so no word of an expiry.
  await page.getByRole('button', { name: 'Simulate a failed challenge' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOT_VERIFIED })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toHaveCount(0);
  await expect(basket.humanCheckbox).not.toBeChecked();
  await expect(basket.continueButton).toBeDisabled();

  await basket.humanCheckbox.click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(basket.humanCheckbox).toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: NOT_VERIFIED })).toHaveCount(0);
  await basket.continueButton.click();

  await expect(basket.countdown).toBeVisible();
});
