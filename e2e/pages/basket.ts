import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The basket, captcha and reserve steps as a buyer sees them, found by role and by the spec's own words.
 */
export class BasketPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/checkout/');
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Basket' });
  }

  /** A ticket or gift voucher line, by the name its heading shows. */
  line(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  quantity(name: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  }

  async setQuantity(name: string, quantity: number): Promise<void> {
    await this.quantity(name).fill(String(quantity));
  }

  remove(name: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${name}` });
  }

  get reserveButton(): Locator {
    return this.page.getByRole('button', { name: 'Reserve Basket' });
  }

  /** Changes wait 2000 ms, are sent, and the basket reloads: Reserve Basket is enabled again once all that is done. */
  async waitForUpdates(): Promise<void> {
    await expect(this.reserveButton).toBeEnabled({ timeout: 15_000 });
  }

  get codeToggle(): Locator {
    return this.page.getByRole('button', { name: 'DISCOUNT OR VOUCHER CODE?' });
  }

  get codeBox(): Locator {
    return this.page.getByRole('region', { name: 'DISCOUNT OR VOUCHER CODE?' });
  }

  /**
   * Opens the code box and answers its Code field. The server renders the box closed and a wide screen opens it when
   * the step hydrates, so a state read before hydration can be stale by the time of the click: press the toggle until
   * the field shows, as a buyer would.
   */
  async openCodeBox(): Promise<Locator> {
    const input = this.codeBox.getByRole('textbox', { name: 'Code' });
    await expect(async () => {
      if (!(await input.isVisible())) await this.codeToggle.click();
      await expect(input).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    return input;
  }

  async applyCode(code: string): Promise<void> {
    await (await this.openCodeBox()).fill(code);
    await this.codeBox.getByRole('textbox', { name: 'Code' }).fill(code);
    await this.codeBox.getByRole('button', { name: 'Apply' }).click();
  }

  get refundProtection(): Locator {
    return this.page.getByRole('group', { name: /^Protect your booking for / });
  }

  get refundProtectionYes(): Locator {
    return this.refundProtection.getByRole('radio', { name: /^Yes, protect my booking for / });
  }

  get refundProtectionNo(): Locator {
    return this.refundProtection.getByRole('radio', { name: 'No, I don’t want refund protection' });
  }

  get orderSummary(): Locator {
    return this.page.getByRole('region', { name: 'Order summary' });
  }

  /** The order summary's Total row, as shown (e.g. '$80.00'). */
  async total(): Promise<string> {
    const row = this.orderSummary
      .locator('div')
      .filter({ has: this.page.getByText('Total', { exact: true }) })
      .last();
    return (await row.getByRole('definition').textContent()) ?? '';
  }

  /** The step after a reservation shows the countdown. */
  get countdown(): Locator {
    return this.page.getByText('Tickets reserved for');
  }

  get checkoutHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Checkout' });
  }

  get captchaPrompt(): Locator {
    return this.page.getByText("Please prove you're a human being completing the CAPTCHA challenge.");
  }

  get humanCheckbox(): Locator {
    return this.page.getByRole('checkbox', { name: 'I am human' });
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  get reserving(): Locator {
    return this.page.getByText('PLEASE WAIT Reserving tickets');
  }
}
