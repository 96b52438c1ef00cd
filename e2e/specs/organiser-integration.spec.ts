import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type APIRequestContext, type TestInfo, type Page } from '@playwright/test';
import { PaymentPage } from '../pages/payment';
import { seed } from '../support/seed';

/**
 * An integrator's day, end to end, with docs/organiser-api.md's example catalogue: a key, a webhook endpoint, the
 * catalogue imported through the API, a ticket of it bought through the checkout with the sandbox card, order.paid
 * received and its signature checked, the ticket admitted at /door/ (typed) and refused the second time, the order
 * refunded through the API, the code refused at the door as refunded, the buyer's refund emailed and order.refunded
 * received.
 */

interface Delivery {
  signature: string;
  body: string;
  event: { id: string; type: string; data: Record<string, unknown> };
}

/** A webhook receiver on 127.0.0.1 that keeps every delivery and answers 200. */
async function listen(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      deliveries.push({
        signature: String(request.headers['checkout-signature'] ?? ''),
        body,
        event: JSON.parse(body) as Delivery['event'],
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, deliveries, server };
}

/** api/README.md's verification: HMAC-SHA256 over "<t>.<body>" with the endpoint's secret, within five minutes. */
function verified(delivery: Delivery, secret: string): boolean {
  const parts = new Map(delivery.signature.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return Math.abs(Date.now() / 1000 - t) < 300 && given.length === expected.length && timingSafeEqual(given, expected);
}

async function deliveryOf(deliveries: Delivery[], type: string, reference: string): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      () => {
        found = deliveries.find((d) => d.event.type === type && JSON.stringify(d.event.data).includes(reference));
        return found !== undefined;
      },
      { timeout: 20_000, message: `${type} for ${reference}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${type}`);
  return found;
}

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [size, width, height] of [
    ['phone', 375, 812],
    ['desktop', 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name} (${size})`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

function api(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (url: string) => request.get(`/api/v1${url}`, { headers }),
    post: (url: string, data: unknown, extra: Record<string, string> = {}) =>
      request.post(`/api/v1${url}`, { headers: { ...headers, ...extra }, data }),
  };
}

test('import a catalogue, sell its ticket, get order.paid, admit at the door once, refund, refused at the door', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const receiver = await listen();
  try {
    // The organiser's key (the development stack's equivalent of `npm run organiser -- create-key`).
    const made = await page.request.post('/dev/organiser-keys', {
      form: { organiser: String(seed.ids.organiser.demo) },
    });
    expect(made.status()).toBe(201);
    const organiser = api(page.request, ((await made.json()) as { key: string }).key);

    const endpoint = await organiser.post('/webhooks', {
      url: receiver.url,
      events: ['order.paid', 'ticket.checked_in', 'order.refunded'],
    });
    expect(endpoint.status()).toBe(201);
    const { secret } = (await endpoint.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);

    const file = readFileSync(
      path.join(__dirname, '..', '..', 'docs', 'organiser-api', 'example-catalogue.json'),
      'utf8',
    );
    const imported = await organiser.post('/catalogue/import', JSON.parse(file) as unknown);
    expect(imported.status()).toBe(200);
    const result = (await imported.json()) as {
      organiser: { events: { external_id: string; id: number; ticket_types: Record<string, number> }[] };
    };
    const ceilidh = result.organiser.events.find((event) => event.external_id === 'spring-ceilidh');
    const adult = ceilidh?.ticket_types['spring-ceilidh-adult'];
    if (!ceilidh || adult === undefined) throw new Error('the import did not return the ceilidh');
    const again = await organiser.post('/catalogue/import', JSON.parse(file) as unknown);
    expect(((await again.json()) as { counts: { events: { created: number } } }).counts.events.created).toBe(0);

    // A buyer pays for one Adult ticket with the sandbox card.
    const pay = new PaymentPage(page, context);
    const email = await pay.reachPayment([{ ticketId: adult }], 'integration');
    await expect(page.getByText('Spring Ceilidh').first()).toBeVisible();
    await pay.fillCard('4242 4242 4242 4242');
    await pay.payButton.click();
    await pay.expectDelivered();
    const reference = String((await pay.account.serverCheckout()).sale_reference);

    // order.paid arrives signed, with the ticket's code.
    const paid = await deliveryOf(receiver.deliveries, 'order.paid', reference);
    expect(verified(paid, secret)).toBe(true);
    expect(verified({ ...paid, body: paid.body.replace(reference, 'TAMPERED') }, secret)).toBe(false);
    const codes = (paid.event.data.tickets as { code: string }[]).map((ticket) => ticket.code);
    expect(codes).toHaveLength(1);
    const code = codes[0] ?? '';
    const listed = await organiser.get(`/orders?reference=${reference}`);
    const orders = (await listed.json()) as { data: { tickets: { code: string }[]; buyer: { email: string } }[] };
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0]?.tickets.map((ticket) => ticket.code)).toEqual([code]);
    expect(orders.data[0]?.buyer.email).toBe(email);

    // The door, on a phone.
    const token = await organiser.post('/door-tokens', { name: 'Main door', event_id: ceilidh.id });
    expect(token.status()).toBe(201);
    const { door_url: doorUrl } = (await token.json()) as { door_url: string };
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    try {
      const door = await phone.newPage();
      await door.goto(doorUrl);
      await expect(door.getByText('Door: Main door · Spring Ceilidh')).toBeVisible();
      const field = door.getByRole('textbox', { name: 'Ticket code' });
      const result = door.getByRole('status').filter({ hasText: /Admitted|Refused/ });
      await field.fill(code);
      await door.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toContainText('Admitted');
      await expect(result).toContainText('Adult');
      await field.fill(code);
      await door.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toContainText('Refused');
      await expect(result).toContainText(/Already admitted at \d\d:\d\d on .* \(Main door\)\./);
      const admitted = await deliveryOf(receiver.deliveries, 'ticket.checked_in', reference);
      expect(verified(admitted, secret)).toBe(true);
      expect(admitted.event.data).toMatchObject({ code, order_reference: reference });

      // The organiser refunds the order: the buyer hears of it and the code no longer admits.
      const refund = await organiser.post(
        `/orders/${reference}/refunds`,
        { reason: 'The band cancelled.' },
        { 'idempotency-key': `refund-${reference}` },
      );
      expect(refund.status()).toBe(201);
      const refundAnswer = (await refund.json()) as { refund: { tickets: string[]; amount_minor: number } };
      expect(refundAnswer.refund.tickets).toEqual([code]);
      expect(refundAnswer.refund.amount_minor).toBeGreaterThanOrEqual(1800 + 150);
      await expect
        .poll(async () => {
          const order = (await (await organiser.get(`/orders/${reference}`)).json()) as {
            status: string;
            refunds: { status: string }[];
          };
          return `${order.status} ${order.refunds.map((r) => r.status).join(',')}`;
        })
        .toBe('refunded completed');
      const refunded = await deliveryOf(receiver.deliveries, 'order.refunded', reference);
      expect(verified(refunded, secret)).toBe(true);
      const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=refund`);
      const mails = ((await outbox.json()) as { messages: { subject: string; text: string }[] }).messages;
      // The e2e stack takes test money (PAYMENTS_SANDBOX=1), so its emails say so first.
      expect(mails.map((mail) => mail.subject)).toEqual([`[TEST MODE] Your refund for order ${reference}`]);
      expect(mails[0]?.text).toContain('The band cancelled.');

      await field.fill(code);
      await door.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toContainText('Refused');
      await expect(result).toContainText('This ticket was refunded: do not admit.');
      await screenshots(door, testInfo, 'door-refunded');
    } finally {
      await phone.close();
    }
  } finally {
    receiver.server.close();
  }
});
