import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { OrderCompletedPage } from '../pages/order-completed';
import { seed } from '../support/seed';

/** The scanner page as door staff see it now, at phone and desktop width, kept with the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [size, width, height] of [
    ['phone', 375, 812],
    ['desktop', 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name} (${size} ${width}×${height})`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

/**
 * The door: a ticket bought through the checkout is checked in on /door/ with a door token made through the organiser
 * API. Typed, the code admits once; the second time it is refused with the time it was admitted. The key comes from
 * the development stack's /dev/organiser-keys: the organiser command cannot open the embedded database the api holds.
 */
test('a ticket typed on the door page is admitted, then refused with the time it was admitted', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const oc = new OrderCompletedPage(page, context);
  await oc.buyAurora('door-check-in', 1);
  await page.goto('/account/wallet/');
  const code = ((await page.locator('.wallet-ticket__code').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){4}$/);

  const keyAnswer = await page.request.post('/dev/organiser-keys', {
    form: { organiser: String(seed.ids.organiser.lumen) },
  });
  expect(keyAnswer.status()).toBe(201);
  const { key } = (await keyAnswer.json()) as { key: string };
  const tokenAnswer = await page.request.post('/api/v1/door-tokens', {
    headers: { authorization: `Bearer ${key}` },
    data: { name: 'Main door', event_id: seed.ids.event.livestream, expires_in_hours: 2 },
  });
  expect(tokenAnswer.status()).toBe(201);
  const { door_url: doorUrl } = (await tokenAnswer.json()) as { door_url: string };

  // Door staff, on their phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  try {
    const door = await phone.newPage();
    await door.goto(doorUrl);
    // The token leaves the address bar at once; the page names the door and the event.
    await expect(door).toHaveURL(/\/door\/$/);
    await expect(door.getByText('Door: Main door · Aurora Sessions')).toBeVisible();
    const field = door.getByRole('textbox', { name: 'Ticket code' });
    await expect(field).toBeFocused();
    await screenshots(door, testInfo, 'door-ready');

    await field.fill(code.toLowerCase());
    await door.getByRole('button', { name: 'Check in' }).click();
    const result = door.getByRole('status').filter({ hasText: /Admitted|Refused|Not checked/ });
    await expect(result).toContainText('Admitted');
    await expect(result).toContainText('In the room (standing)');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await screenshots(door, testInfo, 'door-admitted');

    await field.fill(code);
    await field.press('Enter');
    await expect(result).toContainText('Refused');
    await expect(result).toContainText(/Already admitted at \d\d:\d\d on \d{1,2} [A-Z][a-z]+ \d{4} \(Main door\)\./);
    await expect(field).toBeFocused();
    await screenshots(door, testInfo, 'door-refused');

    // No camera in this browser: a sentence, and the typed form still works.
    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(door.getByText(/type the ticket code instead/)).toBeVisible();
    await field.fill('AAAA AAAA AAAA AAAA AAAA');
    await field.press('Enter');
    await expect(result).toContainText('No ticket has this code.');
  } finally {
    await phone.close();
  }
});
