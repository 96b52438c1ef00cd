import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AccountPage } from '../pages/account';
import { BasketPage } from '../pages/basket';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';

const { ticket } = seed.ids;
const TABLE = 'Table seat (sold in pairs)';

/** The header's progress: the stage marked aria-current="step". */
function currentStage(page: Page) {
  return page.getByRole('list', { name: 'Checkout progress' }).locator('[aria-current="step"]');
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Let the layout and lazy thumbnails settle at the new size.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await testInfo.attach(`${name} ${width}×${height}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the header: the marketplace and its mark, where the buyer is, and the countdown once reserved', async ({
  page,
  context,
}, testInfo) => {
  await addTicket(context, seed.standardTicket.id, 2);
  const basket = new BasketPage(page);
  await basket.open();

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/all-events/');
  // The e2e stack takes test money (PAYMENTS_SANDBOX=1): the frame says so above everything (above the banner, which
  // stays at the top of the screen without it).
  await expect(page.getByRole('note')).toHaveText(/^TEST MODE — /);
  await expect(banner.getByRole('note')).toHaveCount(0);
  await expect(currentStage(page)).toHaveText(/Basket$/);
  // Before reserving there is no countdown, yet the header is not an empty strip.
  await expect(banner.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Checkout progress' }).getByRole('listitem')).toHaveText([
    /Basket$/,
    /Details$/,
    /Payment$/,
    /Tickets$/,
  ]);

  // The favicon is linked and served.
  const icons = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(icons).toHaveLength(2);
  for (const href of icons) expect((await page.request.get(href)).ok(), href).toBe(true);

  // Whole pictures in Continue shopping: shown at their own 16:9 shape and fitted, never cropped.
  const thumb = page.getByRole('region', { name: 'Continue shopping' }).locator('img').first();
  if ((await thumb.count()) > 0) {
    const fit = await thumb.evaluate((img) => {
      const box = img.getBoundingClientRect();
      return { objectFit: getComputedStyle(img).objectFit, ratio: box.width / box.height };
    });
    expect(fit.objectFit).toBe('contain');
    expect(fit.ratio).toBeCloseTo(16 / 9, 1);
  }
  await shoot(page, testInfo, 'basket');

  await basket.reserveButton.click();
  const account = new AccountPage(page, context);
  await expect(account.accountHeading).toBeVisible();
  await expect(currentStage(page)).toHaveText(/Details$/);
  await expect(banner.getByRole('timer')).toContainText('Tickets reserved for');
  await shoot(page, testInfo, 'account');
});

test('a reload after Send code comes back to the code with the email', async ({ page, context }, testInfo) => {
  const account = new AccountPage(page, context);
  await account.reserve([{ ticketId: seed.standardTicket.id }]);
  const email = `reload-${Date.now()}@example.com`;
  const code = await account.requestCode(email);

  await page.reload();
  await expect(account.code).toBeVisible();
  await expect(page.getByText(`We have sent a 6-digit code to ${email}.`)).toBeVisible();
  await expect(account.email).toHaveCount(0);
  await shoot(page, testInfo, 'account after a reload');

  await account.code.fill(code);
  await account.verify.click();
  await expect(account.fullName).toBeVisible();
  // Verified: a reload no longer offers the spent code.
  await page.reload();
  await expect(account.accountHeading).toBeVisible();
  await expect(account.code).toHaveCount(0);
});

test('a quantity box left empty disables Reserve Basket and sends nothing; below the minimum the typed number stays', async ({
  page,
  context,
}) => {
  await addTicket(context, ticket.jazzTable, 3);
  const basket = new BasketPage(page);
  await basket.open();
  await expect(basket.reserveButton).toBeEnabled();

  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('update_ticket_quantity')) updates.push(request.postData() ?? '');
  });

  await basket.quantity(TABLE).fill('');
  await expect(basket.reserveButton).toBeDisabled();
  // Longer than the 2000 ms debounce: still nothing sent, still disabled.
  await page.waitForTimeout(2500);
  expect(updates).toEqual([]);
  await expect(basket.reserveButton).toBeDisabled();

  // Below the minimum: the box keeps the 1 typed, warns, sends nothing; the order summary keeps the 3 still held.
  await basket.quantity(TABLE).fill('1');
  await expect(basket.line(TABLE).getByRole('alert')).toHaveText(
    'You must purchase a minimum of 2 tickets of this type',
  );
  await page.waitForTimeout(2500);
  await expect(basket.quantity(TABLE)).toHaveValue('1');
  expect(updates).toEqual([]);
  await expect(basket.reserveButton).toBeDisabled();
  await expect(basket.orderSummary).toContainText('3 ×');

  // Back to the quantity held: reserving is possible again.
  await basket.setQuantity(TABLE, 3);
  await basket.waitForUpdates();
});

test('on a phone the countdown stays in sight, the basket bar is at the top, and the footer never covers a field', async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = new AccountPage(page, context);
  // Folk by the Sea posts its tickets: a guest reaches the delivery address, a form taller than the screen.
  await account.reserve([{ ticketId: ticket.folkStalls }]);
  const banner = page.getByRole('banner');
  const timer = banner.getByRole('timer');
  await expect(timer).toContainText('Tickets reserved for');
  // The expandable basket is above the step, as DICE and Eventbrite have it, not under everything.
  const basketBar = page.getByRole('button', { name: /in your basket/ });
  const heading = page.getByRole('heading', { level: 1 }).first();
  const [bar, step] = await Promise.all([basketBar.boundingBox(), heading.boundingBox()]);
  expect(bar && step && bar.y < step.y, 'the basket bar above the step').toBe(true);

  await account.signInAsGuest(`footer-${Date.now()}@example.com`, 'Pat Post');
  await account.keepPreferences();
  await expect(account.deliveryHeading).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect(timer).toBeInViewport();

  // Each field, reached as a phone's keyboard or Tab would reach it, is in sight: above the footer (which steps aside
  // while the buyer types) and below the sticky header.
  const footer = page.locator('.mobile-footer');
  const checked: string[] = [];
  for (const name of ['First name', 'Last name', 'Address line 1', 'Town/City', 'Postcode']) {
    const field = account.field(name);
    if ((await field.count()) === 0) continue;
    await field.focus();
    await expect(footer).toHaveCount(0);
    const [box, header] = await Promise.all([field.boundingBox(), banner.boundingBox()]);
    expect(box && header && box.y >= header.y + header.height - 1, `${name} below the header`).toBe(true);
    expect(box && box.y + box.height <= 812, `${name} on the screen`).toBe(true);
    checked.push(name);
  }
  expect(checked).toEqual(['First name', 'Last name', 'Address line 1', 'Town/City', 'Postcode']);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.screenshot({ path: testInfo.outputPath('delivery-375.png') });
  await shoot(page, testInfo, 'delivery address, scrolled');
});

test("one name for the marketplace: the events pages' header, the checkout's, and the emails' header, footer and subject", async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/all-events/');
  const site = page.getByRole('navigation', { name: 'Site' });
  await expect(site.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('href', '/all-events/');
  await addTicket(context, seed.standardTicket.id, 1);
  await new BasketPage(page).open();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Events', exact: true })).toBeVisible();

  // The one-time code email: its subject and both parts say the same name, never 'Checkout'.
  const email = 'branding@example.com';
  await new AccountPage(page, context).signInBeforeCheckout(email);
  const outbox = await context.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code`);
  const [mail] = ((await outbox.json()) as { messages: { id: number; subject: string; text: string }[] }).messages;
  expect(mail?.subject).toBe('[TEST MODE] Your one-time code for Events');
  expect(mail?.text.trimEnd().endsWith('Sent by Events')).toBe(true);
  await page.goto(`/dev/outbox/${mail?.id}/html`);
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByText('Events', { exact: true })).toBeVisible();
    await expect(page.getByText('Sent by Events', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`one-time-code-email-${width}.png`), fullPage: true });
  }
  await expect(page.locator('body')).not.toContainText('Checkout');
});
