import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { fillSquareCard, PaymentPage } from './payment';
import { seed } from '../support/seed';

/** One message of GET /dev/outbox.json, newest first. */
interface OutboxMessage {
  id: number;
  to: string;
  text: string;
  kind: string;
}

/**
 * The order-completed step: the overview and its tiles, the feedback and share
 * modals, the transfer and find-a-place views, found by role and by the words on screen; and the wallet page.
 */
export class OrderCompletedPage {
  readonly pay: PaymentPage;

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {
    this.pay = new PaymentPage(page, context);
  }

  /**
   * Buys Aurora Sessions tickets (event 3, Lumen Live: square-type GBP; a livestream, a full venue address, no
   * questions, waiver or organiser message), so delivery goes straight to order_completed. Returns the buyer's email.
   */
  async buyAurora(label: string, quantity = 3): Promise<string> {
    const { page, pay } = this;
    const email = await pay.reachPayment([{ ticketId: seed.ids.ticket.livestreamStanding, quantity }], label);
    if ((await pay.cardButton.getAttribute('aria-pressed')) !== 'true') await pay.cardButton.click();
    await pay.field('Billing postcode').fill('BS1 4QA');
    await fillSquareCard(page, '4242 4242 4242 4242');
    await pay.payButton.click();
    await pay.expectDelivered();
    await expect(this.overviewHeading).toBeVisible({ timeout: 15_000 });
    return email;
  }

  get overviewHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Order complete! Your tickets are on their way.' });
  }

  get tiles(): Locator {
    return this.page.getByRole('list', { name: 'What next' });
  }

  tile(name: string | RegExp): Locator {
    return this.tiles.getByRole('button', { name });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** A toast in the shell's notification area (never dismissed on the checkout page). */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  get backLink(): Locator {
    return this.page.getByRole('link', { name: 'Back' });
  }

  /** What of the step reaches past the right edge of the screen (a layout check: nothing should). */
  async widerThanScreen(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.order-completed, .order-completed *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').trim().slice(0, 40)}`),
    );
  }

  // ---- Transfer view ------------------------------------------------------------------------------------------------

  accordion(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  recipient(panel: Locator, n: number): Locator {
    return panel.getByRole('group', { name: `Recipient ${n}`, exact: true });
  }

  get sendTickets(): Locator {
    return this.page.getByRole('button', { name: 'Send tickets' });
  }

  // ---- The outbox -------------------------------------------------------------------------------------------------

  async mails(to: string, kind: string): Promise<OutboxMessage[]> {
    const response = await this.context.request.get(
      `/dev/outbox.json?to=${encodeURIComponent(to)}&kind=${kind}&limit=10`,
    );
    expect(response.ok(), 'GET /dev/outbox.json').toBe(true);
    return ((await response.json()) as { messages?: OutboxMessage[] }).messages ?? [];
  }
}

/** Tomorrow as the transfer form takes it: dd/MM/yyyy, in the browser's own calendar. */
export function tomorrowDdMmYyyy(now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}
