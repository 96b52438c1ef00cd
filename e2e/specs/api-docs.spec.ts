import AxeBuilder from '@axe-core/playwright';
import { calls } from '@checkout/shared';
import { callSummaries } from '@checkout/shared/call-summaries';
import { expect, test } from '@playwright/test';

// The API's OpenAPI document, generated from the contract, and its browsable page, served by the api.

test('the API documentation page lists every call with its summary and schemas, links the OpenAPI document and is accessible', async ({
  page,
  request,
}) => {
  await page.goto('/ajax/docs/');
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout API/ })).toBeVisible();
  for (const call of Object.values(calls))
    await expect(page.getByText(`${call.method} ${call.path}`, { exact: true })).toHaveCount(1);

  // Keyboard: a request schema opens with Enter on its summary.
  const operation = page.locator(`#${calls.reserveTickets.name}`);
  await expect(operation.getByText(callSummaries.reserveTickets.summary, { exact: true })).toBeVisible();
  await expect(operation.getByText('Security: session + xsrf')).toBeVisible();
  const summary = operation.getByText('Request body (application/x-www-form-urlencoded)');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(operation.getByText('"h-captcha-response"')).toBeVisible();

  // A named schema is one link away from the operation that answers it.
  const getCheckout = page.locator(`#${calls.getCheckout.name}`);
  await getCheckout.getByText('Response 200: The answer').click();
  await getCheckout.getByRole('link', { name: '"#/components/schemas/Checkout"' }).click();
  await expect(page).toHaveURL(/#schema-Checkout$/);
  await expect(page.locator('#schema-Checkout').getByText('Checkout', { exact: true })).toBeVisible();

  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(violations.map((v) => v.id)).toEqual([]);

  const link = page.getByRole('link', { name: 'The OpenAPI 3.1 document (JSON)' });
  const document = await (await request.get((await link.getAttribute('href')) ?? '')).json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(Object.values(calls).map((call) => call.path)));
  expect(document.components.schemas.Checkout.type).toBe('object');
  expect(Object.keys(document.components.securitySchemes)).toEqual(['session', 'xsrf']);
});
