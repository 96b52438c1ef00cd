import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AccountPage, guestEmail } from './account';

type Line = { ticketId: number; quantity?: number };

/**
 * The square-type sandbox widget draws its own labelled card fields inside Secure Payment (number, expiry, security
 * code; the billing postcode is the form's own field, outside the widget).
 */
export async function fillSquareCard(page: Page, number: string): Promise<void> {
  const secure = page.getByRole('group', { name: 'Secure Payment' });
  await secure.getByLabel('Card number').fill(number);
  await secure.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await secure.getByLabel('Security code (CVC)').fill('123');
}

/**
 * The payment remote's steps as a buyer sees them (payment, the instalment panel, the wait for the bank
 * transfer's result, delivery), found by role and by the words on screen. Getting there reuses the account steps.
 */
export class PaymentPage {
  readonly account: AccountPage;

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {
    this.account = new AccountPage(page, context);
  }

  /** Reserve the lines, sign in as a new guest (code from the outbox) and walk the account steps to payment. */
  async reachPayment(lines: readonly Line[], label = 'payer'): Promise<string> {
    const email = guestEmail(label);
    await this.account.reserve(lines);
    await this.account.signInAsGuest(email, 'Pat Payer');
    await this.account.keepPreferences();
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    return email;
  }

  /** Reserve as an account that already exists (signed in before the checkout). */
  async reachPaymentSignedIn(lines: readonly Line[], email: string): Promise<void> {
    await this.account.signInBeforeCheckout(email);
    await this.account.reserve(lines);
    await this.account.continueButton.click();
    await this.account.keepPreferences();
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
  }

  get heading(): Locator {
    return this.page.getByRole('heading', {
      level: 1,
      name: /^(Payment|Complete purchase|Claiming free tickets|Confirming Payment)$/,
    });
  }

  get methods(): Locator {
    return this.page.getByRole('group', { name: 'Choose your payment method' });
  }

  get bankButton(): Locator {
    return this.methods.getByRole('button', { name: 'Instant Bank Transfer' });
  }

  get cardButton(): Locator {
    return this.methods.getByRole('button', { name: 'Credit or Debit Card' });
  }

  get instalmentsButton(): Locator {
    return this.methods.getByRole('button', { name: 'Pay in instalments: Set up a payment plan' });
  }

  get payButton(): Locator {
    return this.page.getByRole('button', { name: /^Pay / }).first();
  }

  field(name: string): Locator {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  /** The sandbox card form (no Stripe key configured). */
  async fillCard(number: string): Promise<void> {
    await this.field('Billing postcode').fill('BS1 4QA');
    await this.field('Card number').fill(number);
    await this.typeExpiry('Expiry date (MM/YY)');
    await this.field('Security code (CVC)').fill('123');
  }

  /** The expiry typed as on a phone's number keypad, digits only: the form puts the slash in. */
  async typeExpiry(label: string): Promise<void> {
    const expiry = this.field(label);
    await expiry.fill('');
    await expiry.pressSequentially('1234');
    await expect(expiry).toHaveValue('12/34');
  }

  get contactNumber(): Locator {
    return this.field('Contact number');
  }

  /** The delivery step ran and the checkout went on: the next state's heading, and tickets in the server's wallet. */
  async expectDelivered(): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: /^(Delivered!|Done!)/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(this.page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Payment$/ })).toBeVisible({
      timeout: 15_000,
    });
    const checkout = await this.account.serverCheckout();
    expect(checkout.payment_complete || checkout.payment_plan_remaining).toBe(true);
    expect(['ticket_questions_after', 'waiver', 'after_sale_messages', 'order_completed']).toContain(checkout.state);
  }

  // ---- The sandbox bank portal and 3-D Secure page ----------------------------------------------------------------

  async bankPortal(choice: 'Approve' | 'Cancel' | 'Fail'): Promise<void> {
    await expect(this.page).toHaveURL(/\/sandbox\/truelayer\/authorize/);
    await this.page.getByRole('button', { name: choice }).click();
    await expect(this.page).toHaveURL(/\/checkout\//);
  }
}
