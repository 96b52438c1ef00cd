import { expect, test, type APIRequestContext } from '@playwright/test';
import * as messages from '@checkout/shared/messages/queue';
import { addTicket } from '../support/basket';
import { seed } from '../support/seed';
import { screenshots } from '../support/screenshots';

/**
 * On-sale day for one buyer: the organiser puts a ticket type behind a waiting room opening a few seconds ahead
 * (organiser API), the buyer adds that ticket and goes to the checkout, is sent to the queue page, waits there for
 * the opening and the turn, continues to the checkout with the pass and reserves.
 */

function organiserApi(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    post: (url: string, data: unknown) => request.post(`/api/v1${url}`, { headers, data }),
    patch: (url: string, data: unknown) => request.patch(`/api/v1${url}`, { headers, data }),
  };
}

/** The demo organiser's API, and the id of one of the catalogue's ticket types (imported once, then found again). */
async function organiserWithTicket(request: APIRequestContext, externalId: string) {
  const made = await request.post('/dev/organiser-keys', { form: { organiser: String(seed.ids.organiser.demo) } });
  expect(made.status()).toBe(201);
  const organiser = organiserApi(request, ((await made.json()) as { key: string }).key);
  const imported = await organiser.post('/catalogue/import', CATALOGUE);
  expect(imported.status()).toBe(200);
  const result = (await imported.json()) as {
    organiser: { events: { external_id: string; ticket_types: Record<string, number> }[] };
  };
  const ticketId = result.organiser.events.find((event) => event.external_id === 'e2e-onsale-day')?.ticket_types[
    externalId
  ];
  if (ticketId === undefined) throw new Error('the import did not return the ticket type');
  return { organiser, ticketId };
}

/** A ticket type of its own (a fresh event through the catalogue import), so no other spec meets its gate. */
const CATALOGUE = {
  events: [
    {
      external_id: 'e2e-onsale-day',
      slug: 'e2e-onsale-day',
      title: 'On-sale Day Concert',
      description: 'A concert whose tickets go on sale through a queue.',
      venue: { location: 'Town Hall', full_address: 'Town Hall, High Street', map_address: 'Town Hall' },
      dates: [
        {
          external_id: 'e2e-onsale-day-night',
          starts_at: { days_from_now: 30, at: '19:30' },
          ends_at: { days_from_now: 30, at: '22:30' },
        },
      ],
      ticket_types: [
        {
          external_id: 'e2e-onsale-day-standing',
          date: 'e2e-onsale-day-night',
          name: 'Standing',
          price_minor: 3000,
          currency: 'GBP',
          booking_fee_minor: 200,
          capacity: 50,
          max_per_customer: 4,
        },
        {
          external_id: 'e2e-onsale-day-seated',
          date: 'e2e-onsale-day-night',
          name: 'Seated',
          price_minor: 4500,
          currency: 'GBP',
          booking_fee_minor: 300,
          capacity: 50,
          max_per_customer: 4,
        },
      ],
    },
  ],
};

test('a buyer of a gated ticket queues from before the opening, is admitted and reserves', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { organiser, ticketId } = await organiserWithTicket(page.request, 'e2e-onsale-day-standing');
  const opensAt = new Date(Date.now() + 8000);
  const onsale = await organiser.post('/onsales', {
    ticket_type_ids: [ticketId],
    opens_at: opensAt.toISOString(),
    admission_per_second: 5,
  });
  expect(onsale.status()).toBe(201);
  const { id } = (await onsale.json()) as { id: number };

  // The buyer adds the gated ticket; the checkout sends them to the queue.
  await page.goto('/all-events/');
  await addTicket(page.context(), ticketId, 2);
  await page.goto('/checkout/');
  await expect(page).toHaveURL(new RegExp(`/queue/${id}/$`));

  // Before the opening: a random place among the early arrivals, at the opening.
  await expect(page.getByRole('heading', { level: 1, name: messages.queueHeading })).toBeVisible();
  await expect(
    page.getByText(/^Sales open at .+\. Everyone here before then gets a random place in the queue\.$/),
  ).toBeVisible();
  await screenshots(page, testInfo, 'queue-before-opening');

  // The opening, then the turn: the live stream brings it, the page says so and offers the checkout.
  await expect(page.getByRole('heading', { level: 1, name: messages.queueAdmittedHeading })).toBeVisible({
    timeout: 30_000,
  });
  const live = page.getByRole('status').filter({ hasText: messages.queueAdmittedHeading });
  await expect(live).toContainText(messages.queueAdmitted);
  const proceed = page.getByRole('link', { name: messages.continueToCheckout });
  await expect(proceed).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'checkout_pass')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
  });
  await screenshots(page, testInfo, 'queue-admitted');

  // The page returns to the checkout by itself; the pass lets the reservation through.
  await expect(page).toHaveURL(/\/checkout\/$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Basket' })).toBeVisible();
  await page.getByRole('button', { name: 'Reserve Basket' }).click();
  await expect(page.getByText('Tickets reserved for')).toBeVisible();
});

test('a buyer behind another sees the place, the people ahead and the wait, and is let in when the rate goes up', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { organiser, ticketId } = await organiserWithTicket(page.request, 'e2e-onsale-day-seated');
  // One place every 100 seconds: the second buyer waits.
  const onsale = await organiser.post('/onsales', {
    ticket_type_ids: [ticketId],
    opens_at: new Date(Date.now() + 3000).toISOString(),
    admission_per_second: 0.01,
  });
  expect(onsale.status()).toBe(201);
  const { id } = (await onsale.json()) as { id: number };

  // Someone else was there first: the only early arrival, admitted at the opening.
  const other = await browser.newContext();
  try {
    const first = await other.newPage();
    await first.goto('/all-events/');
    await addTicket(other, ticketId, 1);
    await first.goto('/checkout/');
    await expect(first.getByRole('heading', { level: 1, name: messages.queueAdmittedHeading })).toBeVisible({
      timeout: 20_000,
    });

    await page.goto('/all-events/');
    await addTicket(page.context(), ticketId, 1);
    await page.goto('/checkout/');
    await expect(page).toHaveURL(new RegExp(`/queue/${id}/$`));
    await expect(page.getByRole('heading', { level: 1, name: messages.queueHeading })).toBeVisible();
    const figures = page.locator('#queue-figures');
    await expect(figures.getByRole('term').filter({ hasText: messages.queuePositionLabel })).toBeVisible();
    await expect(page.locator('#queue-position')).toHaveText('2');
    await expect(page.locator('#queue-ahead')).toHaveText('0');
    await expect(page.locator('#queue-wait')).toHaveText(/^about [12] minutes?$|^less than a minute$/);
    await expect(page.getByRole('progressbar', { name: messages.queueProgressLabel })).toBeVisible();
    await screenshots(page, testInfo, 'queue-waiting');

    // The organiser lets people in faster: the open page sees the new rate and the turn comes.
    const faster = await organiser.patch(`/onsales/${id}`, { admission_per_second: 10 });
    expect(faster.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: messages.queueAdmittedHeading })).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await other.close();
  }
});

test('the queue page of an unknown on-sale says so', async ({ page }) => {
  const response = await page.goto('/queue/999999/');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(messages.queueNotFound)).toBeVisible();
});
