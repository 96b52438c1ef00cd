import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { addTicket, apiPost } from '../support/basket';

/** One message of GET /dev/outbox.json (api/src/pages/dev-outbox.ts), newest first. */
interface OutboxMessage {
  id: number;
  to: string;
  text: string;
  kind: string;
}

/**
 * The account remote's steps as a buyer sees them (account, marketing preferences, donation,
 * Gift Aid, delivery address), found by role and by the words on screen. One-time codes are read from the outbox,
 * where the server keeps every email when no SMTP server is configured.
 */
export class AccountPage {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {}

  // ---- Getting there ----------------------------------------------------------------------------------------------

  /** Puts the tickets (or a gift voucher) in the basket, opens the checkout and reserves. */
  async reserve(
    lines: readonly ({ ticketId: number; quantity?: number } | { giftVoucherId: number; value: number })[],
  ): Promise<void> {
    for (const line of lines) {
      if ('ticketId' in line) await addTicket(this.context, line.ticketId, line.quantity ?? 1);
      else
        await apiPost(this.context, this.context.request, '/ajax/checkout/checkout/add_to_basket/', {
          gift_voucher_id: line.giftVoucherId,
          qty: 1,
          value: line.value,
        });
    }
    await this.page.goto('/checkout/');
    const reserve = this.page.getByRole('button', { name: 'Reserve Basket' });
    await expect(reserve).toBeEnabled();
    await reserve.click();
    // Many reservations from one address within minutes ask for the (sandbox) captcha first: pass it.
    const human = this.page.getByRole('checkbox', { name: 'I am human' });
    const arrived = this.page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^(Basket|Checkout)$/ });
    await expect(human.or(arrived)).toBeVisible({ timeout: 15_000 });
    if (await human.isVisible()) {
      // The sandbox ticks the box itself once it has verified the click.
      await human.click();
      await expect(human).toBeChecked();
      await this.page.getByRole('button', { name: 'Continue' }).click();
      await expect(arrived).toBeVisible({ timeout: 15_000 });
    }
  }

  /** Signs in outside the checkout (the /signin/ page's calls), so the account step finds a signed-in user. */
  async signInBeforeCheckout(email: string): Promise<void> {
    const since = await this.latestCodeId(email);
    await apiPost(this.context, this.context.request, '/ajax/user/user/send_one_time_code/', { email });
    const code = await this.codeFor(email, since);
    await apiPost(this.context, this.context.request, '/signin/verify', { email, code });
  }

  // ---- Reading one-time codes from the outbox ---------------------------------------------------------------------

  private async codeMessages(email: string): Promise<OutboxMessage[]> {
    const response = await this.context.request.get(
      `/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code&limit=5`,
    );
    expect(response.ok(), 'GET /dev/outbox.json').toBe(true);
    const body = (await response.json()) as { messages?: OutboxMessage[] };
    return body.messages ?? [];
  }

  /** The id of the newest code sent to `email` so far (0 for none): a later code is the one to use. */
  async latestCodeId(email: string): Promise<number> {
    return (await this.codeMessages(email))[0]?.id ?? 0;
  }

  /** The six digits of the first code sent to `email` after message `since`. */
  async codeFor(email: string, since: number): Promise<string> {
    let code = '';
    await expect
      .poll(
        async () => {
          const message = (await this.codeMessages(email)).find((m) => m.id > since);
          code = message?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
          return code;
        },
        { message: `a one-time code for ${email} in the outbox` },
      )
      .toMatch(/^\d{6}$/);
    return code;
  }

  // ---- Account step ------------------------------------------------------------------------------------------------

  get accountHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Account' });
  }

  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email address' });
  }

  get sendCode(): Locator {
    return this.page.getByRole('button', { name: 'Send code' });
  }

  get code(): Locator {
    return this.page.getByRole('textbox', { name: 'Code' });
  }

  get verify(): Locator {
    return this.page.getByRole('button', { name: 'Verify' });
  }

  get fullName(): Locator {
    return this.page.getByRole('textbox', { name: 'Full name' });
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  get notYou(): Locator {
    return this.page.getByRole('button', { name: 'Not you? Sign out' });
  }

  get changeEmail(): Locator {
    return this.page.getByRole('button', { name: 'Check or change email address, or re-send code' });
  }

  /** Types the email, sends the code and returns it (read from the outbox). */
  async requestCode(email: string): Promise<string> {
    await expect(this.email).toBeVisible();
    const since = await this.latestCodeId(email);
    await this.email.fill(email);
    await this.sendCode.click();
    await expect(this.code).toBeVisible();
    return this.codeFor(email, since);
  }

  /** A guest: email, code, full name; the step then moves on. */
  async signInAsGuest(email: string, fullName: string): Promise<void> {
    const code = await this.requestCode(email);
    await this.code.fill(code);
    await this.verify.click();
    await this.fullName.fill(fullName);
    await this.continueButton.click();
  }

  // ---- Later steps -------------------------------------------------------------------------------------------------

  get keepUpdatedHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Keep updated' });
  }

  get giftAidHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Gift Aid' });
  }

  get deliveryHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Delivery Address' });
  }

  /** Through Keep updated as it is, to whatever comes next. */
  async keepPreferences(): Promise<void> {
    await expect(this.keepUpdatedHeading).toBeVisible();
    await this.continueButton.click();
  }

  field(name: string): Locator {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  select(name: string): Locator {
    return this.page.getByRole('combobox', { name, exact: true });
  }

  // ---- What the server now holds -----------------------------------------------------------------------------------

  async serverCheckout(): Promise<Record<string, unknown>> {
    const response = await this.context.request.get('/ajax/checkout/checkout/get/');
    expect(response.ok()).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  }

  async serverUser(): Promise<Record<string, unknown> | null> {
    const response = await this.context.request.get('/ajax/user/user/get_user/');
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { user: Record<string, unknown> | null }).user;
  }

  // ---- Accessibility -----------------------------------------------------------------------------------------------

  /** Serious and critical axe violations on the page as it is now, one line each (empty when there are none). */
  async seriousViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** Presses Tab until `target` has focus: the keyboard is the only way there. */
  async tabTo(target: Locator, limit = 80): Promise<void> {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }
}

/** A fresh guest address per test: codes are rate-limited per address. */
export function guestEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}
