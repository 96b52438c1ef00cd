import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AccountPage, guestEmail } from './account';
import { PaymentPage } from './payment';
import { seed } from '../support/seed';

/**
 * The waiver step, the organiser messages step and the waiver page a party member opens, found by role and by
 * the words on screen.
 */
export class WaiverFlow {
  readonly pay: PaymentPage;

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {
    this.pay = new PaymentPage(page, context);
  }

  /**
   * Buys Kayak taster tickets (event 9: a charity organiser, a before-payment question, a waiver and an after-sale
   * message): no donation, a new guest, the question answered, a sandbox card; ends on the step after delivery.
   */
  async buyKayak(
    label: string,
    options: { quantity?: number; onDonation?: () => Promise<void>; onQuestions?: () => Promise<void> } = {},
  ): Promise<string> {
    const { page, pay } = this;
    await pay.account.reserve([{ ticketId: seed.ids.ticket.kayakTaster, quantity: options.quantity ?? 2 }]);
    await expect(page.getByRole('heading', { level: 1, name: 'Would you like to add a donation?' })).toBeVisible();
    await options.onDonation?.();
    await page.getByRole('button', { name: 'Skip donation' }).click();
    const email = guestEmail(label);
    await pay.account.signInAsGuest(email, 'Pat Paddler');
    await pay.account.keepPreferences();
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket Questions' })).toBeVisible({ timeout: 15_000 });
    await options.onQuestions?.();
    await this.answerQuestions();
    if ((await pay.cardButton.getAttribute('aria-pressed')) !== 'true') await pay.cardButton.click();
    await pay.fillCard('4242 4242 4242 4242');
    await pay.contactNumber.fill('07700 900123');
    await pay.payButton.click();
    await pay.expectDelivered();
    return email;
  }

  /**
   * Ticket Questions before payment, one step of the stepped form at a time: tick the 'swim 50 metres' box of the step
   * shown, Continue, and wait for the next step (or the payment step after the last).
   */
  private async answerQuestions(): Promise<void> {
    const { page, pay } = this;
    const form = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 1, name: 'Ticket Questions' }) });
    const stepTitle = form.getByRole('heading', { level: 2 });
    for (let round = 0; round < 6; round += 1) {
      await expect(pay.heading.or(stepTitle)).toBeVisible({ timeout: 15_000 });
      if (await pay.heading.isVisible()) return;
      const title = (await stepTitle.textContent()) ?? '';
      const box = form.getByRole('checkbox', { name: /swim 50 metres/ });
      if ((await box.count()) > 0) await box.check();
      await form.getByRole('button', { name: 'Continue' }).click();
      await expect(pay.heading.or(stepTitle.filter({ hasNotText: title }))).toBeVisible({ timeout: 15_000 });
    }
    await expect(pay.heading).toBeVisible();
  }

  // ---- The waiver step ---------------------------------------------------------------------------------------------

  get waiverHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Activity Terms and Conditions' });
  }

  get linkBox(): Locator {
    return this.page.getByRole('textbox', { name: 'Waiver link' });
  }

  get copyLink(): Locator {
    return this.page.getByRole('button', { name: 'Copy link' });
  }

  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  // ---- The organiser messages step ---------------------------------------------------------------------------------

  get messagesHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: /^Organiser messages?$/ });
  }
}

/** One member of the booking party with the link on their own device (a browser context of their own). */
export class WaiverSigner {
  private constructor(
    readonly page: Page,
    private readonly own: BrowserContext,
  ) {}

  static async open(browser: Browser, link: string): Promise<WaiverSigner> {
    const own = await browser.newContext();
    const page = await own.newPage();
    await page.goto(link);
    return new WaiverSigner(page, own);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Activity Terms and Conditions' });
  }

  get name(): Locator {
    return this.page.getByRole('textbox', { name: 'Your full name' });
  }

  get agree(): Locator {
    return this.page.getByRole('checkbox', { name: 'I have read and agree to these terms' });
  }

  get signButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign' });
  }

  /** The names under 'Signed by', in order. */
  get signers(): Locator {
    return this.page.locator('[data-signatures] .waiver__signer');
  }

  async sign(name: string, agree = true): Promise<void> {
    await this.name.fill(name);
    await this.agree.setChecked(agree);
    await this.signButton.click();
  }

  /** Serious and critical axe violations on the waiver page as it is now. */
  seriousViolations(): Promise<string[]> {
    return new AccountPage(this.page, this.own).seriousViolations();
  }

  close(): Promise<void> {
    return this.own.close();
  }
}
